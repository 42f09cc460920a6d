/** Validation failures: the set, the body, and every violation credited to the rule it breaks. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { ANY_ERROR_CODE, type ExpectedFailure } from './expected-failure.ts';
import { matchFailures } from './failure-matching.ts';
import { judgeGapAnswer } from './gap-answer.ts';
import { codesNamed, isSameRefusal } from './http-answer.ts';
import { answer, validationAnswer } from './test-support/answers.ts';
import {
  judgeValidationFailure,
  payloadFieldsLeftOut as payloadFieldsLeftOutOf,
  refusedBeforeValidation,
} from './validation.ts';

const amountZero: ExpectedFailure = { field: 'amount', errorCode: 'ERR-3005', ruleId: 'VAL-AMOUNT-POSITIVE' };
const statusWrong: ExpectedFailure = { field: 'status', errorCode: 'ERR-3006', ruleId: 'VAL-STATUS-ENUM' };
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
const rulesOf = (expected: readonly ExpectedFailure[], got: ReturnType<typeof answer>, context = {}) =>
  judgeValidationFailure(got, expected, context).violations.map((v) => v.rule);
const rules = (got: ReturnType<typeof answer>, expected: readonly ExpectedFailure[]) =>
  rulesOf(expected, got);

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

test('ORACLE: a field sent empty may be reported blank beside its own failure, under a code of no rule only', () => {
  const payoutFieldEmpty: ExpectedFailure = {
    field: 'payload.beneficiaryName',
    errorCode: 'ERR-3009',
    ruleId: 'VAL-PAYIN-NO-PAYOUT-FIELDS',
    sentBlank: true,
  };
  const blankToo = validationAnswer([
    { field: 'payload.beneficiaryName', errorCode: 'ERR-3009' },
    { field: 'payload.beneficiaryName', errorCode: 'ERR-9018' },
  ]);
  const judgement = judgeValidationFailure(blankToo, [payoutFieldEmpty]);
  expect(judgement.violations).toEqual([]);
  expect(judgement.evidence?.tolerated).toEqual([
    { field: 'payload.beneficiaryName', errorCode: 'ERR-9018', gap: 'GAP-REQUIRED-FIELDS' },
  ]);
  // Only beside it: the blank code alone leaves the stated failure out.
  const blankOnly = validationAnswer([{ field: 'payload.beneficiaryName', errorCode: 'ERR-9018' }]);
  expect(rulesOf([payoutFieldEmpty], blankOnly)).toEqual(['VAL-PAYIN-NO-PAYOUT-FIELDS']);
  // A stated code of another rule there stays a claim; so does a blank code on another field, or
  // on a field not sent empty.
  const claimed = validationAnswer([
    { field: 'payload.beneficiaryName', errorCode: 'ERR-3009' },
    { field: 'payload.beneficiaryName', errorCode: 'ERR-3010' },
  ]);
  expect(rulesOf([payoutFieldEmpty], claimed)).toEqual(['VAL-PAYOUT-NO-PAYIN-FIELDS']);
  const elsewhere = validationAnswer([
    { field: 'payload.beneficiaryName', errorCode: 'ERR-3009' },
    { field: 'payload.payerName', errorCode: 'ERR-9018' },
  ]);
  expect(rulesOf([payoutFieldEmpty], elsewhere)).toEqual(['VAL-ALL-FAILURES']);
  // One failure is one item: the blank code twice is a claim.
  const twice = validationAnswer([
    { field: 'payload.beneficiaryName', errorCode: 'ERR-3009' },
    { field: 'payload.beneficiaryName', errorCode: 'ERR-9018' },
    { field: 'payload.beneficiaryName', errorCode: 'ERR-9018' },
  ]);
  expect(rulesOf([payoutFieldEmpty], twice)).toEqual(['VAL-ALL-FAILURES', 'VAL-ALL-FAILURES']);
  const { sentBlank: _blank, ...notBlank } = payoutFieldEmpty;
  expect(rulesOf([notBlank], blankToo)).toEqual(['VAL-ALL-FAILURES']);
});

test("ORACLE: a value of the wrong type may be reported twice on its field, never under another field's code", () => {
  const amountWrongType: ExpectedFailure = {
    field: 'amount',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-AMOUNT-POSITIVE',
  };
  const itemAmountWrongType: ExpectedFailure = {
    field: 'multiCurrencyAmounts[1].amount',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-MCA-AMOUNT-POSITIVE',
  };
  const item = 'multiCurrencyAmounts[1].amount';
  // [expected failure, the items reported, the rules broken]
  const cases: [ExpectedFailure, [string, string][], string[]][] = [
    // A hand-written check: "not a number", then "not greater than 0", which a string cannot be either.
    [
      amountWrongType,
      [
        ['amount', 'ERR-3013'],
        ['amount', 'ERR-3005'],
      ],
      [],
    ],
    [
      amountWrongType,
      [
        ['amount', 'ERR-3013'],
        ['amount', 'ERR-3014'],
      ],
      [],
    ],
    [
      itemAmountWrongType,
      [
        [item, 'ERR-3013'],
        [item, 'ERR-3008'],
      ],
      [],
    ],
    // Another field's stated code is still a claim the body does not break, and so is any second item
    // beside a failure the spec gives a code of its own.
    [
      itemAmountWrongType,
      [
        [item, 'ERR-3013'],
        [item, 'ERR-3005'],
      ],
      ['VAL-AMOUNT-POSITIVE'],
    ],
    [
      amountWrongType,
      [
        ['amount', 'ERR-3013'],
        ['currencyCode', 'ERR-3004'],
      ],
      ['VAL-CURRENCY-ISO4217'],
    ],
    [
      amountZero,
      [
        ['amount', 'ERR-3005'],
        ['amount', 'ERR-3013'],
      ],
      ['VAL-ALL-FAILURES'],
    ],
    // The same item twice is one failure reported twice, not a second failure.
    [
      amountWrongType,
      [
        ['amount', 'ERR-3013'],
        ['amount', 'ERR-3013'],
      ],
      ['VAL-ALL-FAILURES'],
    ],
  ];
  for (const [expected, items, broken] of cases) {
    const got = validationAnswer(items.map(([field, errorCode]) => ({ field, errorCode })));
    expect(rulesOf([expected], got), JSON.stringify(items)).toEqual(broken);
  }
  const told = judgeValidationFailure(
    validationAnswer([
      { field: 'amount', errorCode: 'ERR-3013' },
      { field: 'amount', errorCode: 'ERR-3005' },
    ]),
    [amountWrongType],
  );
  expect(told.evidence?.tolerated).toHaveLength(1);
});

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

test('ORACLE: a list of items refused for its number is a reading of a limit; the claim about its items is then made only when they are reported, with 400', () => {
  const sixthZero: ExpectedFailure = {
    field: 'multiCurrencyAmounts[5].amount',
    errorCode: 'ERR-3008',
    ruleId: 'VAL-MCA-AMOUNT-POSITIVE',
  };
  const limit = { field: 'multiCurrencyAmounts', errorCode: 'ERR-3016' };
  const sixth = { field: 'multiCurrencyAmounts[5].amount', errorCode: 'ERR-3008' };
  // Every failure reported, the limit beside them: judged, the limit a reading.
  const both = judgeValidationFailure(validationAnswer([sixth, limit]), [sixthZero]);
  expect(both.violations).toEqual([]);
  expect(both.evidence?.tolerated).toEqual([{ ...limit, gap: 'GAP-FIELD-LIMITS' }]);
  // The list refused whole, its items unread, or the body answered 422: not established, never passed.
  for (const got of [
    validationAnswer([limit]),
    { ...validationAnswer([limit, sixth], { status: 422 }), status: 422 },
  ]) {
    const judgement = judgeValidationFailure(got, [sixthZero]);
    expect(judgement.violations).toEqual([]);
    expect(judgement.notEstablished?.kind).toBe('premise-not-met');
    expect(judgement.notEstablished?.reason).toContain('6 multiCurrencyAmounts items');
  }
  // A stated code on the list, an item listed twice, or a body of one item: no limit, still claims.
  expect(rules(validationAnswer([sixth, { ...limit, errorCode: 'ERR-3008' }]), [sixthZero])).toEqual([
    'VAL-MCA-AMOUNT-POSITIVE',
  ]);
  expect(rules(validationAnswer([sixth, limit, limit]), [sixthZero])).toEqual([
    'VAL-ALL-FAILURES',
    'VAL-ALL-FAILURES',
  ]);
  expect(rules(validationAnswer([limit]), [amountZero])).toEqual(['VAL-AMOUNT-POSITIVE', 'VAL-ALL-FAILURES']);
  // The first item over the limit named as a whole is the limit too; a simple body refusing the list
  // before validation, under a code of no stated rule, leaves the claim unmade.
  const namedItem = judgeValidationFailure(
    validationAnswer([sixth, { field: 'multiCurrencyAmounts[5]', errorCode: 'ERR-3016' }]),
    [sixthZero],
  );
  expect(namedItem.violations).toEqual([]);
  const simple = judgeValidationFailure(
    answer(400, { status: 400, errorCode: 'ERR-3016', title: 'Too many' }),
    [sixthZero],
  );
  expect(simple.notEstablished?.reason).toContain('with a simple body');
  // A body within what every deployment takes (three items) has no limit to excuse a list item.
  const secondZero: ExpectedFailure = { ...sixthZero, field: 'multiCurrencyAmounts[1].amount' };
  expect(
    rules(validationAnswer([{ field: 'multiCurrencyAmounts[1].amount', errorCode: 'ERR-3008' }, limit]), [
      secondZero,
    ]),
  ).toEqual(['VAL-ALL-FAILURES']);
  // Over the limit, a failure outside the list left out, or a wrong top-level code, is still judged.
  expect(rules(validationAnswer([limit]), [sixthZero, amountZero])).toEqual(['VAL-ALL-FAILURES']);
  expect(rules(validationAnswer([sixth, limit], { errorCode: 'ERR-3016' }), [sixthZero])).toEqual([
    'VAL-BODY-SHAPE',
  ]);
  // An item left out with no limit reported is the item rule broken, as before.
  expect(
    rules(validationAnswer([{ field: 'amount', errorCode: 'ERR-3005' }]), [sixthZero, amountZero]),
  ).toEqual(['VAL-ALL-FAILURES']);
});

test('ORACLE: a faulty PUT refused before its body is read names no validation code; 401, 404 and 429 are no such refusal', () => {
  const move = { status: 409, errorCode: 'ERR-4003', title: 'BOOKED is final' };
  expect(refusedBeforeValidation(answer(409, move))).toBe(true);
  expect(refusedBeforeValidation(validationAnswer([{ field: 'status', errorCode: 'ERR-4010' }]))).toBe(true);
  expect(refusedBeforeValidation(validationAnswer([{ field: 'amount', errorCode: 'ERR-3005' }]))).toBe(false);
  expect(
    refusedBeforeValidation(
      validationAnswer([
        { field: 'status', errorCode: 'ERR-4010' },
        { field: 'amount', errorCode: 'ERR-3005' },
      ]),
    ),
  ).toBe(false);
  for (const status of [401, 404, 429, 500])
    expect(refusedBeforeValidation(answer(status, { ...move, status })), String(status)).toBe(false);
});

test('ORACLE: the codes an answer names, and two refusals alike only with the same status and set of codes', () => {
  const empty = validationAnswer([
    { field: 'externalId', errorCode: 'ERR-3001' },
    { field: 'type', errorCode: 'ERR-3002' },
  ]);
  expect(codesNamed(empty)).toEqual(['ERR-3001', 'ERR-3001', 'ERR-3002']);
  const reordered = validationAnswer([
    { field: 'type', errorCode: 'ERR-3002' },
    { field: 'externalId', errorCode: 'ERR-3001' },
  ]);
  expect(isSameRefusal(empty, reordered)).toBe(true);
  expect(isSameRefusal(empty, validationAnswer([{ field: 'externalId', errorCode: 'ERR-3001' }]))).toBe(
    false,
  );
  expect(isSameRefusal(empty, { ...empty, status: 422 })).toBe(false);
  const created = answer(201, { uuid: 'u' });
  expect(isSameRefusal(created, created)).toBe(false);
});

test('ORACLE: one item on payload may stand for every failure of its code that payload holds', () => {
  const otherType = (field: string): ExpectedFailure => ({
    field: `payload.${field}`,
    errorCode: 'ERR-3009',
    ruleId: 'VAL-PAYIN-NO-PAYOUT-FIELDS',
    alternativeFields: ['payload'],
  });
  const expected = [otherType('beneficiaryName'), otherType('beneficiaryPersonalId'), amountZero];
  // A schema's `if` on the type, failing once on the payload for both fields.
  expect(
    matchFailures(expected, [
      { field: '/payload', errorCode: 'ERR-3009' },
      { field: '/amount', errorCode: 'ERR-3005' },
    ]),
  ).toEqual({ missing: [], unexpected: [] });
  // An item on one of the fields stands for that field alone (errors[] kept to one item a code).
  expect(
    matchFailures(expected, [
      { field: 'payload.beneficiaryName', errorCode: 'ERR-3009' },
      { field: 'amount', errorCode: 'ERR-3005' },
    ]).missing,
  ).toEqual([expected[1]]);
  // Nor does an item on payload under another code, nor one failure's item stand for another rule's.
  expect(
    matchFailures(expected, [
      { field: 'payload', errorCode: 'ERR-3010' },
      { field: 'amount', errorCode: 'ERR-3005' },
    ]).missing,
  ).toEqual([expected[0], expected[1]]);
  // A failure of no stated code in the payload (an unknown property) is not stood for by the item
  // about the other type's fields: a deployment that stopped reading the payload there left it out.
  const unknownProperty: ExpectedFailure = {
    field: 'payload.foo',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-PAYLOAD-UNKNOWN-PROPERTY',
    alternativeFields: ['payload'],
  };
  expect(
    matchFailures(
      [otherType('beneficiaryName'), unknownProperty],
      [{ field: 'payload', errorCode: 'ERR-3009' }],
    ).missing,
  ).toEqual([unknownProperty]);
  // The amount's item left out beside the payload's: the one failure missing.
  expect(rulesOf(expected, validationAnswer([{ field: 'payload', errorCode: 'ERR-3009' }]))).toEqual([
    'VAL-ALL-FAILURES',
  ]);
});

test('ORACLE: a payload field the body left out may be reported as required, under a code of no rule or its own value code only', () => {
  const channelArray: ExpectedFailure = { ...channelObject };
  const sent = JSON.stringify({ type: 'INTERNAL_PAYIN', payload: { channel: [] } });
  const payloadFieldsLeftOut = payloadFieldsLeftOutOf(sent);
  // A payin's: its own fields, not the payout's (forbidden there, not optional).
  expect(payloadFieldsLeftOut).toEqual([
    'payload.payerName',
    'payload.payerPersonalIdType',
    'payload.payerPersonalId',
  ]);
  const required = validationAnswer([
    { field: 'payload.channel', errorCode: 'ERR-3000' },
    { field: 'payload.payerName', errorCode: 'ERR-3000' },
  ]);
  const judgement = judgeValidationFailure(required, [channelArray], { payloadFieldsLeftOut });
  expect(judgement.violations).toEqual([]);
  expect(judgement.evidence?.tolerated).toEqual([
    { field: 'payload.payerName', errorCode: 'ERR-3000', gap: 'GAP-REQUIRED-FIELDS' },
  ]);
  // A field the body carries, or a stated code, stays a claim; so does any item without the body.
  const sentWithName = JSON.stringify({ payload: { channel: [], payerName: 'E. M.' } });
  expect(
    rulesOf([channelArray], required, { payloadFieldsLeftOut: payloadFieldsLeftOutOf(sentWithName) }),
  ).toEqual(['VAL-ALL-FAILURES']);
  expect(rulesOf([channelArray], required)).toEqual(['VAL-ALL-FAILURES']);
  const stated = validationAnswer([
    { field: 'payload.channel', errorCode: 'ERR-3000' },
    { field: 'payload.beneficiaryName', errorCode: 'ERR-3009' },
  ]);
  expect(rulesOf([channelArray], stated, { payloadFieldsLeftOut })).toEqual(['VAL-PAYIN-NO-PAYOUT-FIELDS']);
  // A channel left out is none of its values: its own code, ERR-3011, reads it required; another
  // field's stated code, or the channel's reported twice, stays a claim.
  const noChannel = payloadFieldsLeftOutOf(
    JSON.stringify({ type: 'INTERNAL_PAYIN', payload: { payerName: 'A' } }),
  );
  expect(noChannel).toContain('payload.channel');
  const amountZero: ExpectedFailure = {
    field: 'amount',
    errorCode: 'ERR-3005',
    ruleId: 'VAL-AMOUNT-POSITIVE',
  };
  const channelRequired = validationAnswer([
    { field: 'amount', errorCode: 'ERR-3005' },
    { field: 'payload.channel', errorCode: 'ERR-3011' },
  ]);
  expect(rulesOf([amountZero], channelRequired, { payloadFieldsLeftOut: noChannel })).toEqual([]);
  expect(rulesOf([amountZero], channelRequired, { payloadFieldsLeftOut })).toEqual(['VAL-CHANNEL-ENUM']);
  const nameUnderChannelCode = validationAnswer([
    { field: 'amount', errorCode: 'ERR-3005' },
    { field: 'payload.payerPersonalId', errorCode: 'ERR-3011' },
  ]);
  expect(rulesOf([amountZero], nameUnderChannelCode, { payloadFieldsLeftOut: noChannel })).toEqual([
    'VAL-CHANNEL-ENUM',
  ]);
  // A body that is not JSON, or holds no payload object, leaves nothing out.
  // An empty payload is accepted (2.2): it leaves out nothing a deployment may require.
  expect(payloadFieldsLeftOutOf(JSON.stringify({ type: 'INTERNAL_PAYIN', payload: {} }))).toEqual([]);
  expect(payloadFieldsLeftOutOf('{"payload":')).toEqual([]);
  expect(payloadFieldsLeftOutOf(JSON.stringify({ payload: 'x' }))).toEqual([]);
});

test('ORACLE: an item of multiCurrencyAmounts, or the list, may name its fields’ failures', () => {
  const itemFault = (index: number, field: 'currencyCode' | 'amount'): ExpectedFailure => ({
    field: `multiCurrencyAmounts[${index}].${field}`,
    errorCode: field === 'amount' ? 'ERR-3008' : 'ERR-3007',
    ruleId: field === 'amount' ? 'VAL-MCA-AMOUNT-POSITIVE' : 'VAL-MCA-CURRENCY-ISO4217',
    alternativeFields: [`multiCurrencyAmounts[${index}]`, 'multiCurrencyAmounts'],
  });
  const expected = [itemFault(0, 'currencyCode'), itemFault(1, 'amount'), itemFault(2, 'amount')];
  // On each item: a constraint on the item as a whole.
  expect(
    matchFailures(expected, [
      { field: 'multiCurrencyAmounts[0]', errorCode: 'ERR-3007' },
      { field: 'multiCurrencyAmounts[1]', errorCode: 'ERR-3008' },
      { field: 'MultiCurrencyAmounts[2]', errorCode: 'ERR-3008' },
    ]),
  ).toEqual({ missing: [], unexpected: [] });
  // On the list, once a code.
  expect(
    matchFailures(expected, [
      { field: 'multiCurrencyAmounts', errorCode: 'ERR-3007' },
      { field: '/multiCurrencyAmounts', errorCode: 'ERR-3008' },
    ]),
  ).toEqual({ missing: [], unexpected: [] });
  // An item names its own fields only: item 1's ERR-3008 does not stand for item 2's.
  expect(
    matchFailures(expected, [
      { field: 'multiCurrencyAmounts[0]', errorCode: 'ERR-3007' },
      { field: 'multiCurrencyAmounts[1]', errorCode: 'ERR-3008' },
    ]).missing,
  ).toEqual([expected[2]]);
});
