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

test("ORACLE: a probed field's own code is no reading where its condition is false whatever the limit", () => {
  const claim = (field: string, errorCode: string, sent: unknown, probed = field) =>
    rules(
      judgeGapAnswer(validationAnswer([{ field, errorCode }]), {
        claimsChecked: 'a limit',
        probedFields: [probed],
        sent,
      }).violations,
    );
  // A limit's refusal may not say the externalId is missing, or an amount of 1 or more not positive.
  expect(claim('externalId', 'ERR-3001', { externalId: 'x'.repeat(1000) })).toEqual([
    'VAL-EXTERNAL-ID-REQUIRED',
  ]);
  expect(claim('externalId', 'ERR-3001', { externalId: '   ' })).toEqual([]);
  expect(claim('amount', 'ERR-3005', { amount: 1.5e21 })).toEqual(['VAL-AMOUNT-POSITIVE']);
  expect(claim('amount', 'ERR-3005', { amount: 10.125 })).toEqual(['VAL-AMOUNT-POSITIVE']);
  // A column of two decimals may round 1E-7 to zero; a string's value is a reading of its type.
  expect(claim('amount', 'ERR-3005', { amount: 1e-7 })).toEqual([]);
  expect(claim('amount', 'ERR-3005', { amount: '12' })).toEqual([]);
  // No item, no item's code; items of 1 or more are positive.
  // An empty list refused under an item's code reads a list required non-empty.
  const none = { multiCurrencyAmounts: [] };
  expect(claim('multiCurrencyAmounts', 'ERR-3007', none)).toEqual([]);
  expect(claim('multiCurrencyAmounts', 'ERR-3008', none)).toEqual([]);
  const many = {
    multiCurrencyAmounts: [
      { currencyCode: 'USD', amount: 1 },
      { currencyCode: 'USD', amount: 2 },
    ],
  };
  const item = 'multiCurrencyAmounts[1].amount';
  expect(claim(item, 'ERR-3008', many, 'multiCurrencyAmounts')).toEqual(['VAL-MCA-AMOUNT-POSITIVE']);
  expect(claim('multiCurrencyAmounts[1].currencyCode', 'ERR-3007', many, 'multiCurrencyAmounts')).toEqual([
    'VAL-MCA-CURRENCY-ISO4217',
  ]);
  const rare = { multiCurrencyAmounts: [{ currencyCode: 'XDR', amount: 1 }] };
  expect(claim('multiCurrencyAmounts[0].currencyCode', 'ERR-3007', rare, 'multiCurrencyAmounts')).toEqual([]);
});
