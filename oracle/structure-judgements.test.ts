/** Structural verdicts: failures that are readings of a gap, failures reported per field, and no 5xx. */
import { expect, test } from '@playwright/test';
import { compareAmount } from './amounts.ts';
import { keepsReadValue } from './coercion.ts';
import { ANY_ERROR_CODE, type ExpectedFailure } from './expected-failure.ts';
import { judgeGapAnswer } from './gap-answer.ts';
import { judgeRetrieval } from './retrieval.ts';
import { answer, validationAnswer } from './test-support/answers.ts';
import { judgeValidationFailure } from './validation.ts';

const channelObject: ExpectedFailure = {
  field: 'payload.channel',
  errorCode: ANY_ERROR_CODE,
  ruleId: 'VAL-CHANNEL-ENUM',
};
const amountNull: ExpectedFailure = {
  field: 'amount',
  errorCode: ANY_ERROR_CODE,
  ruleId: 'VAL-AMOUNT-POSITIVE',
  readingOf: 'GAP-REQUIRED-FIELDS',
};
const itemString: ExpectedFailure = {
  field: 'multiCurrencyAmounts[0]',
  errorCode: ANY_ERROR_CODE,
  ruleId: 'VAL-ALL-FAILURES',
  alternativeFields: ['multiCurrencyAmounts[0].currencyCode', 'multiCurrencyAmounts[0].amount'],
  reportedWithin: true,
};
const serverError = answer(500, { status: 500, errorCode: 'ERR-5001', title: 'Internal error' });
const rules = (got: ReturnType<typeof answer>, expected: readonly ExpectedFailure[]) =>
  judgeValidationFailure(got, expected).violations.map((v) => v.rule);

test('ORACLE: a failure that is a reading may be reported or not; a body of readings only may be created', () => {
  expect(
    rules(validationAnswer([{ field: 'payload.channel', errorCode: 'ERR-3013' }]), [
      channelObject,
      amountNull,
    ]),
  ).toEqual([]);
  expect(
    rules(
      validationAnswer([
        { field: 'payload.channel', errorCode: 'ERR-3013' },
        { field: 'amount', errorCode: 'ERR-3005' },
      ]),
      [channelObject, amountNull],
    ),
  ).toEqual([]);
  expect(rules(answer(201, { uuid: crypto.randomUUID() }), [amountNull])).toEqual([]);
  // A stated failure beside it still must be refused.
  expect(rules(answer(201, { uuid: crypto.randomUUID() }), [channelObject, amountNull])).toEqual([
    'VAL-CHANNEL-ENUM',
  ]);
});

test('ORACLE: a 5xx for a body the spec answers breaks the rule of each failure it replaced, a reading included', () => {
  expect(rules(serverError, [channelObject])).toEqual(['VAL-CHANNEL-ENUM']);
  expect(rules(serverError, [amountNull])).toEqual(['VAL-AMOUNT-POSITIVE']);
  expect(judgeValidationFailure(serverError, [channelObject]).violations[0]?.message).toMatch(/server error/);
  expect(
    judgeGapAnswer(serverError, { specAnswers: 'read-or-malformed' }).violations.map((v) => v.rule),
  ).toEqual(['REQUEST-MALFORMED-400']);
  // Where the spec gives no answer at all, a 5xx with the part 7 body stays a reading.
  expect(judgeGapAnswer(serverError).violations).toEqual([]);
});

test('ORACLE: a non-object item reported once or once per field inside it is the same failure', () => {
  const perField = validationAnswer([
    { field: 'multiCurrencyAmounts[0].currencyCode', errorCode: 'ERR-3007' },
    { field: 'multiCurrencyAmounts[0].amount', errorCode: 'ERR-3008' },
  ]);
  const judgement = judgeValidationFailure(perField, [itemString]);
  expect(judgement.violations).toEqual([]);
  expect(judgement.evidence?.tolerated.map((t) => t.gap)).toEqual(['GAP-WRONG-JSON-TYPE']);
  expect(
    rules(validationAnswer([{ field: 'multiCurrencyAmounts[0]', errorCode: 'ERR-3013' }]), [itemString]),
  ).toEqual([]);
  expect(
    rules(
      validationAnswer([
        { field: 'amount', errorCode: 'ERR-3008' },
        { field: 'currencyCode', errorCode: 'ERR-3007' },
      ]),
      [itemString],
    ),
  ).toEqual([]);
  // An item elsewhere is no part of it.
  expect(
    rules(
      validationAnswer([
        { field: 'multiCurrencyAmounts[0]', errorCode: 'ERR-3013' },
        { field: 'multiCurrencyAmounts[1].amount', errorCode: 'ERR-3008' },
      ]),
      [itemString],
    ),
  ).toEqual(['VAL-MCA-AMOUNT-POSITIVE']);
});

