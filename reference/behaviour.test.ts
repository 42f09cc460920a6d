/**
 * The reference's behaviour options (behaviour.ts), the first readings of the spec's gaps, one test
 * each; the codes the reference invented; and its README naming every code, option, variant and mutant.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { ALL_ERROR_CODES } from '../spec/index.ts';
import { DEFAULT_BEHAVIOUR, type ReferenceBehaviour } from './behaviour.ts';
import { REFERENCE_CODE_LIST, VARIANT_CODE_LIST } from './codes.ts';
import { formatFieldPath } from './field-path.ts';
import { MUTANT_NAMES } from './mutants.ts';
import { resolveBehaviour } from './resolve-behaviour.ts';
import {
  credentialHeaders,
  EVENTS_PATH,
  expectSimpleError,
  type Harness,
  payinEvent,
  send,
  withHarness,
} from './test-support/reference-app.ts';
import { VARIANT_NAMES } from './variants.ts';

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
    const invented = REFERENCE_CODE_LIST.map((c) => c.code);
    const specCodes = ALL_ERROR_CODES as readonly string[];
    // One expect for each list of codes: each expect is a step Playwright reports with its stack.
    expect([...variantCodes, ...invented].filter((code) => specCodes.includes(code))).toEqual([]);
    expect(new Set([...invented, ...variantCodes]).size).toBe(invented.length + variantCodes.length);
    expect(new Set(invented).size).toBe(invented.length);
    expect(REFERENCE_CODE_LIST.filter(({ status }) => ![400, 404, 429].includes(status))).toEqual([]);
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

  test('GAP-OTHER-OPERATIONS: unknownQueryParameters refused-400 refuses a query once authenticated, whatever the uuid', async () => {
    await withBehaviour({ unknownQueryParameters: 'refused-400' }, async ({ a, app }) => {
      const uuid = await a.create(payinEvent());
      const query = (id: string, headers = credentialHeaders(a.tenant)) =>
        send(app, { method: 'GET', url: `${EVENTS_PATH}/${id}?versions=true`, headers });
      expectSimpleError(await query(uuid), 400, 'ERR-9010');
      expectSimpleError(await query(crypto.randomUUID()), 400, 'ERR-9010');
      // Authentication comes first: a request without a token is refused for it, query or not.
      expectSimpleError(await query(uuid, {}), 401, 'ERR-1001');
      expect((await a.get(uuid)).status).toBe(200);
    });
    expect(() => resolveBehaviour({ unknownQueryParameters: 'refused-400', versions: 'on-request' })).toThrow(
      /unknownQueryParameters/,
    );
  });

  test('ERROR-BODY-SHAPE: errorDetail support-reference adds a detail with a reference new in each answer', async () => {
    await withBehaviour({ errorDetail: 'support-reference' }, async ({ a }) => {
      const [first, second] = [await a.get(crypto.randomUUID()), await a.get(crypto.randomUUID())];
      expectSimpleError(first, 404, 'ERR-4002');
      const detail =
        /^No financial event for the given UUID and tenant\. Quote reference [0-9A-F]{12} to support\.$/;
      expect(first.body.detail).toMatch(detail);
      expect(second.body.detail).toMatch(detail);
      expect(second.body.detail).not.toBe(first.body.detail);
    });
  });

  test('GAP-NON-UUID-PATH: nonUuidPathId bad-request-400 answers 400 ERR-9006 on GET and PUT', async () => {
    await withBehaviour({ nonUuidPathId: 'bad-request-400' }, async ({ a }) => {
      expectSimpleError(await a.get('not-a-uuid'), 400, 'ERR-9006');
      expectSimpleError(await a.put('not-a-uuid', payinEvent()), 400, 'ERR-9006');
      expectSimpleError(await a.get(crypto.randomUUID()), 404, 'ERR-4002');
    });
  });
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
  // Every name the README leaves out, in one expect (a step of Playwright's each, hundreds of names).
  expect(names.filter((name) => !readme.includes(name))).toEqual([]);
});
