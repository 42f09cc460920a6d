/** Creation, retrieval, update, simple errors and gap answers: each violation names the rule it breaks. */
import { expect, test } from '@playwright/test';
import { judgeCreation } from './creation.ts';
import { errorBodyViolations, errorViolations, judgeErrorBody } from './error-body.ts';
import { judgeGapAnswer } from './gap-answer.ts';
import { judgeKeptUnderItsExternalId, judgeRetrieval } from './retrieval.ts';
import { answer, validationAnswer } from './test-support/answers.ts';
import { judgeExternalIdTakeover, judgeUpdate } from './update.ts';
import { violationOf } from './violation.ts';

const rules = (violations: readonly { rule: string }[]) => violations.map((v) => v.rule);

test('ORACLE: creation is 201 with a UUID; a refusal claiming a stated code breaks that code’s rule', () => {
  const uuid = crypto.randomUUID().toUpperCase();
  expect(judgeCreation(answer(201, { uuid }))).toEqual({ evidence: uuid, violations: [] });
  expect(rules(judgeCreation(answer(201, { id: uuid })).violations)).toEqual(['CREATE-RETURNS-UUID']);
  expect(rules(judgeCreation(answer(200, { uuid })).violations)).toEqual(['CREATE-RETURNS-UUID']);
  expect(
    rules(judgeCreation(validationAnswer([{ field: 'amount', errorCode: 'ERR-3005' }])).violations),
  ).toEqual(['VAL-AMOUNT-POSITIVE']);
  expect(
    rules(judgeCreation(answer(400, { status: 400, errorCode: 'ERR-4001', title: 'Duplicate' })).violations),
  ).toEqual(['DEDUP-EXTERNAL-ID']);
  expect(rules(judgeCreation(answer(500, '<h1>oops</h1>', 'text/html')).violations)).toEqual([
    'CREATE-RETURNS-UUID',
    'ERROR-BODY-SHAPE',
  ]);
});

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

test('ORACLE: simple errors and error bodies', () => {
  const notFound = { status: 404, errorCode: 'ERR-4002', title: 'Not found' };
  expect(errorViolations(answer(404, notFound), 'ERR-4002', 'RETRIEVE-UNKNOWN-404')).toEqual([]);
  // The response's content type is not stated: a body that parses is JSON.
  expect(errorViolations(answer(404, notFound, 'text/plain'), 'ERR-4002', 'RETRIEVE-UNKNOWN-404')).toEqual(
    [],
  );
  expect(
    rules(
      errorViolations(
        answer(403, { ...notFound, status: 403, errorCode: 'ERR-1003' }),
        'ERR-4002',
        'ISOLATION-GET',
      ),
    ),
  ).toEqual(['ISOLATION-GET']);
  expect(
    rules(errorViolations(answer(404, { ...notFound, errorCode: 'ERR-9404' }), 'ERR-4002', 'ISOLATION-GET')),
  ).toEqual(['ISOLATION-GET']);
  expect(rules(errorViolations(answer(404, 'Not Found', 'text/html'), 'ERR-4002', 'ISOLATION-GET'))).toEqual([
    'ERROR-BODY-SHAPE',
  ]);
  expect(rules(errorBodyViolations(answer(404, { ...notFound, status: '404' })))).toEqual([
    'ERROR-BODY-SHAPE',
  ]);
  expect(rules(errorBodyViolations(answer(404, { ...notFound, status: 400 })))).toEqual(['ERROR-BODY-SHAPE']);
  expect(errorBodyViolations(answer(429, { message: 'slow down' }))).toEqual([]);
  expect(rules(errorBodyViolations(answer(429, 'slow down', 'text/plain')))).toEqual(['ERROR-BODY-SHAPE']);
  expect(rules(errorBodyViolations(answer(302)))).toEqual(['ERROR-BODY-SHAPE']);
  // The same, as the judgement the fixtures settle at a check's end.
  expect(judgeErrorBody(answer(201, { uuid: 'u' }))).toEqual({ violations: [] });
  expect(judgeErrorBody(answer(302))).toEqual({ violations: errorBodyViolations(answer(302)) });
});

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

test('ORACLE: a gap can be observed but never broken', () => {
  expect(() => violationOf('GAP-PUT-STATUS', 'x')).toThrow(/gap/);
});
