/** Validation failures: the set, the body, and every violation credited to the rule it breaks. */
import { expect, test } from '@playwright/test';
import { ANY_ERROR_CODE, type ExpectedFailure } from './expected-failure.ts';
import { matchFailures } from './failure-matching.ts';
import { answer, validationAnswer } from './test-support/answers.ts';
import { judgeValidationFailure } from './validation.ts';

const amountZero: ExpectedFailure = { field: 'amount', errorCode: 'ERR-3005', ruleId: 'VAL-AMOUNT-POSITIVE' };
const statusWrong: ExpectedFailure = { field: 'status', errorCode: 'ERR-3006', ruleId: 'VAL-STATUS-ENUM' };
const rulesOf = (expected: readonly ExpectedFailure[], got: ReturnType<typeof answer>, context = {}) =>
  judgeValidationFailure(got, expected, context).violations.map((v) => v.rule);

test('ORACLE: errors[] is matched as a set, in any order and notation, ANY and alternatives included', () => {
  const expected: ExpectedFailure[] = [
    { field: 'multiCurrencyAmounts[1].amount', errorCode: 'ERR-3008', ruleId: 'VAL-MCA-AMOUNT-POSITIVE' },
    {
      field: 'payload.iban',
      errorCode: ANY_ERROR_CODE,
      ruleId: 'VAL-PAYLOAD-UNKNOWN-PROPERTY',
      alternativeFields: ['payload'],
    },
    amountZero,
  ];
  expect(
    matchFailures(expected, [
      { field: 'amount', errorCode: 'ERR-3005' },
      { field: '/payload', errorCode: 'ERR-3099' },
      { field: 'multiCurrencyAmounts.1.amount', errorCode: 'ERR-3008' },
    ]),
  ).toEqual({ missing: [], unexpected: [] });
  // Leaf names: two `amount`s are paired one to one, whichever comes first.
  expect(
    matchFailures(
      [expected[0] as ExpectedFailure, amountZero],
      [
        { field: 'amount', errorCode: 'ERR-3008' },
        { field: 'amount', errorCode: 'ERR-3005' },
      ],
    ),
  ).toEqual({ missing: [], unexpected: [] });
});

test('ORACLE: a conforming validation body has no violation', () => {
  const body = validationAnswer([
    { field: 'status', errorCode: 'ERR-3006' },
    { field: 'amount', errorCode: 'ERR-3005' },
  ]);
  expect(rulesOf([amountZero, statusWrong], body)).toEqual([]);
});

test('ORACLE: a failure left out is credited to its rule, or to VAL-ALL-FAILURES when others came', () => {
  expect(rulesOf([amountZero], validationAnswer([{ field: 'amount', errorCode: 'ERR-3004' }]))).toEqual([
    'VAL-AMOUNT-POSITIVE',
    'VAL-CURRENCY-ISO4217',
  ]);
  expect(
    rulesOf([amountZero, statusWrong], validationAnswer([{ field: 'amount', errorCode: 'ERR-3005' }])),
  ).toEqual(['VAL-ALL-FAILURES']);
  expect(rulesOf([amountZero, statusWrong], answer(201, { uuid: crypto.randomUUID() }))).toEqual([
    'VAL-AMOUNT-POSITIVE',
    'VAL-STATUS-ENUM',
  ]);
  // On a PUT, a failure left out is the update's: POST may validate the field perfectly well.
  expect(rulesOf([amountZero], answer(200, {}), { creditMissingToUpdate: true })).toEqual([
    'UPDATE-VALIDATES',
  ]);
});

test('ORACLE: the body itself: VAL-BODY-SHAPE, ERROR-BODY-SHAPE, VAL-STATUS-400', () => {
  const items = [
    { field: 'status', errorCode: 'ERR-3006' },
    { field: 'amount', errorCode: 'ERR-3005' },
  ];
  expect(rulesOf([amountZero, statusWrong], validationAnswer(items, { errorCode: 'ERR-3005' }))).toEqual([
    'VAL-BODY-SHAPE',
  ]);
  expect(rulesOf([amountZero, statusWrong], validationAnswer(items, { title: 'Bad Request' }))).toEqual([
    'VAL-BODY-SHAPE',
  ]);
  expect(rulesOf([amountZero, statusWrong], validationAnswer(items, { status: '400' }))).toEqual([
    'ERROR-BODY-SHAPE',
  ]);
  expect(rulesOf([amountZero], answer(400, '<html>Bad Request</html>', 'text/html'))).toEqual([
    'ERROR-BODY-SHAPE',
  ]);
  expect(
    rulesOf([amountZero], answer(400, { status: 400, errorCode: 'ERR-3005', title: 'Validation failed' })),
  ).toEqual(['VAL-BODY-SHAPE']);
  // A simple body naming none of the expected failures: they were not reported at all.
  expect(
    rulesOf([amountZero], answer(400, { status: 400, errorCode: 'ERR-4001', title: 'Duplicate' }), {
      creditMissingToUpdate: true,
    }),
  ).toEqual(['UPDATE-VALIDATES', 'DEDUP-EXTERNAL-ID']);
  const unprocessable = answer(422, {
    status: 422,
    errorCode: 'ERR-3005',
    title: 'Validation failed',
    errors: [{ field: 'amount', errorCode: 'ERR-3005', message: 'x' }],
  });
  expect(rulesOf([amountZero], unprocessable)).toEqual(['VAL-STATUS-400']);
  // Under codes of no 7.3 rule, 7.4's "422 Validation failed" is a reading.
  const invented = answer(422, {
    status: 422,
    errorCode: 'ERR-9013',
    title: 'Validation failed',
    errors: [{ field: 'payload', errorCode: 'ERR-9013', message: 'x' }],
  });
  expect(
    rulesOf([{ field: 'payload', errorCode: ANY_ERROR_CODE, ruleId: 'VAL-ALL-FAILURES' }], invented),
  ).toEqual([]);
});

test('ORACLE: an extra item is tolerated only where a gap explains it', () => {
  const withOriginalStatus = validationAnswer([
    { field: 'amount', errorCode: 'ERR-3005' },
    { field: 'originalStatus', errorCode: 'ERR-9020' },
  ]);
  const judgement = judgeValidationFailure(withOriginalStatus, [amountZero]);
  expect(judgement.violations).toEqual([]);
  expect(judgement.evidence?.tolerated).toEqual([
    { field: 'originalStatus', errorCode: 'ERR-9020', gap: 'GAP-ORIGINAL-STATUS-VALUES' },
  ]);
  const withTypeChange = validationAnswer([
    { field: 'amount', errorCode: 'ERR-3005' },
    { field: 'type', errorCode: 'ERR-9409' },
  ]);
  expect(rulesOf([amountZero], withTypeChange)).toEqual(['VAL-ALL-FAILURES']);
  expect(rulesOf([amountZero], withTypeChange, { changedFields: ['type'] })).toEqual([]);
  // A stated code is never a reading: type ERR-3002 for a valid type breaks VAL-TYPE-ENUM.
  const claimed = validationAnswer([
    { field: 'amount', errorCode: 'ERR-3005' },
    { field: 'type', errorCode: 'ERR-3002' },
  ]);
  expect(rulesOf([amountZero], claimed, { changedFields: ['type'] })).toEqual(['VAL-TYPE-ENUM']);
});
