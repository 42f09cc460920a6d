/** The stated refusals: each named claim fixes its code and its rule; a check never names either. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  judgeDuplicateRefused,
  judgeEmptyTenantHeaderRefused,
  judgeEmptyTokenRefused,
  judgeExternalIdPathRefused,
  judgeForeignReadRefused,
  judgeForeignUpdateRefused,
  judgeInvalidTokenRefused,
  judgeMalformedTenantHeaderRefused,
  judgeMissingTenantHeaderRefused,
  judgeMissingTokenRefused,
  judgeNoHeadersRefused,
  judgeNotAuthorizedRefused,
  judgeOtherEnvironmentTokenRefused,
  judgeTokenElsewhereRefused,
  judgeUnknownEventRefused,
  judgeUnknownUpdateRefused,
  unknownUuidRefusalOf,
} from './stated-refusals.ts';
import { answer, refusal, rulesOf as rules } from './test-support/answers.ts';

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
  expect(judgeTokenElsewhereRefused(refusal(401, 'ERR-1001')).violations).toEqual([]);
  expect(judgeTokenElsewhereRefused(refusal(401, 'ERR-1002')).violations).toEqual([]);
  expect(rules(judgeTokenElsewhereRefused(answer(201, { uuid: crypto.randomUUID() })).violations)).toEqual([
    'AUTH-TOKEN-MISSING',
  ]);
  expect(rules(judgeTokenElsewhereRefused(refusal(403, 'ERR-1003')).violations)).toEqual([
    'AUTH-TOKEN-MISSING',
  ]);
  expect(judgeEmptyTenantHeaderRefused(refusal(400, 'ERR-2001')).violations).toEqual([]);
  expect(judgeEmptyTenantHeaderRefused(refusal(400, 'ERR-2002')).violations).toEqual([]);
  expect(rules(judgeEmptyTenantHeaderRefused(answer(201, { uuid: crypto.randomUUID() })).violations)).toEqual(
    ['TENANT-HEADER-MISSING'],
  );
  expect(rules(judgeEmptyTenantHeaderRefused(refusal(403, 'ERR-1003')).violations)).toEqual([
    'TENANT-HEADER-MISSING',
  ]);
  expect(judgeNoHeadersRefused(refusal(400, 'ERR-2001')).violations).toEqual([]);
  expect(judgeNoHeadersRefused(refusal(401, 'ERR-1001')).violations).toEqual([]);
  expect(rules(judgeNoHeadersRefused(refusal(403, 'ERR-1003')).violations)).toEqual(['AUTH-TOKEN-MISSING']);
  expect(judgeNoHeadersRefused(refusal(401, 'ERR-1002')).violations[0]?.message).toBe(
    'expected errorCode ERR-1001, got ERR-1002',
  );
});

test('ORACLE: the refusals of parts 3 and 4 hold on their own status and code and break their own rule on any other', () => {
  const claims = [
    [judgeMissingTokenRefused, 401, 'ERR-1001', 'AUTH-TOKEN-MISSING'],
    [judgeInvalidTokenRefused, 401, 'ERR-1002', 'AUTH-TOKEN-INVALID'],
    [judgeOtherEnvironmentTokenRefused, 401, 'ERR-1002', 'AUTH-TOKEN-OTHER-ENVIRONMENT'],
    [judgeNotAuthorizedRefused, 403, 'ERR-1003', 'AUTH-NOT-AUTHORIZED'],
    [judgeMissingTenantHeaderRefused, 400, 'ERR-2001', 'TENANT-HEADER-MISSING'],
    [judgeMalformedTenantHeaderRefused, 400, 'ERR-2002', 'TENANT-HEADER-NOT-UUID'],
    [judgeDuplicateRefused, 400, 'ERR-4001', 'DEDUP-EXTERNAL-ID'],
  ] as const;
  for (const [judge, status, code, rule] of claims) {
    expect(judge.code).toBe(code);
    expect(judge(refusal(status, code)).violations).toEqual([]);
    expect(rules(judge(answer(201, { uuid: 'u' })).violations)).toEqual([rule]);
    expect(rules(judge(refusal(status, 'ERR-9999')).violations)).toEqual([rule]);
    expect(rules(judge(refusal(status === 400 ? 401 : 400, code)).violations)).toEqual([rule]);
  }
});
