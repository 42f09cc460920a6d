import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { REFERENCE_CODES } from './codes.ts';
import { Readings } from './test-support/named-readings.ts';
import {
  type Answer,
  EVENTS_PATH,
  type EventBody,
  expectValidationErrors,
  type Harness,
  harness,
  jsonHeaders,
  payinEvent,
  payoutEvent,
  send,
  without,
} from './test-support/reference-app.ts';

const WRONG_TYPE = REFERENCE_CODES.wrongType.code;
const UNKNOWN_FIELD = REFERENCE_CODES.unknownField.code;
const UNKNOWN_PAYLOAD = REFERENCE_CODES.unknownPayloadProperty.code;

let h: Harness;
test.beforeAll(() => {
  h = harness({ rateLimit: { requestsPerWindow: 1_000_000, windowSeconds: 60 } });
});
test.afterAll(() => h.app.close());

/** POSTs raw JSON text (for values JSON.stringify cannot write, like 1e400 or a __proto__ key). */
const postRaw = (text: string): Promise<Answer> =>
  send(h.app, { method: 'POST', url: EVENTS_PATH, headers: jsonHeaders(h.a.tenant), payload: text });

/** A value as a case's name: JSON, but -0 is not 0. */
const valueName = (value: unknown): string => (Object.is(value, -0) ? '-0' : JSON.stringify(value));

/**
 * Each value of a field, on its own in an otherwise valid event, must give exactly this one failure.
 * Every answer is read into `facts`, named by its field and value; a test compares them all at once.
 */
const rejects = async (
  facts: Readings,
  base: () => EventBody,
  field: string,
  values: readonly unknown[],
  expectedField: string,
  code: string,
): Promise<void> => {
  for (const value of values) {
    const event = base();
    const target = field.startsWith('payload.') ? (event.payload as EventBody) : event;
    target[field.replace(/^payload\./, '')] = value;
    facts.validationErrors(`${field} = ${valueName(value)}`, await h.a.post(event), [[expectedField, code]]);
  }
};

/** The test's faulty values of a field, each answered with exactly this one failure: one expect. */
const rejectsEach = async (
  base: () => EventBody,
  field: string,
  values: readonly unknown[],
  expectedField: string,
  code: string,
): Promise<void> => {
  const facts = new Readings();
  await rejects(facts, base, field, values, expectedField, code);
  facts.expectAll();
};

/** Each payload field of the other type of event, whatever its value, gives this code: one expect. */
const rejectsFieldsOfTheOtherType = async (
  base: () => EventBody,
  fields: readonly string[],
  code: string,
): Promise<void> => {
  const facts = new Readings();
  for (const field of fields)
    await rejects(facts, base, `payload.${field}`, ['x', '', null, 5], `payload.${field}`, code);
  facts.expectAll();
};

/** Each event is created (201), compared in one expect that names every one refused. */
const accepts = async (events: readonly EventBody[]): Promise<void> => {
  const facts = new Readings();
  for (const [index, event] of events.entries()) {
    const answer = await h.a.post(event);
    facts.fact(`#${index} ${JSON.stringify(event)}`, [answer.status, answer.text], [201, expect.any(String)]);
  }
  facts.expectAll();
};

