/** Gap answers: anything but a shapeless error or a false claim. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { judgeGapAnswer } from './gap-answer.ts';
import { answer, validationAnswer } from './test-support/answers.ts';
import { rules } from './test-support/rules.ts';

test('ORACLE: a gap answer may be anything but a shapeless error or a false claim', () => {
  expect(judgeGapAnswer(answer(201, { uuid: crypto.randomUUID() })).violations).toEqual([]);
  expect(judgeGapAnswer(answer(500, { status: 500, errorCode: 'ERR-5001', title: 'x' })).violations).toEqual(
    [],
  );
  const ownCode = validationAnswer([{ field: 'amount', errorCode: 'ERR-3005' }]);
  expect(
    judgeGapAnswer(ownCode, { claimsChecked: 'three decimals', probedFields: ['amount'] }).violations,
  ).toEqual([]);
  expect(
    rules(
      judgeGapAnswer(ownCode, { claimsChecked: 'a long externalId', probedFields: ['externalId'] })
        .violations,
    ),
  ).toEqual(['VAL-AMOUNT-POSITIVE']);
  const items = validationAnswer([{ field: 'multiCurrencyAmounts[150].amount', errorCode: 'ERR-3008' }]);
  expect(
    judgeGapAnswer(items, { claimsChecked: '200 items', probedFields: ['multiCurrencyAmounts'] }).violations,
  ).toEqual([]);
});
