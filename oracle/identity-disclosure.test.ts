/** Uuids of their own, and nothing of another tenant's event revealed: each judgement holds and breaks. */
import { expect, test } from '@playwright/test';
import { judgeTokenPrefix } from './authorization.ts';
import { judgeIndistinguishable, judgeRevealsNothing, lookupShapeOf } from './disclosure.ts';
import { judgeDistinctUuids, judgeUuidNotExternalId } from './identity.ts';
import { answer } from './test-support/answers.ts';
import { judgeRefusedUpdate, judgeSomeUpdateApplied } from './update-outcomes.ts';

const rules = (violations: readonly { rule: string }[]) => violations.map((v) => v.rule);
const notFound = (title: string, extra: Record<string, unknown> = {}) =>
  answer(404, { status: 404, errorCode: 'ERR-4002', title, ...extra });

test('ORACLE: distinct events have distinct uuids, none of them the externalId sent', () => {
  const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
  expect(judgeDistinctUuids('CREATE-RETURNS-UUID', [a, b], 'm')).toEqual([]);
  expect(rules(judgeDistinctUuids('DEDUP-PER-TENANT', [a, b, a], 'm'))).toEqual(['DEDUP-PER-TENANT']);
  expect(judgeUuidNotExternalId(a, b).violations).toEqual([]);
  expect(rules(judgeUuidNotExternalId(a, a).violations)).toEqual(['PATH-ID-IS-UUID']);
});

test('ORACLE: an answer about another tenant’s event reveals none of it and looks like an unknown uuid', () => {
  const uuid = crypto.randomUUID();
  expect(judgeRevealsNothing('ISOLATION-GET', notFound('Not found'), ['ext-1'], 'm')).toEqual([]);
  expect(
    rules(judgeRevealsNothing('ISOLATION-GET', notFound('Event ext-1 is not yours'), ['ext-1'], 'm')),
  ).toEqual(['ISOLATION-GET']);
  // The uuid asked for may be named in the title: it is left out of the shape compared.
  expect(lookupShapeOf(notFound(`No event ${uuid}`))).toBe(
    '404 ERR-4002 "No event {uuid}" {errorCode, status, title}',
  );
  expect(
    judgeIndistinguishable(
      'ISOLATION-GET',
      notFound(`No event ${uuid}`),
      notFound(`No event ${crypto.randomUUID()}`),
    ),
  ).toEqual([]);
  expect(
    rules(judgeIndistinguishable('ISOLATION-PUT', notFound('Not yours'), notFound('Not found'))),
  ).toEqual(['ISOLATION-PUT']);
  expect(
    rules(
      judgeIndistinguishable('ISOLATION-GET', notFound('Not found', { owner: 'b' }), notFound('Not found')),
    ),
  ).toEqual(['ISOLATION-GET']);
});

test('ORACLE: a forbidden PUT is refused; of the kinds of PUT tried, one at least applies', () => {
  expect(judgeRefusedUpdate('DEDUP-EXTERNAL-ID', 'refused', 'm')).toEqual([]);
  expect(rules(judgeRefusedUpdate('DEDUP-EXTERNAL-ID', 'applied', 'm'))).toEqual(['DEDUP-EXTERNAL-ID']);
  expect(rules(judgeRefusedUpdate('DEDUP-EXTERNAL-ID', 'broken', 'm'))).toEqual(['DEDUP-EXTERNAL-ID']);
  expect(judgeSomeUpdateApplied(['amount', 'status'], ['status']).violations).toEqual([]);
  const [none] = judgeSomeUpdateApplied(['amount', 'status'], []).violations;
  expect(none?.rule).toBe('UPDATE-APPLIES');
  expect(none?.message).toContain('every update was refused (amount; status)');
});

test('ORACLE: an accepted token carries its environment’s prefix; the message is the caller’s, never the token', () => {
  expect(judgeTokenPrefix('svc_test_abc', 'sandbox', 'A').violations).toEqual([]);
  const [found] = judgeTokenPrefix('th_test_abc', 'sandbox', 'A').violations;
  expect(found?.rule).toBe('AUTH-TOKEN-PREFIX');
  expect(found?.message).toContain('of prefix th_test_');
  expect(found?.message).not.toContain('abc');
});