test.describe('reference: valid events are accepted', () => {
  test('CREATE-RETURNS-UUID: a full payin and a full payout get 201', async () => {
    await accepts([payinEvent(), payoutEvent()]);
  });

  test('VAL-PAYLOAD-EMPTY-ACCEPTED: an empty payload object is accepted, and so is no payload', async () => {
    await accepts([
      payinEvent({ payload: {} }),
      payoutEvent({ payload: {} }),
      without(payinEvent(), 'payload'),
    ]);
  });

  test('GAP-REQUIRED-FIELDS: originalStatus, payload and multiCurrencyAmounts are optional; [] is fine', async () => {
    await accepts([
      without(payinEvent(), 'originalStatus', 'payload', 'multiCurrencyAmounts'),
      payinEvent({ multiCurrencyAmounts: [] }),
    ]);
  });

  test('channel alone, and every enum value, are accepted', async () => {
    const events: EventBody[] = [];
    for (const channel of ['CASH', 'ONLINE', 'CRYPTO']) events.push(payoutEvent({ payload: { channel } }));
    for (const status of ['PENDING', 'REJECTED', 'BOOKED']) events.push(payinEvent({ status }));
    await accepts(events);
  });

  test('edge values that are valid: tiny amounts, any originalStatus, blank-looking externalId', async () => {
    await accepts([
      payinEvent({ amount: 0.000001 }),
      payinEvent({ amount: 5e-324 }),
      payinEvent({ amount: 1e15 }),
      payinEvent({ multiCurrencyAmounts: [{ currencyCode: 'JPY', amount: 1e-9 }] }),
      payinEvent({ originalStatus: '' }),
      payinEvent({ originalStatus: 'anything at all, ünïcödé' }),
      payinEvent({ externalId: ' ' }),
      payinEvent({ countryCode: 'GB', currencyCode: 'GBP' }),
      payinEvent({ countryCode: 'US', currencyCode: 'USD' }),
      payoutEvent({ payload: { channel: 'CRYPTO', beneficiaryName: '' } }),
    ]);
  });
});