test('ORACLE: amounts are the same within a few units in the last place of a double, not a float32 or a rounding', () => {
  expect(compareAmount('98765432109876543210.50', '98765432109876543210.5')).toBe('same-as-string');
  expect(compareAmount(0.1 + 0.2, 0.3)).toBe('same-number');
  expect(compareAmount(Math.fround(136.2), 136.2)).toBe('different');
  expect(compareAmount(0.12, '0.123456789')).toBe('different');
});

test('ORACLE: a read value is kept as sent or as the value it spells; a dropped null may be absent', () => {
  expect(keepsReadValue('42', 42)).toBe(true);
  expect(keepsReadValue(12.5, '12.50')).toBe(true);
  expect(keepsReadValue('true', true)).toBe(true);
  expect(keepsReadValue(undefined, null)).toBe(true);
  expect(keepsReadValue('PENDING', null)).toBe(false);
  expect(keepsReadValue(1250, '12.50')).toBe(false);
  const stored = answer(200, { externalId: 'e', amount: 12.5, originalStatus: 'B\uFFFD(' });
  const judged = judgeRetrieval(
    stored,
    { externalId: 'e', amount: '12.50', originalStatus: 'x' },
    {
      readings: ['amount', 'originalStatus'],
    },
  );
  expect(judged.violations).toEqual([]);
  expect(judged.evidence?.readValues).toEqual({ amount: 12.5, originalStatus: 'B\uFFFD(' });
});

test('ORACLE: a coercible scalar at externalId may name an event that exists: a duplicate is its answer, if nothing else must be refused', () => {
  const externalIdNumber: ExpectedFailure = {
    field: 'externalId',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-EXTERNAL-ID-REQUIRED',
    readingOf: 'GAP-WRONG-JSON-TYPE',
  };
  const duplicate = answer(400, {
    status: 400,
    errorCode: 'ERR-4001',
    title: 'externalId already exists for this tenant',
  });
  expect(rules(duplicate, [externalIdNumber])).toEqual([]);
  expect(rules(duplicate, [externalIdNumber, amountNull])).toEqual([]);
  // A stated failure beside it must still be reported; without a coercible externalId a duplicate is no answer.
  expect(rules(duplicate, [externalIdNumber, channelObject])).not.toEqual([]);
  expect(rules(duplicate, [amountNull])).not.toEqual([]);
  // The duplicate's body is still a part 7 body.
  expect(rules(answer(400, { errorCode: 'ERR-4001' }), [externalIdNumber])).toContain('ERROR-BODY-SHAPE');
});

test('ORACLE: a stated failure is matched before a reading that could take the same item of errors[]', () => {
  const itemAmountText: ExpectedFailure = {
    field: 'multiCurrencyAmounts[1].amount',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-MCA-AMOUNT-POSITIVE',
    readingOf: 'GAP-WRONG-JSON-TYPE',
  };
  const amountWord: ExpectedFailure = {
    field: 'amount',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-AMOUNT-POSITIVE',
  };
  // A leaf `amount` names the event's amount or an item's: the deployment coerced the item's "12.50".
  const leafOnly = validationAnswer([{ field: 'amount', errorCode: 'ERR-3005' }]);
  expect(rules(leafOnly, [itemAmountText, amountWord])).toEqual([]);
  expect(rules(leafOnly, [amountWord, itemAmountText])).toEqual([]);
  // Both reported under leaf names: both matched.
  const both = validationAnswer([
    { field: 'amount', errorCode: 'ERR-3008' },
    { field: 'amount', errorCode: 'ERR-3005' },
  ]);
  expect(rules(both, [itemAmountText, amountWord])).toEqual([]);
});
