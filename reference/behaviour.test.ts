import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ALL_ERROR_CODES } from '../spec/index.ts';
import { buildReferenceApp } from './app.ts';
import {
  AMOUNT_FORMAT_READINGS,
  CONTENT_TYPE_READINGS,
  DEFAULT_BEHAVIOUR,
  ERRORS_ORDER_READINGS,
  EVENT_ENVELOPE_READINGS,
  FIELD_PATH_READINGS,
  GET_EXTRA_FIELDS_READINGS,
  HEADER_PRECEDENCE_READINGS,
  LISTING_READINGS,
  NON_UUID_PATH_READINGS,
  PUT_SEMANTICS_READINGS,
  PUT_SUCCESS_READINGS,
  RATE_LIMIT_ALGORITHMS,
  RATE_LIMIT_BODY_READINGS,
  REQUIRED_FIELDS_READINGS,
  type ReferenceBehaviour,
  TOKEN_OF_OTHER_TENANT_READINGS,
  UNKNOWN_FIELD_READINGS,
  UNKNOWN_PAYLOAD_FIELD_READINGS,
  UNSUPPORTED_METHOD_READINGS,
  VERSIONS_READINGS,
  WRONG_JSON_TYPE_READINGS,
} from './behaviour.ts';
import { REFERENCE_CODE_LIST, VARIANT_CODE_LIST } from './codes.ts';
import { formatFieldPath } from './field-path.ts';
import { MUTANT_NAMES } from './mutants.ts';
import { resolveBehaviour } from './resolve-behaviour.ts';
import {
  credentialHeaders,
  EVENTS_PATH,
  eventUrl,
  expectSimpleError,
  expectStructuredError,
  type Harness,
  payinEvent,
  payoutEvent,
  send,
  withHarness,
} from './test-support.ts';
import { VARIANT_NAMES, VARIANTS } from './variants.ts';

const withBehaviour = <T>(
  behaviour: Partial<ReferenceBehaviour>,
  fn: (h: Harness) => Promise<T>,
): Promise<T> => withHarness({ behaviour }, fn);

/** A body with faults at every depth, for order and notation checks. */
const MULTI_FAULT = {
  ...payinEvent({ externalId: 'multi-fault' }),
  type: 'INTERNAL_PAYIN',
  amount: 0,
  payload: { channel: 'X', 'a/b~c': 1 },
  multiCurrencyAmounts: [
    { currencyCode: 'USD', amount: 1 },
    { currencyCode: 'usd', amount: 1 },
  ],
};

const fieldsAndCodes = (body: { errors: { field: string; errorCode: string }[] }): string[][] =>
  body.errors.map((e) => [e.field, e.errorCode]);