test.describe('reference: one fault, one failure (part 2)', () => {
  test('VAL-EXTERNAL-ID-REQUIRED: missing, empty or not a string gives ERR-3001', async () => {
    expectValidationErrors(await h.a.post(without(payinEvent(), 'externalId')), [['externalId', 'ERR-3001']]);
    await rejectsEach(payinEvent, 'externalId', ['', 42, null, true, [], {}], 'externalId', 'ERR-3001');
  });

  test('VAL-TYPE-ENUM: anything but INTERNAL_PAYIN or INTERNAL_PAYOUT gives ERR-3002', async () => {
    expectValidationErrors(await h.a.post(without(payinEvent({ payload: {} }), 'type')), [
      ['type', 'ERR-3002'],
    ]);
    await rejectsEach(
      () => payinEvent({ payload: {} }),
      'type',
      [
        'internal_payin',
        'Internal_Payout',
        'INTERNAL_PAYIN ',
        ' INTERNAL_PAYOUT',
        'PAYIN',
        'INTERNAL-PAYIN',
        'INTERNAL_PAYINS',
        '',
        1,
        null,
      ],
      'type',
      'ERR-3002',
    );
  });

  test('VAL-COUNTRY-ISO3166: alpha-3, lower case, unassigned or non-string gives ERR-3003', async () => {
    expectValidationErrors(await h.a.post(without(payinEvent(), 'countryCode')), [
      ['countryCode', 'ERR-3003'],
    ]);
    await rejectsEach(
      payinEvent,
      'countryCode',
      ['DEU', 'de', 'De', 'dE', 'XX', 'UK', 'EU', 'D', '', ' DE', 276, null],
      'countryCode',
      'ERR-3003',
    );
  });

  test('VAL-CURRENCY-ISO4217: not an ISO 4217 code gives ERR-3004', async () => {
    expectValidationErrors(await h.a.post(without(payinEvent(), 'currencyCode')), [
      ['currencyCode', 'ERR-3004'],
    ]);
    await rejectsEach(
      payinEvent,
      'currencyCode',
      ['eur', 'Eur', 'EURO', 'EU', 'XYZ', 'ABC', '', 978, null],
      'currencyCode',
      'ERR-3004',
    );
  });

  test('VAL-AMOUNT-POSITIVE: zero, negative, or not a number gives ERR-3005', async () => {
    expectValidationErrors(await h.a.post(without(payinEvent(), 'amount')), [['amount', 'ERR-3005']]);
    await rejectsEach(
      payinEvent,
      'amount',
      [0, -0, -1, -0.01, -5e-324, '12', '0', '', null, true, [1], { value: 1 }],
      'amount',
      'ERR-3005',
    );
    // JSON that parses to Infinity or underflows to 0
    const facts = new Readings();
    for (const literal of ['1e400', '-1e400', '1e-400']) {
      const text = JSON.stringify(payinEvent({ amount: 777 })).replace('"amount":777', `"amount":${literal}`);
      facts.validationErrors(`amount = ${literal}`, await postRaw(text), [['amount', 'ERR-3005']]);
    }
    facts.expectAll();
  });

  test('VAL-STATUS-ENUM: anything but PENDING, REJECTED or BOOKED gives ERR-3006', async () => {
    expectValidationErrors(await h.a.post(without(payinEvent(), 'status')), [['status', 'ERR-3006']]);
    await rejectsEach(
      payinEvent,
      'status',
      ['pending', 'Booked', 'CANCELLED', 'PENDING ', '', 0, null],
      'status',
      'ERR-3006',
    );
  });

  test('GAP-ORIGINAL-STATUS-VALUES: originalStatus is any string; another type gets the generic code', async () => {
    await rejectsEach(payinEvent, 'originalStatus', [5, null, {}, []], 'originalStatus', WRONG_TYPE);
  });

  test('VAL-CHANNEL-ENUM: anything but CASH, ONLINE or CRYPTO gives ERR-3011', async () => {
    await rejectsEach(
      payinEvent,
      'payload.channel',
      ['cash', 'Online', 'WIRE', 'CARD', '', ' CASH', 1, null, []],
      'payload.channel',
      'ERR-3011',
    );
  });

  test('VAL-PAYIN-NO-PAYOUT-FIELDS: each beneficiary* field in a payin gives ERR-3009', async () => {
    await rejectsFieldsOfTheOtherType(
      payinEvent,
      ['beneficiaryName', 'beneficiaryPersonalIdType', 'beneficiaryPersonalId'],
      'ERR-3009',
    );
  });

  test('VAL-PAYOUT-NO-PAYIN-FIELDS: each payer* field in a payout gives ERR-3010', async () => {
    await rejectsFieldsOfTheOtherType(
      payoutEvent,
      ['payerName', 'payerPersonalIdType', 'payerPersonalId'],
      'ERR-3010',
    );
  });

  test('payload fields of the right type must be strings (generic code)', async () => {
    const facts = new Readings();
    await rejects(facts, payinEvent, 'payload.payerName', [5, null, {}], 'payload.payerName', WRONG_TYPE);
    await rejects(
      facts,
      payoutEvent,
      'payload.beneficiaryPersonalId',
      [123],
      'payload.beneficiaryPersonalId',
      WRONG_TYPE,
    );
  });

  test('VAL-PAYLOAD-UNKNOWN-PROPERTY: an unknown payload property gives 400 with ERR-3012', async () => {
    const facts = new Readings();
    await rejects(facts, payinEvent, 'payload.iban', ['DE00'], 'payload.iban', UNKNOWN_PAYLOAD);
    await rejects(facts, payinEvent, 'payload.Channel', ['CASH'], 'payload.Channel', UNKNOWN_PAYLOAD);
    await rejects(facts, payinEvent, 'payload.', ['empty key'], 'payload.', UNKNOWN_PAYLOAD);
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const text = JSON.stringify(payinEvent()).replace(
        '"payload":{',
        `"payload":{"${key}":{"polluted":true},`,
      );
      facts.validationErrors(`payload.${key}`, await postRaw(text), [[`payload.${key}`, UNKNOWN_PAYLOAD]]);
    }
    facts.fact('a prototype polluted', ({} as Record<string, unknown>).polluted, undefined);
    facts.expectAll();
  });

  test('a payload that is not an object gets the generic code', async () => {
    const facts = new Readings();
    for (const payload of [null, [], 'CASH', 0, true]) {
      facts.validationErrors(`payload = ${valueName(payload)}`, await h.a.post(payinEvent({ payload })), [
        ['payload', WRONG_TYPE],
      ]);
    }
    facts.expectAll();
  });

  test('VAL-MCA-CURRENCY-ISO4217: a bad currencyCode in any item gives ERR-3007 at that item', async () => {
    const facts = new Readings();
    for (const index of [0, 1, 2]) {
      const items = [
        { currencyCode: 'USD', amount: 1 },
        { currencyCode: 'GBP', amount: 2 },
        { currencyCode: 'CHF', amount: 3 },
      ];
      const field = `multiCurrencyAmounts[${index}].currencyCode`;
      for (const currencyCode of ['usd', 'XYZ', '', 840, null]) {
        items[index] = { currencyCode: currencyCode as string, amount: 1 };
        facts.validationErrors(
          `${field} = ${valueName(currencyCode)}`,
          await h.a.post(payinEvent({ multiCurrencyAmounts: items })),
          [[field, 'ERR-3007']],
        );
      }
      items[index] = { amount: 1 } as never;
      facts.validationErrors(
        `${field} missing`,
        await h.a.post(payinEvent({ multiCurrencyAmounts: items })),
        [[field, 'ERR-3007']],
      );
    }
    facts.expectAll();
  });

  test('VAL-MCA-AMOUNT-POSITIVE: a zero, negative or non-number amount in any item gives ERR-3008 at that item', async () => {
    const facts = new Readings();
    for (const index of [0, 1, 4]) {
      const items = Array.from(
        { length: 5 },
        () => ({ currencyCode: 'USD', amount: 10 }) as Record<string, unknown>,
      );
      const field = `multiCurrencyAmounts[${index}].amount`;
      for (const amount of [0, -0, -3, '5', null]) {
        items[index] = { currencyCode: 'USD', amount };
        facts.validationErrors(
          `${field} = ${valueName(amount)}`,
          await h.a.post(payinEvent({ multiCurrencyAmounts: items })),
          [[field, 'ERR-3008']],
        );
      }
      items[index] = { currencyCode: 'USD' };
      facts.validationErrors(
        `${field} missing`,
        await h.a.post(payinEvent({ multiCurrencyAmounts: items })),
        [[field, 'ERR-3008']],
      );
    }
    facts.expectAll();
  });

  test('multiCurrencyAmounts that is not an array, or an item that is not an object, gets the generic code', async () => {
    const facts = new Readings();
    for (const value of [null, {}, 'USD', 1]) {
      facts.validationErrors(
        `multiCurrencyAmounts = ${valueName(value)}`,
        await h.a.post(payinEvent({ multiCurrencyAmounts: value })),
        [['multiCurrencyAmounts', WRONG_TYPE]],
      );
    }
    facts.validationErrors(
      'items that are not objects',
      await h.a.post(
        payinEvent({ multiCurrencyAmounts: [{ currencyCode: 'USD', amount: 1 }, null, 'x', [1]] }),
      ),
      [
        ['multiCurrencyAmounts[1]', WRONG_TYPE],
        ['multiCurrencyAmounts[2]', WRONG_TYPE],
        ['multiCurrencyAmounts[3]', WRONG_TYPE],
      ],
    );
    facts.expectAll();
  });

  test('GAP-EXTRA-TOP-LEVEL-FIELDS: unknown fields of an event or an amount item are rejected with ERR-3014', async () => {
    expectValidationErrors(await h.a.post(payinEvent({ uuid: crypto.randomUUID() })), [
      ['uuid', UNKNOWN_FIELD],
    ]);
    expectValidationErrors(await h.a.post(payinEvent({ ExternalId: 'x', note: null })), [
      ['ExternalId', UNKNOWN_FIELD],
      ['note', UNKNOWN_FIELD],
    ]);
    expectValidationErrors(
      await h.a.post(payinEvent({ multiCurrencyAmounts: [{ currencyCode: 'USD', amount: 1, rate: 1.1 }] })),
      [['multiCurrencyAmounts[0].rate', UNKNOWN_FIELD]],
    );
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const text = JSON.stringify(payinEvent()).replace(/^\{/, `{"${key}":{"isAdmin":true},`);
      expectValidationErrors(await postRaw(text), [[key, UNKNOWN_FIELD]]);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

test.describe('reference: all failures together (part 7.2)', () => {
  test('VAL-ALL-FAILURES: every fault of a body is reported, in the spec field order, first code on top', async () => {
    const answer = await h.a.post({
      externalId: '',
      type: 'INTERNAL_PAYIN',
      countryCode: 'deu',
      currencyCode: 'eur',
      amount: 0,
      status: 'DONE',
      originalStatus: 7,
      payload: {
        channel: 'WIRE',
        beneficiaryName: 'b',
        beneficiaryPersonalId: 'p',
        payerName: 'ok',
        color: 'red',
      },
      multiCurrencyAmounts: [
        { currencyCode: 'USD', amount: 1 },
        { currencyCode: 'usd', amount: -1 },
        { currencyCode: 'GBP', amount: 0 },
      ],
      extra: true,
    });
    expectValidationErrors(answer, [
      ['externalId', 'ERR-3001'],
      ['countryCode', 'ERR-3003'],
      ['currencyCode', 'ERR-3004'],
      ['amount', 'ERR-3005'],
      ['status', 'ERR-3006'],
      ['originalStatus', WRONG_TYPE],
      ['payload.channel', 'ERR-3011'],
      ['payload.beneficiaryName', 'ERR-3009'],
      ['payload.beneficiaryPersonalId', 'ERR-3009'],
      ['payload.color', UNKNOWN_PAYLOAD],
      ['multiCurrencyAmounts[1].currencyCode', 'ERR-3007'],
      ['multiCurrencyAmounts[1].amount', 'ERR-3008'],
      ['multiCurrencyAmounts[2].amount', 'ERR-3008'],
      ['extra', UNKNOWN_FIELD],
    ]);
  });

  test('VAL-BODY-SHAPE: the top-level errorCode is the first failure, not always ERR-3001', async () => {
    const answer = await h.a.post(payoutEvent({ status: 'x', payload: { payerName: 'p' } }));
    expectValidationErrors(answer, [
      ['status', 'ERR-3006'],
      ['payload.payerName', 'ERR-3010'],
    ]);
    expect(answer.body.errorCode).toBe('ERR-3006');
    expect(Object.keys(answer.body).sort()).toEqual(['errorCode', 'errors', 'status', 'title']);
    for (const item of answer.body.errors)
      expect(Object.keys(item).sort()).toEqual(['errorCode', 'field', 'message']);
  });

  test('GAP-REQUIRED-FIELDS: an empty object fails every required field; with no valid type, exclusivity is not judged', async () => {
    expectValidationErrors(await h.a.post({}), [
      ['externalId', 'ERR-3001'],
      ['type', 'ERR-3002'],
      ['countryCode', 'ERR-3003'],
      ['currencyCode', 'ERR-3004'],
      ['amount', 'ERR-3005'],
      ['status', 'ERR-3006'],
    ]);
    expectValidationErrors(
      await h.a.post(payinEvent({ type: 'BOTH', payload: { payerName: 'a', beneficiaryName: 'b' } })),
      [['type', 'ERR-3002']],
    );
  });

  test('VAL-STATUS-400: validation failures answer 400, never 422', async () => {
    const answer = await h.a.post({ externalId: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe(400);
  });

  test('a rejected body creates nothing', async () => {
    const before = h.app.reference.eventCount();
    const event = payinEvent({ amount: -5 });
    await h.a.post(event);
    expect(h.app.reference.eventCount()).toBe(before);
    // …so the same externalId is still free
    expect((await h.a.post({ ...event, amount: 5 })).status).toBe(201);
  });
});
