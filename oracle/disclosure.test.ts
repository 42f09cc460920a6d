/** Nothing of another tenant’s event revealed: an answer about it looks like one about an unknown uuid. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { distinguishableViolations, lookupShapeOf, revealedSecretViolations } from './disclosure.ts';
import { answer } from './test-support/answers.ts';
import { rules } from './test-support/rules.ts';

const notFound = (title: string, extra: Record<string, unknown> = {}) =>
  answer(404, { status: 404, errorCode: 'ERR-4002', title, ...extra });

test('ORACLE: an answer about another tenant’s event reveals none of it and looks like an unknown uuid', () => {
  const uuid = crypto.randomUUID();
  expect(revealedSecretViolations('ISOLATION-GET', notFound('Not found'), ['ext-1'], 'm')).toEqual([]);
  expect(
    rules(revealedSecretViolations('ISOLATION-GET', notFound('Event ext-1 is not yours'), ['ext-1'], 'm')),
  ).toEqual(['ISOLATION-GET']);
  // The uuid asked for may be named in the title: it is left out of the shape compared.
  expect(lookupShapeOf(notFound(`No event ${uuid}`))).toBe(
    '404 ERR-4002 "No event {uuid}" {errorCode, status, title}',
  );
  expect(
    distinguishableViolations(
      'ISOLATION-GET',
      notFound(`No event ${uuid}`),
      notFound(`No event ${crypto.randomUUID()}`),
    ),
  ).toEqual([]);
  expect(
    rules(distinguishableViolations('ISOLATION-PUT', notFound('Not yours'), notFound('Not found'))),
  ).toEqual(['ISOLATION-PUT']);
  expect(
    rules(
      distinguishableViolations(
        'ISOLATION-GET',
        notFound('Not found', { owner: 'b' }),
        notFound('Not found'),
      ),
    ),
  ).toEqual(['ISOLATION-GET']);
  // A detail or message of its own tells the event exists; one that only names the uuid asked for does not.
  expect(
    rules(
      distinguishableViolations(
        'ISOLATION-PUT',
        notFound('Not found', { detail: 'The event belongs to another client' }),
        notFound('Not found', { detail: 'The event does not exist' }),
      ),
    ),
  ).toEqual(['ISOLATION-PUT']);
  expect(
    distinguishableViolations(
      'ISOLATION-GET',
      notFound('Not found', {
        detail: `No event ${uuid}`,
        traceId: '00-ab-01',
        timestamp: '2026-11-30T01:00:00Z',
      }),
      notFound('Not found', {
        detail: `No event ${crypto.randomUUID()}`,
        traceId: '00-cd-01',
        timestamp: '2026-11-30T01:00:01Z',
      }),
    ),
  ).toEqual([]);
});

test('ORACLE: a support reference or a timestamp written into a text per request tells nothing; the words around it do', () => {
  const reference = () => crypto.randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase();
  const detailed = (detail: string) => notFound('Not found', { detail });
  // A reference, a trace id, a request number and a time, new in every answer, about the same uuid.
  const perRequest = () =>
    detailed(
      `Not found. Quote reference ${reference()} to support (trace 00-${reference()}-01, request #${Math.floor(Math.random() * 90_000) + 10_000}, at ${new Date(Date.now() + Math.floor(Math.random() * 1e6)).toISOString()}).`,
    );
  expect(distinguishableViolations('ISOLATION-GET', perRequest(), perRequest())).toEqual([]);
  expect(lookupShapeOf(detailed('At 2026-11-30 07:25:12+01:00, ref A1B2'))).toBe(
    '404 ERR-4002 "Not found" detail "At {time}, ref {ref}" {detail, errorCode, status, title}',
  );
  // The same reference beside other words still tells the event apart.
  expect(
    rules(
      distinguishableViolations(
        'ISOLATION-PUT',
        detailed(`The event belongs to another client. Quote reference ${reference()}.`),
        detailed(`The event does not exist. Quote reference ${reference()}.`),
      ),
    ),
  ).toEqual(['ISOLATION-PUT']);
  // Words without a digit are compared whole, however long.
  expect(
    rules(
      distinguishableViolations(
        'ISOLATION-GET',
        detailed('Forbidden resource'),
        detailed('Unknown resource'),
      ),
    ),
  ).toEqual(['ISOLATION-GET']);
});

test('ORACLE: a header of a stored row (ETag, Last-Modified) beside a refusal about another tenant’s uuid tells it exists', () => {
  const withHeaders = (headers: Record<string, string>) => {
    const refusal = notFound('Not found');
    return { ...refusal, headers: { ...refusal.headers, ...headers } };
  };
  const etag = withHeaders({ etag: 'W/"3"' });
  expect(rules(distinguishableViolations('ISOLATION-GET', etag, notFound('Not found')))).toEqual([
    'ISOLATION-GET',
  ]);
  expect(
    rules(
      distinguishableViolations(
        'ISOLATION-GET',
        withHeaders({ 'last-modified': 'x' }),
        notFound('Not found'),
      ),
    ),
  ).toEqual(['ISOLATION-GET']);
  // Every refusal with one (a framework's on all of them) tells nothing; other headers are not compared.
  expect(distinguishableViolations('ISOLATION-GET', etag, withHeaders({ etag: 'W/"0"' }))).toEqual([]);
  expect(
    distinguishableViolations('ISOLATION-GET', withHeaders({ 'x-request-id': 'a1' }), notFound('Not found')),
  ).toEqual([]);
});