test.describe('reference: behaviour options (readings of the spec gaps)', () => {
  test('the reference codes it invented collide with none of the spec and are distinct', () => {
    const variantCodes = VARIANT_CODE_LIST.map((c) => c.code);
    for (const code of variantCodes) expect(ALL_ERROR_CODES as readonly string[]).not.toContain(code);
    const invented = REFERENCE_CODE_LIST.map((c) => c.code);
    expect(new Set([...invented, ...variantCodes]).size).toBe(invented.length + variantCodes.length);
    expect(new Set(invented).size).toBe(invented.length);
    for (const code of invented) expect(ALL_ERROR_CODES as readonly string[]).not.toContain(code);
    for (const { status } of REFERENCE_CODE_LIST) expect([400, 404, 429]).toContain(status);
  });

  test('GAP-PUT-STATUS: putSuccess event-200 | uuid-200 | no-content-204', async () => {
    for (const [putSuccess, status, shape] of [
      ['event-200', 200, 'event'],
      ['uuid-200', 200, 'uuid'],
      ['no-content-204', 204, 'empty'],
    ] as const) {
      await withBehaviour({ putSuccess }, async ({ a }) => {
        const event = payinEvent();
        const uuid = await a.create(event);
        const update = { ...event, amount: 1 };
        const answer = await a.put(uuid, update);
        expect(answer.status).toBe(status);
        if (shape === 'event') expect(answer.body).toEqual({ ...update, uuid });
        if (shape === 'uuid') expect(answer.body).toEqual({ uuid });
        if (shape === 'empty') expect(answer.text).toBe('');
        expect((await a.get(uuid)).body.amount).toBe(1);
      });
    }
  });

  test('GAP-GET-BODY: getExtraFields timestamps adds createdAt and updatedAt', async () => {
    let now = Date.parse('2026-05-01T10:00:00.000Z');
    await withHarness({ behaviour: { getExtraFields: 'timestamps' }, clock: () => now }, async ({ a }) => {
      const event = payinEvent();
      const uuid = await a.create(event);
      now += 5000;
      await a.put(uuid, { ...event, status: 'BOOKED' });
      expect((await a.get(uuid)).body).toEqual({
        ...event,
        status: 'BOOKED',
        uuid,
        createdAt: '2026-05-01T10:00:00.000Z',
        updatedAt: '2026-05-01T10:00:05.000Z',
      });
    });
  });

  test('GAP-ERRORS-ORDER: errorsOrder spec | reversed | by-code, the top-level code always the first item', async () => {
    const expectedSpec = [
      ['amount', 'ERR-3005'],
      ['payload.channel', 'ERR-3011'],
      ['payload.a/b~c', 'ERR-3012'],
      ['multiCurrencyAmounts[1].currencyCode', 'ERR-3007'],
    ];
    const orders: Record<ReferenceBehaviour['errorsOrder'], string[][]> = {
      spec: expectedSpec,
      reversed: [...expectedSpec].reverse(),
      'by-code': [expectedSpec[0], expectedSpec[3], expectedSpec[1], expectedSpec[2]] as string[][],
      'by-field': [expectedSpec[0], expectedSpec[3], expectedSpec[2], expectedSpec[1]] as string[][],
    };
    for (const [errorsOrder, expected] of Object.entries(orders)) {
      await withBehaviour(
        { errorsOrder: errorsOrder as ReferenceBehaviour['errorsOrder'] },
        async ({ a }) => {
          const answer = await a.post(MULTI_FAULT);
          expect(answer.status).toBe(400);
          expect(fieldsAndCodes(answer.body)).toEqual(expected);
          expect(answer.body.errorCode).toBe(expected[0]?.[1]);
        },
      );
    }
  });

  test('GAP-FIELD-PATH: fieldPath dot | pointer | leaf | jsonpath | pascal | body-prefixed | dot-index', async () => {
    const expected: Record<ReferenceBehaviour['fieldPath'], string[]> = {
      dot: ['amount', 'payload.channel', 'payload.a/b~c', 'multiCurrencyAmounts[1].currencyCode'],
      pointer: ['/amount', '/payload/channel', '/payload/a~1b~0c', '/multiCurrencyAmounts/1/currencyCode'],
      leaf: ['amount', 'channel', 'a/b~c', 'currencyCode'],
      jsonpath: [
        '$.amount',
        '$.payload.channel',
        "$.payload['a/b~c']",
        '$.multiCurrencyAmounts[1].currencyCode',
      ],
      pascal: ['Amount', 'Payload.Channel', 'Payload.A/b~c', 'MultiCurrencyAmounts[1].CurrencyCode'],
      'body-prefixed': [
        'body.amount',
        'body.payload.channel',
        'body.payload.a/b~c',
        'body.multiCurrencyAmounts.1.currencyCode',
      ],
      'dot-index': ['amount', 'payload.channel', 'payload.a/b~c', 'multiCurrencyAmounts.1.currencyCode'],
    };
    for (const [fieldPath, fields] of Object.entries(expected)) {
      await withBehaviour({ fieldPath: fieldPath as ReferenceBehaviour['fieldPath'] }, async ({ a }) => {
        const answer = await a.post(MULTI_FAULT);
        expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual(fields);
      });
    }
    expect(formatFieldPath(['multiCurrencyAmounts', 0], 'leaf')).toBe('multiCurrencyAmounts');
    expect(formatFieldPath(['multiCurrencyAmounts', 0], 'dot')).toBe('multiCurrencyAmounts[0]');
  });

  test('GAP-UNKNOWN-PAYLOAD-CODE: unknownPayloadPropertyCode sets the code, still 400 among the other failures', async () => {
    await withBehaviour({ unknownPayloadPropertyCode: 'ERR-3777' }, async ({ a }) => {
      const answer = await a.post(payinEvent({ amount: -1, payload: { channel: 'CASH', iban: 'x' } }));
      expect(answer.status).toBe(400);
      expect(fieldsAndCodes(answer.body)).toEqual([
        ['amount', 'ERR-3005'],
        ['payload.iban', 'ERR-3777'],
      ]);
    });
  });

  test('GAP-MALFORMED-JSON: malformedJson sets the status and code', async () => {
    for (const malformedJson of [
      { status: 400, errorCode: 'ERR-4000' },
      { status: 422, errorCode: 'ERR-9001' },
    ] as const) {
      await withBehaviour({ malformedJson }, async ({ app, a }) => {
        const answer = await send(app, {
          method: 'POST',
          url: EVENTS_PATH,
          headers: { ...credentialHeaders(a.tenant), 'content-type': 'application/json' },
          payload: '{oops',
        });
        expectSimpleError(answer, malformedJson.status, malformedJson.errorCode);
      });
    }
  });

  test('GAP-FORBIDDEN-TRIGGER: tokenOfOtherTenant invalid-1002 answers 401 ERR-1002', async () => {
    await withBehaviour({ tokenOfOtherTenant: 'invalid-1002' }, async ({ a, b }) => {
      const uuid = await a.create();
      expectSimpleError(
        await a.get(uuid, { ...credentialHeaders(a.tenant), 'x-client-id': b.tenant.clientId }),
        401,
        'ERR-1002',
      );
    });
  });

  test('GAP-429-BODY: rateLimitBody simple | with-detail | with-retry-after (never a header)', async () => {
    for (const [rateLimitBody, keys] of [
      ['simple', ['errorCode', 'status', 'title']],
      ['with-detail', ['detail', 'errorCode', 'status', 'title']],
      ['with-retry-after', ['errorCode', 'retryAfterSeconds', 'status', 'title']],
    ] as const) {
      await withHarness(
        { behaviour: { rateLimitBody }, rateLimit: { requestsPerWindow: 1, windowSeconds: 30 } },
        async ({ a }) => {
          await a.get(crypto.randomUUID());
          const limited = await a.get(crypto.randomUUID());
          expectSimpleError(limited, 429, 'ERR-9429');
          expect(Object.keys(limited.body).sort()).toEqual([...keys]);
          if (rateLimitBody === 'with-retry-after') expect(limited.body.retryAfterSeconds).toBe(30);
          expect(Object.keys(limited.headers).filter((n) => /retry|ratelimit/i.test(n))).toEqual([]);
        },
      );
    }
  });

  test('GAP-EXTRA-TOP-LEVEL-FIELDS: unknownTopLevelFields drop stores the event without them', async () => {
    await withBehaviour({ unknownTopLevelFields: 'drop' }, async ({ a }) => {
      const event = payinEvent();
      const uuid = await a.create({
        ...event,
        note: 'x',
        multiCurrencyAmounts: [{ currencyCode: 'USD', amount: 2, rate: 1.1 }],
      });
      expect((await a.get(uuid)).body).toEqual({
        ...event,
        multiCurrencyAmounts: [{ currencyCode: 'USD', amount: 2 }],
        uuid,
      });
    });
  });

  test('GAP-EXTRA-TOP-LEVEL-FIELDS: unknownTopLevelFields keep stores them as sent; uuid stays the server’s', async () => {
    await withBehaviour({ unknownTopLevelFields: 'keep' }, async ({ app, a }) => {
      const event = { ...payinEvent(), note: { nested: [1, 2] }, uuid: 'client-uuid' };
      const uuid = await a.create(event);
      expect((await a.get(uuid)).body).toEqual({ ...event, uuid });
      // a __proto__ key is kept as an ordinary field and does not touch a prototype
      const text = `{"__proto__":{"kept":true},${JSON.stringify(payinEvent()).slice(1)}`;
      const created = await send(app, {
        method: 'POST',
        url: EVENTS_PATH,
        headers: { ...credentialHeaders(a.tenant), 'content-type': 'application/json' },
        payload: text,
      });
      expect(created.status).toBe(201);
      const fetched = await a.get(created.body.uuid);
      expect(fetched.text).toContain('"__proto__":{"kept":true}');
      expect(({} as Record<string, unknown>).kept).toBeUndefined();
    });
  });

  test('GAP-REQUIRED-FIELDS: requiredFields external-id-only accepts an event of externalId alone', async () => {
    await withBehaviour({ requiredFields: 'external-id-only' }, async ({ a }) => {
      const uuid = await a.create({ externalId: 'only-this' });
      expect((await a.get(uuid)).body).toEqual({ externalId: 'only-this', uuid });
      // present fields are still validated, and externalId is still required
      expect(fieldsAndCodes((await a.post({ externalId: 'x', amount: 0 })).body)).toEqual([
        ['amount', 'ERR-3005'],
      ]);
      expect(fieldsAndCodes((await a.post({ type: 'INTERNAL_PAYIN' })).body)).toEqual([
        ['externalId', 'ERR-3001'],
      ]);
    });
  });

  test('GAP-NON-UUID-PATH: nonUuidPathId bad-request-400 answers 400 ERR-9006 on GET and PUT', async () => {
    await withBehaviour({ nonUuidPathId: 'bad-request-400' }, async ({ a }) => {
      expectSimpleError(await a.get('not-a-uuid'), 400, 'ERR-9006');
      expectSimpleError(await a.put('not-a-uuid', payinEvent()), 400, 'ERR-9006');
      expectSimpleError(await a.get(crypto.randomUUID()), 404, 'ERR-4002');
    });
  });

  test('behaviour options are checked at start', () => {
    expect(resolveBehaviour()).toEqual(DEFAULT_BEHAVIOUR);
    expect(resolveBehaviour({ putSuccess: undefined }, undefined)).toEqual(DEFAULT_BEHAVIOUR);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ putSuccess: '201' }, /putSuccess must be one of event-200, no-content-204, uuid-200/],
      [{ fieldPath: 'xpath' }, /fieldPath must be one of/],
      [{ unknownPayloadPropertyCode: 'E42' }, /unknownPayloadPropertyCode must be an error code/],
      [
        { malformedJson: { status: 500, errorCode: 'ERR-9001' } },
        /malformedJson.status must be one of 400, 422/,
      ],
      [
        { rateLimitAlgorithm: 'leaky' },
        /rateLimitAlgorithm must be one of fixed-window, sliding-window, token-bucket/,
      ],
      [{ putStatus: 200 }, /Unknown behaviour option "putStatus"/],
    ];
    for (const [behaviour, message] of bad) {
      expect(() => buildReferenceApp({ behaviour: behaviour as Partial<ReferenceBehaviour> })).toThrow(
        message,
      );
    }
  });
});

