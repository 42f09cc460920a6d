/** Retrieval: GET returns every field sent, read through envelopes, additions, nulls and decimal strings. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  judgeConcurrentCreationStored,
  judgeEmptyPayloadStored,
  judgeFoundByUuid,
  judgeKeptPerTenant,
  judgeKeptUnderItsExternalId,
  judgeRetrieval,
  judgeUnchangedByForeignPut,
  judgeUnchangedByForeignToken,
  judgeUnchangedByMalformedRequest,
  judgeUnchangedByRefusedUpdate,
  judgeUpdateShown,
  retrievalJudgeOfRefusedCredentials,
  retrievalJudgeOfRefusedFault,
} from './retrieval.ts';
import { answer } from './test-support/answers.ts';
import { rules } from './test-support/rules.ts';

test('ORACLE: GET returns every field sent; envelopes, additions, nulls and decimal strings are readings', () => {
  const sent = {
    externalId: 'e-1',
    amount: 12.5,
    payload: { channel: 'CASH' },
    multiCurrencyAmounts: [{ currencyCode: 'USD', amount: 1 }],
  };
  const plain = judgeRetrieval(answer(200, { ...sent, uuid: 'u', createdAt: 't' }), sent);
  expect(plain.violations).toEqual([]);
  expect(plain.evidence?.reading).toEqual({
    envelope: undefined,
    addedFields: ['createdAt', 'uuid'],
    amountsAsStrings: false,
  });
  const wrapped = judgeRetrieval(
    answer(200, {
      data: {
        ...sent,
        amount: '12.50',
        payload: { channel: 'CASH', payerName: null },
        multiCurrencyAmounts: [{ id: 7, currencyCode: 'USD', amount: '1.00' }],
      },
    }),
    sent,
  );
  expect(wrapped.violations).toEqual([]);
  expect(wrapped.evidence?.reading).toMatchObject({ envelope: 'data', amountsAsStrings: true });
  // An empty container sent may come back empty, null or absent.
  expect(
    judgeRetrieval(answer(200, { externalId: 'e', multiCurrencyAmounts: null }), {
      externalId: 'e',
      multiCurrencyAmounts: [],
    }).violations,
  ).toEqual([]);
  // An empty string is no value: it may come back null or absent, and a field not sent may come back "".
  expect(
    judgeRetrieval(answer(200, { externalId: 'e', payload: { channel: 'CASH', payerName: '' } }), {
      externalId: 'e',
      originalStatus: '',
      payload: { channel: 'CASH', payerPersonalId: '' },
    }).violations,
  ).toEqual([]);
  expect(
    judgeRetrieval(answer(200, { externalId: 'e', originalStatus: null, payload: { channel: '' } }), {
      externalId: 'e',
      originalStatus: '',
      payload: { channel: null },
    }).violations,
  ).toEqual([]);
  // A value is still a value: one lost, or one where nothing was sent, is a change.
  expect(
    judgeRetrieval(answer(200, { externalId: 'e', originalStatus: '', payload: { payerName: ' ' } }), {
      externalId: 'e',
      originalStatus: 'SETTLED',
      payload: { payerName: '' },
    }).violations[0]?.message,
  ).toMatch(/originalStatus: sent "SETTLED", got ""; payload.payerName: sent "", got " "/);
  expect(
    judgeRetrieval(answer(200, { externalId: 'e', payload: { channel: 'CASH', payerName: 'X' } }), {
      externalId: 'e',
      payload: { channel: 'CASH' },
    }).violations[0]?.message,
  ).toMatch(/payload.payerName: not sent, got "X"/);
  const changed = judgeKeptUnderItsExternalId(
    answer(200, { ...sent, amount: 12.49, payload: { channel: 'CASH', payerName: 'X' } }),
    sent,
  );
  expect(rules(changed.violations)).toEqual(['DEDUP-EXTERNAL-ID']);
  expect(changed.violations[0]?.message).toMatch(/amount: sent 12.5, got 12.49.*payload.payerName/);
  expect(
    rules(judgeRetrieval(answer(404, { status: 404, errorCode: 'ERR-4002', title: 'x' }), sent).violations),
  ).toEqual(['RETRIEVE-RETURNS-EVENT']);
});

test('ORACLE: each read-back claim holds on the event sent and breaks its own rule on a changed field or a refusal', () => {
  const sent = { externalId: 'e-1', amount: 5, payload: { channel: 'CASH' } };
  const claims = [
    [judgeRetrieval, 'RETRIEVE-RETURNS-EVENT'],
    [judgeUpdateShown, 'UPDATE-APPLIES'],
    [judgeUnchangedByRefusedUpdate, 'UPDATE-VALIDATES'],
    [judgeKeptUnderItsExternalId, 'DEDUP-EXTERNAL-ID'],
    [judgeKeptPerTenant, 'DEDUP-PER-TENANT'],
    [judgeConcurrentCreationStored, 'DEDUP-CONCURRENT'],
    [judgeUnchangedByForeignPut, 'ISOLATION-PUT'],
    [judgeUnchangedByForeignToken, 'AUTH-NOT-AUTHORIZED'],
    [judgeUnchangedByMalformedRequest, 'REQUEST-MALFORMED-400'],
    [retrievalJudgeOfRefusedCredentials('no token'), 'AUTH-TOKEN-MISSING'],
    [retrievalJudgeOfRefusedCredentials('unknown token'), 'AUTH-TOKEN-INVALID'],
    [judgeFoundByUuid, 'PATH-ID-IS-UUID'],
    [judgeEmptyPayloadStored, 'VAL-PAYLOAD-EMPTY-ACCEPTED'],
    [
      retrievalJudgeOfRefusedFault([
        { field: 'amount', errorCode: 'ERR-3005', ruleId: 'VAL-AMOUNT-POSITIVE' },
      ]),
      'VAL-AMOUNT-POSITIVE',
    ],
    [retrievalJudgeOfRefusedFault([]), 'UPDATE-VALIDATES'],
  ] as const;
  for (const [judge, rule] of claims) {
    expect(judge(answer(200, { ...sent, uuid: 'u' }), sent).violations).toEqual([]);
    expect(rules(judge(answer(200, { ...sent, amount: 6 }), sent).violations)).toEqual([rule]);
    expect(rules(judge(answer(404, { status: 404, errorCode: 'ERR-4002' }), sent).violations)).toEqual([
      rule,
    ]);
  }
});

test('ORACLE: multi-currency amounts may come back in another order, each as sent; a changed one still breaks', () => {
  const items = [
    { currencyCode: 'USD', amount: 10 },
    { currencyCode: 'GBP', amount: 5.5 },
    { currencyCode: 'USD', amount: 10 },
  ];
  const sent = { externalId: 'e', multiCurrencyAmounts: items };
  const shown = (multiCurrencyAmounts: unknown) => answer(200, { externalId: 'e', multiCurrencyAmounts });
  const sorted = [items[1], items[0], items[2]];
  expect(judgeRetrieval(shown(sorted), sent).violations).toEqual([]);
  // As decimal strings, in another order: the same amounts.
  const asStrings = sorted.map((item) => ({ ...item, amount: String(item?.amount) }));
  const judged = judgeRetrieval(shown(asStrings), sent);
  expect(judged.violations).toEqual([]);
  expect(judged.evidence?.reading.amountsAsStrings).toBe(true);
  // One item changed, or one lost to a duplicate of another: no order makes them the ones sent.
  const changed = [items[1], { currencyCode: 'USD', amount: 11 }, items[2]];
  expect(rules(judgeRetrieval(shown(changed), sent).violations)).toEqual(['RETRIEVE-RETURNS-EVENT']);
  const doubled = [items[1], items[1], items[0]];
  expect(rules(judgeRetrieval(shown(doubled), sent).violations)).toEqual(['RETRIEVE-RETURNS-EVENT']);
});

test('ORACLE: items in another order keep their readings: a coerced amount is read at the item it matched', () => {
  const sent = {
    externalId: 'e',
    multiCurrencyAmounts: [
      { currencyCode: 'USD', amount: 10 },
      { currencyCode: 'GBP', amount: '12.50' },
    ],
  };
  // GBP's amount as shown, then USD's: the items in currency order.
  const shownWith = (gbp: number) =>
    answer(200, {
      externalId: 'e',
      multiCurrencyAmounts: [
        { currencyCode: 'GBP', amount: gbp },
        { currencyCode: 'USD', amount: 10 },
      ],
    });
  const judged = judgeRetrieval(shownWith(12.5), sent, { readings: ['multiCurrencyAmounts[1].amount'] });
  expect(judged.violations).toEqual([]);
  expect(judged.evidence?.readValues).toEqual({ 'multiCurrencyAmounts[1].amount': 12.5 });
  // A reading not kept matches no item: reported where it was sent.
  const notKept = judgeRetrieval(shownWith(13), sent, { readings: ['multiCurrencyAmounts[1].amount'] });
  expect(rules(notKept.violations)).toEqual(['RETRIEVE-RETURNS-EVENT']);
});
