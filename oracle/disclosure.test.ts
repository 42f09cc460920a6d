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
