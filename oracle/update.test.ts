/** A valid PUT: applied or refused cleanly; anything else breaks the rule it checks. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { answer, validationAnswer } from './test-support/answers.ts';
import { rules } from './test-support/rules.ts';
import {
  judgeExternalIdTakeover,
  judgeUnknownUpdateNotApplied,
  judgeUpdate,
  judgeUpdateUnderOtherHeaders,
  judgeUpdateUnderSpelling,
} from './update.ts';

test('ORACLE: a valid PUT is applied or refused cleanly; anything else breaks the rule it checks', () => {
  expect(judgeUpdate(answer(204))).toEqual({ evidence: 'applied', violations: [] });
  expect(judgeUpdate(answer(200, { uuid: 'u' }))).toEqual({ evidence: 'applied', violations: [] });
  expect(rules(judgeUpdate(answer(200, 'ok', 'text/plain')).violations)).toEqual(['UPDATE-APPLIES']);
  const conflict = answer(409, { status: 409, errorCode: 'ERR-9409', title: 'type is immutable' });
  expect(judgeUpdate(conflict)).toEqual({ evidence: 'refused', violations: [] });
  const claimsOldType = validationAnswer([{ field: 'payload.beneficiaryName', errorCode: 'ERR-3010' }]);
  expect(judgeUpdate(claimsOldType).evidence).toBe('refused');
  // A PUT that validates against the stored type misapplies ERR-3010: the PUT's validation is wrong.
  expect(rules(judgeUpdate(claimsOldType).violations)).toEqual(['UPDATE-VALIDATES']);
  const duplicate = answer(400, { status: 400, errorCode: 'ERR-4001', title: 'taken' });
  expect(rules(judgeUpdate(duplicate).violations)).toEqual(['DEDUP-EXTERNAL-ID']);
  expect(judgeExternalIdTakeover(duplicate).violations).toEqual([]);
  for (const status of [404, 401, 500, 302]) {
    const got = judgeUpdate(answer(status, { status, errorCode: 'ERR-9999', title: 'x' }));
    expect(got.evidence, String(status)).toBe('broken');
    expect(rules(got.violations), String(status)).toContain('UPDATE-APPLIES');
  }
});

test('ORACLE: a PUT refused under a spelling of the tenant’s X-Client-Id is a fault when the same PUT under its own spelling applies, else premise not met', () => {
  const fault = judgeUpdateUnderSpelling('in upper case', 'applied');
  expect(fault.violations.map((v) => v.rule)).toEqual(['UPDATE-APPLIES']);
  expect(fault.violations[0]?.message).toContain('X-Client-Id in upper case');
  for (const own of ['refused', 'broken'] as const) {
    const reading = judgeUpdateUnderSpelling('in upper case', own);
    expect(reading.violations).toEqual([]);
    expect(reading.notEstablished?.kind).toBe('premise-not-met');
  }
});

test('ORACLE: a PUT refused under other headers than the usual ones, compared with the same PUT under them: said in the words given', () => {
  const headers = { sent: 'A', usual: 'B', why: 'C', either: 'under D' };
  expect(judgeUpdateUnderOtherHeaders(headers, 'applied').violations[0]?.message).toBe(
    'a PUT with A was refused, and the same PUT with B applied: C',
  );
  expect(judgeUpdateUnderOtherHeaders(headers, 'broken').notEstablished?.reason).toBe(
    'the deployment refused the update this check needs (an amount changed), under D (broken)',
  );
});

test('ORACLE: a PUT of an unknown uuid is refused with a 4xx, never applied nor failed by the server', () => {
  expect(
    judgeUnknownUpdateNotApplied(answer(404, { status: 404, errorCode: 'ERR-4002', title: 'Not found' }))
      .violations,
  ).toEqual([]);
  expect(
    judgeUnknownUpdateNotApplied(validationAnswer([{ field: 'uuid', errorCode: 'ERR-3099' }])).violations,
  ).toEqual([]);
  for (const status of [200, 204, 500])
    expect(rules(judgeUnknownUpdateNotApplied(answer(status, {})).violations)).toEqual([
      'UPDATE-UNKNOWN-404',
    ]);
});
