/** Duplicate claims (duplicate-claims.ts): a takeover of an externalId is refused; no false ERR-4001. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  judgeDuplicateCodeStatus,
  judgeExternalIdTakeoverRefused,
  judgeNoCrossTenantDuplicate,
  judgeNoFalseDuplicate,
} from './duplicate-claims.ts';
import { answer } from './test-support/answers.ts';
import { rules } from './test-support/rules.ts';

const duplicate = answer(400, { status: 400, errorCode: 'ERR-4001', title: 'externalId already exists' });
const otherRefusal = answer(400, { status: 400, errorCode: 'ERR-3001', title: 'validation' });

test('ORACLE: a PUT onto the externalId another event of the tenant holds must be refused', () => {
  expect(judgeExternalIdTakeoverRefused('refused').violations).toEqual([]);
  expect(rules(judgeExternalIdTakeoverRefused('applied').violations)).toEqual(['DEDUP-EXTERNAL-ID']);
});

test('ORACLE: ERR-4001 is claimed only for an externalId another event holds, in the tenant and across tenants', () => {
  expect(judgeNoFalseDuplicate(answer(200, {}), 'a rename', 'e-new', ['e-old']).violations).toEqual([]);
  expect(judgeNoFalseDuplicate(otherRefusal, 'a rename', 'e-new', ['e-old']).violations).toEqual([]);
  const falseClaim = judgeNoFalseDuplicate(duplicate, 'a rename', 'e-new', ['e-old']);
  expect(rules(falseClaim.violations)).toEqual(['DEDUP-EXTERNAL-ID']);
  expect(falseClaim.violations[0]?.message).toBe(
    'a rename: "e-new" is none of the externalIds other events hold ("e-old")',
  );
  expect(judgeNoCrossTenantDuplicate(answer(200, {})).violations).toEqual([]);
  expect(judgeNoCrossTenantDuplicate(otherRefusal).violations).toEqual([]);
  expect(rules(judgeNoCrossTenantDuplicate(duplicate).violations)).toEqual(['DEDUP-PER-TENANT']);
});

test('ORACLE: ERR-4001 comes with 400; a conflict of its own code may be 409', () => {
  expect(judgeDuplicateCodeStatus(duplicate).violations).toEqual([]);
  const conflict = answer(409, { status: 409, errorCode: 'ERR-4001', title: 'externalId already exists' });
  expect(rules(judgeDuplicateCodeStatus(conflict).violations)).toEqual(['DEDUP-EXTERNAL-ID']);
  const own = answer(409, { status: 409, errorCode: 'ERR-4009', title: 'Conflict' });
  expect(judgeDuplicateCodeStatus(own).violations).toEqual([]);
  expect(judgeDuplicateCodeStatus(answer(200, {})).violations).toEqual([]);
});
