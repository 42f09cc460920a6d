/** Answers that must serve (served-answers.ts): each holds on its one status and breaks its own rule on another. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  judgeEmptyPayloadAccepted,
  judgeExternalIdFreeForOtherTenant,
  judgeServedAsTenant,
  judgeUnknownUpdateCreatedNothing,
} from './served-answers.ts';
import { answer } from './test-support/answers.ts';
import { rules } from './test-support/rules.ts';

const created = answer(201, { uuid: crypto.randomUUID() });
const duplicate = answer(400, { status: 400, errorCode: 'ERR-4001', title: 'externalId already exists' });

test("ORACLE: an empty payload, a POST after a PUT of an unknown uuid and another tenant's externalId are created", () => {
  const claims = [
    [judgeEmptyPayloadAccepted, 'VAL-PAYLOAD-EMPTY-ACCEPTED'],
    [judgeUnknownUpdateCreatedNothing, 'UPDATE-UNKNOWN-404'],
    [judgeExternalIdFreeForOtherTenant, 'DEDUP-PER-TENANT'],
  ] as const;
  for (const [judge, rule] of claims) {
    expect(judge(created).violations).toEqual([]);
    expect(rules(judge(duplicate).violations)).toEqual([rule]);
  }
  expect(
    judgeExternalIdFreeForOtherTenant(duplicate, { afterUpdate: true }).violations[0]?.message,
  ).toContain('after an update too');
});

test('ORACLE: a client id not a UUID that was not refused was served as the tenant: 201 for a POST, 404 otherwise', () => {
  const notFound = answer(404, { status: 404, errorCode: 'ERR-4002', title: 'Not found' });
  expect(judgeServedAsTenant(created, 'POST', [400]).violations).toEqual([]);
  expect(judgeServedAsTenant(notFound, 'GET', [400]).violations).toEqual([]);
  expect(rules(judgeServedAsTenant(notFound, 'POST', [400]).violations)).toEqual(['TENANT-HEADER-NOT-UUID']);
  const served = judgeServedAsTenant(answer(200, {}), 'PUT', [400, 401]);
  expect(rules(served.violations)).toEqual(['TENANT-HEADER-NOT-UUID']);
  expect(served.violations[0]?.message).toContain('or a refusal (400, 401); got HTTP 200');
});