/**
 * The event a GET shows, read in every way the readings allow: unwrapped from an envelope, amounts as
 * numbers (a decimal string is the same amount).
 */
const eventShown = (body: Record<string, unknown>): Record<string, unknown> => {
  const event = { ...((body.data as Record<string, unknown> | undefined) ?? body) };
  if (typeof event.amount === 'string') event.amount = Number(event.amount);
  if (Array.isArray(event.multiCurrencyAmounts)) {
    event.multiCurrencyAmounts = event.multiCurrencyAmounts.map((item: Record<string, unknown>) =>
      typeof item.amount === 'string' ? { ...item, amount: Number(item.amount) } : item,
    );
  }
  return event;
};

/**
 * A compact check of the stated rules that every reading must keep. Each variant must pass it; the
 * conformance suite is the full version of this. Where a reading restricts a value the spec leaves
 * open (originalStatus, personal id types), the event takes one the reading allows.
 */
const statedRulesHold = async (h: Harness): Promise<void> => {
  const { app, a, b } = h;
  const { originalStatusValues, personalIdTypes } = app.reference.behaviour;
  const event = payoutEvent({
    ...(originalStatusValues === 'any' ? {} : { originalStatus: originalStatusValues[0] }),
    ...(personalIdTypes === 'any'
      ? {}
      : { payload: { ...(payoutEvent().payload as object), beneficiaryPersonalIdType: personalIdTypes[0] } }),
  });
  const created = await a.post(event);
  expect(created.status).toBe(201);
  const uuid = created.body.uuid as string;
  const fetched = await a.get(uuid);
  expect(fetched.status).toBe(200);
  expect(eventShown(fetched.body)).toEqual(expect.objectContaining({ ...event, uuid }));
  expectSimpleError(await a.post(event), 400, 'ERR-4001');
  expect((await b.post(event)).status).toBe(201);
  expectSimpleError(await b.get(uuid), 404, 'ERR-4002');
  expectSimpleError(await b.put(uuid, payoutEvent()), 404, 'ERR-4002');
  expectSimpleError(await a.get(crypto.randomUUID()), 404, 'ERR-4002');
  const updated = await a.put(uuid, { ...event, amount: 3 });
  expect(updated.status).toBeGreaterThanOrEqual(200);
  expect(updated.status).toBeLessThan(300);
  expect(eventShown((await a.get(uuid)).body).amount).toBe(3);
  // all failures, any order, any notation
  const invalid = await a.post(
    payinEvent({ externalId: '', countryCode: 'deu', payload: { channel: 'X', beneficiaryName: 'b' } }),
  );
  expect(invalid.status).toBe(400);
  expectStructuredError(invalid);
  expect(invalid.body.title).toMatch(/validation errors/i);
  expect(invalid.body.errorCode).toBe(invalid.body.errors[0].errorCode);
  expect(invalid.body.errors.map((e: { errorCode: string }) => e.errorCode).sort()).toEqual([
    'ERR-3001',
    'ERR-3003',
    'ERR-3009',
    'ERR-3011',
  ]);
  const unknownProperty = await a.post(payinEvent({ payload: { foo: 1 } }));
  expect(unknownProperty.status).toBe(400);
  expect((await a.post(payinEvent({ payload: {} }))).status).toBe(201);
  // headers
  expectSimpleError(await a.get(uuid, { 'x-client-id': a.tenant.clientId }), 401, 'ERR-1001');
  expectSimpleError(await a.get(uuid, { 'x-access-token': a.tenant.accessToken }), 400, 'ERR-2001');
  expectSimpleError(
    await a.get(uuid, { ...credentialHeaders(a.tenant), 'x-client-id': 'x' }),
    400,
    'ERR-2002',
  );
  expectSimpleError(
    await a.get(uuid, { ...credentialHeaders(a.tenant), 'x-access-token': 'svc_test_x' }),
    401,
    'ERR-1002',
  );
  const foreign = await a.get(uuid, { ...credentialHeaders(a.tenant), 'x-client-id': b.tenant.clientId });
  expect([401, 403]).toContain(foreign.status);
  expectStructuredError(foreign);
  // malformed JSON is a structured 4xx
  const malformed = await send(app, {
    method: 'POST',
    url: EVENTS_PATH,
    headers: { ...credentialHeaders(a.tenant), 'content-type': 'application/json' },
    payload: '{',
  });
  expect(malformed.status).toBe(400);
  expectStructuredError(malformed);
  expect(
    (await send(app, { method: 'GET', url: eventUrl('x'), headers: credentialHeaders(a.tenant) })).status,
  ).toBeLessThan(500);
};

