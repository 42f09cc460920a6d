/** The stated refusals: each named claim fixes its code and its rule; a check never names either. */
import { expect, test } from '@playwright/test';
import {
  judgeEmptyTokenRefused,
  judgeExternalIdPathRefused,
  judgeForeignReadRefused,
  judgeForeignUpdateRefused,
  judgeNoHeadersRefused,
  judgeUnknownEventRefused,
  judgeUnknownUpdateRefused,
  unknownUuidRefusalOf,
} from './stated-refusals.ts';
import { answer } from './test-support/answers.ts';

const rules = (violations: readonly { rule: string }[]) => violations.map((v) => v.rule);
const refusal = (status: number, errorCode: string) => answer(status, { status, errorCode, title: 'x' });

test('ORACLE: one 404 ERR-4002, four claims: each refusal names its own rule when the answer breaks it', () => {
  const notFound = refusal(404, 'ERR-4002');
  const served = answer(200, { externalId: 'e' });
  const claims = [
    [judgeUnknownEventRefused, 'RETRIEVE-UNKNOWN-404'],
    [judgeUnknownUpdateRefused, 'UPDATE-UNKNOWN-404'],
    [judgeExternalIdPathRefused, 'PATH-ID-IS-UUID'],
    [judgeForeignReadRefused, 'ISOLATION-GET'],
    [judgeForeignUpdateRefused, 'ISOLATION-PUT'],
  ] as const;
  for (const [judge, rule] of claims) {
    expect(judge.code).toBe('ERR-4002');
    expect(judge(notFound).violations).toEqual([]);
    expect(rules(judge(served).violations)).toEqual([rule]);
    expect(judge(served).violations[0]?.message).toBe('expected HTTP 404 ERR-4002, got HTTP 200');
  }
  expect(unknownUuidRefusalOf('GET')).toBe(judgeUnknownEventRefused);
  expect(unknownUuidRefusalOf('PUT')).toBe(judgeUnknownUpdateRefused);
});

test('ORACLE: where the spec leaves open which of two refusals applies, the one the answer claims is judged', () => {
  expect(judgeEmptyTokenRefused(refusal(401, 'ERR-1001')).violations).toEqual([]);
  expect(judgeEmptyTokenRefused(refusal(401, 'ERR-1002')).violations).toEqual([]);
  expect(rules(judgeEmptyTokenRefused(refusal(400, 'ERR-1002')).violations)).toEqual(['AUTH-TOKEN-INVALID']);
  expect(rules(judgeEmptyTokenRefused(answer(200, {})).violations)).toEqual(['AUTH-TOKEN-MISSING']);
  expect(judgeNoHeadersRefused(refusal(400, 'ERR-2001')).violations).toEqual([]);
  expect(judgeNoHeadersRefused(refusal(401, 'ERR-1001')).violations).toEqual([]);
  expect(rules(judgeNoHeadersRefused(refusal(403, 'ERR-1003')).violations)).toEqual(['AUTH-TOKEN-MISSING']);
  expect(judgeNoHeadersRefused(refusal(401, 'ERR-1002')).violations[0]?.message).toBe(
    'expected errorCode ERR-1001, got ERR-1002',
  );
});