const rateLimitHolds = async (h: Harness): Promise<void> => {
  for (let i = 0; i < 3; i += 1) expect((await h.rateLimited.get(crypto.randomUUID())).status).toBe(404);
  const limited = await h.rateLimited.get(crypto.randomUUID());
  expect(limited.status).toBe(429);
  expectStructuredError(limited);
  expect(Object.keys(limited.headers).filter((n) => /retry|ratelimit/i.test(n))).toEqual([]);
  expect((await h.a.get(crypto.randomUUID())).status).toBe(404);
};

test.describe('reference: variants (coherent other readings)', () => {
  test('there are at least 8 named variants, each a valid behaviour, and unknown names are refused', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(VARIANT_NAMES).size).toBe(VARIANTS.length);
    for (const variant of VARIANTS) {
      expect(variant.description.length).toBeGreaterThan(10);
      expect(Object.keys(variant.behaviour).length).toBeGreaterThan(0);
      expect(() => resolveBehaviour(variant.behaviour)).not.toThrow();
    }
    expect(() => buildReferenceApp({ variant: 'nope' })).toThrow(
      /Unknown reference variant "nope". Known variants: put-no-content/,
    );
  });

  test('at least 25 variants, the five whole-stack ones among them', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(25);
    for (const name of ['spring-like', 'dotnet-like', 'express-ajv-like', 'fastapi-like', 'go-like']) {
      expect(VARIANT_NAMES).toContain(name);
    }
  });

  test('every reading of every enumerated option is taken by the reference or some variant', () => {
    const readings: Record<string, readonly string[]> = {
      putSuccess: PUT_SUCCESS_READINGS,
      putSemantics: PUT_SEMANTICS_READINGS,
      getExtraFields: GET_EXTRA_FIELDS_READINGS,
      eventEnvelope: EVENT_ENVELOPE_READINGS,
      amountFormat: AMOUNT_FORMAT_READINGS,
      errorsOrder: ERRORS_ORDER_READINGS,
      fieldPath: FIELD_PATH_READINGS,
      unknownPayloadPropertyField: UNKNOWN_PAYLOAD_FIELD_READINGS,
      wrongJsonType: WRONG_JSON_TYPE_READINGS,
      tokenOfOtherTenant: TOKEN_OF_OTHER_TENANT_READINGS,
      headerPrecedence: HEADER_PRECEDENCE_READINGS,
      rateLimitAlgorithm: RATE_LIMIT_ALGORITHMS,
      rateLimitBody: RATE_LIMIT_BODY_READINGS,
      unknownTopLevelFields: UNKNOWN_FIELD_READINGS,
      requiredFields: REQUIRED_FIELDS_READINGS,
      contentType: CONTENT_TYPE_READINGS,
      nonUuidPathId: NON_UUID_PATH_READINGS,
      unsupportedMethod: UNSUPPORTED_METHOD_READINGS,
      listing: LISTING_READINGS,
      versions: VERSIONS_READINGS,
    };
    for (const [option, values] of Object.entries(readings)) {
      const taken = new Set(
        [DEFAULT_BEHAVIOUR, ...VARIANTS.map((v) => resolveBehaviour(v.behaviour))].map(
          (b) => (b as unknown as Record<string, string>)[option],
        ),
      );
      for (const value of values) expect(taken.has(value), `${option}: ${value}`).toBe(true);
    }
  });

  test('every gap option is read differently by at least one variant', () => {
    for (const key of Object.keys(DEFAULT_BEHAVIOUR) as (keyof ReferenceBehaviour)[]) {
      const differs = VARIANTS.some(
        (v) =>
          key in v.behaviour && JSON.stringify(v.behaviour[key]) !== JSON.stringify(DEFAULT_BEHAVIOUR[key]),
      );
      expect(differs, key).toBe(true);
    }
  });

  test('a variant is started by name; explicit behaviour overlays it', async () => {
    const app = buildReferenceApp({ variant: 'put-no-content', behaviour: { getExtraFields: 'none' } });
    expect(app.reference.variant).toBe('put-no-content');
    expect(app.reference.behaviour.putSuccess).toBe('no-content-204');
    expect(app.reference.behaviour.getExtraFields).toBe('none');
    await app.close();
  });

  for (const variant of [undefined, ...VARIANT_NAMES]) {
    test(`variant ${variant ?? '(reference)'} keeps every stated rule`, async () => {
      await withHarness({ variant, rateLimit: { requestsPerWindow: 3, windowSeconds: 60 } }, async (h) => {
        await rateLimitHolds(h);
      });
      await withHarness({ variant }, statedRulesHold);
    });
  }
});

test('reference/README.md documents every invented code, behaviour option, variant and mutant', () => {
  const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
  const names = [
    ...REFERENCE_CODE_LIST.map((c) => c.code),
    ...VARIANT_CODE_LIST.map((c) => c.code),
    ...Object.keys(DEFAULT_BEHAVIOUR).map((key) => `\`${key}`),
    ...VARIANT_NAMES.map((name) => `\`${name}\``),
    ...MUTANT_NAMES.map((name) => `\`${name}\``),
  ];
  for (const name of names) expect(readme, name).toContain(name);
});
