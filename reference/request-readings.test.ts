/**
 * The readings of the gaps that change how a request is answered (behaviour.ts), one test each: the
 * codes and items of a validation failure, limits, content types, headers, paths and methods, the 429
 * body; each answer a clean part 7 body.
 */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import type { ReferenceBehaviour } from './behaviour.ts';
import { expectItems, fieldsAndCodes, withBehaviour } from './test-support/readings.ts';
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
  without,
} from './test-support/reference-app.ts';

const raw = (h: Harness, method: 'POST' | 'PUT', url: string, body: string, contentType: string | null) =>
  send(h.app, {
    method,
    url,
    headers: {
      ...credentialHeaders(h.a.tenant),
      ...(contentType === null ? {} : { 'content-type': contentType }),
    },
    payload: body,
  });

test.describe('reference: readings of the gaps (behaviour options)', () => {
  test('GAP-UNKNOWN-PAYLOAD-CODE unknownPayloadPropertyField payload: reported on payload, one item a property', async () => {
    await withBehaviour(
      { unknownPayloadPropertyField: 'payload', unknownPayloadPropertyCode: 'ERR-3000' },
      async ({ a }) => {
        const answer = await a.post(payinEvent({ payload: { channel: 'CASH', iban: 'x', bic: 'y' } }));
        expectItems(answer, 400, [
          ['payload', 'ERR-3000'],
          ['payload', 'ERR-3000'],
        ]);
        expect(answer.body.errors.map((e: { message: string }) => e.message).join(' ')).toMatch(/iban.*bic/);
      },
    );
  });

  test('GAP-FIELD-PATH otherTypeFieldReportedOn: payload (an item a field) or payload-once (one item)', async () => {
    const payin = payinEvent({
      payload: { channel: 'CASH', beneficiaryName: 'J. D.', beneficiaryPersonalId: 'X1' },
    });
    await withBehaviour({ otherTypeFieldReportedOn: 'payload' }, async ({ a }) => {
      expectItems(await a.post(payin), 400, [
        ['payload', 'ERR-3009'],
        ['payload', 'ERR-3009'],
      ]);
    });
    await withBehaviour({ otherTypeFieldReportedOn: 'payload-once' }, async ({ a }) => {
      const answer = await a.post(payin);
      expectItems(answer, 400, [['payload', 'ERR-3009']]);
      expect(answer.body.errors[0].message).toMatch(/beneficiaryName, beneficiaryPersonalId/);
    });
  });

  test('GAP-WRONG-JSON-TYPE wrongJsonType generic-code: ERR-3013 where the spec names no code for the type', async () => {
    await withBehaviour({ wrongJsonType: 'generic-code' }, async ({ a }) => {
      expectItems(await a.post(payinEvent({ externalId: 42 })), 400, [['externalId', 'ERR-3013']]);
      expectItems(await a.post(payinEvent({ amount: '12' })), 400, [['amount', 'ERR-3013']]);
      expectItems(
        await a.post(payinEvent({ multiCurrencyAmounts: [{ currencyCode: 'USD', amount: '1' }] })),
        400,
        [['multiCurrencyAmounts[0].amount', 'ERR-3013']],
      );
      // "otherwise ERR-3002" covers any value, of any type
      expectItems(await a.post(payinEvent({ type: 5 })), 400, [['type', 'ERR-3002']]);
      expectItems(await a.post(payinEvent({ amount: 0 })), 400, [['amount', 'ERR-3005']]);
    });
  });

  test('GAP-WRONG-JSON-TYPE wrongJsonType generic-and-own-code: an amount of the wrong type reported twice', async () => {
    await withBehaviour({ wrongJsonType: 'generic-and-own-code' }, async ({ a }) => {
      expectItems(await a.post(payinEvent({ amount: '12' })), 400, [
        ['amount', 'ERR-3013'],
        ['amount', 'ERR-3005'],
      ]);
      expectItems(
        await a.post(payinEvent({ multiCurrencyAmounts: [{ currencyCode: 'USD', amount: true }] })),
        400,
        [
          ['multiCurrencyAmounts[0].amount', 'ERR-3013'],
          ['multiCurrencyAmounts[0].amount', 'ERR-3008'],
        ],
      );
      expectItems(await a.post(payinEvent({ externalId: 42 })), 400, [['externalId', 'ERR-3013']]);
    });
  });

  test('GAP-MALFORMED-JSON nonObjectBody: a JSON body that is not an object gets its status and code', async () => {
    await withBehaviour({ nonObjectBody: { status: 422, errorCode: 'ERR-4220' } }, async (h) => {
      for (const body of ['[]', '"event"', '42', 'null']) {
        expectSimpleError(await raw(h, 'POST', EVENTS_PATH, body, 'application/json'), 422, 'ERR-4220');
      }
    });
  });

  test('GAP-HEADER-PRECEDENCE headerPrecedence: X-Client-Id first, or the whole token first', async () => {
    const check = async (precedence: ReferenceBehaviour['headerPrecedence'], expected: [number, string][]) =>
      withBehaviour({ headerPrecedence: precedence }, async ({ app, a }) => {
        const url = eventUrl(crypto.randomUUID());
        const cases: Record<string, string>[] = [
          {}, // both absent
          { 'x-access-token': 'svc_test_nope' }, // token invalid, client id absent
          { 'x-access-token': 'svc_test_nope', 'x-client-id': 'nope' }, // token invalid, client id malformed
          { 'x-client-id': 'nope' }, // token absent, client id malformed
          { 'x-access-token': a.tenant.accessToken, 'x-client-id': 'nope' }, // token valid, client id malformed
        ];
        const got = [];
        for (const headers of cases) {
          const answer = await send(app, { method: 'GET', url, headers });
          expectStructuredError(answer);
          got.push([answer.status, answer.body.errorCode]);
        }
        expect(got).toEqual(expected);
      });
    await check('token-then-client-id', [
      [401, 'ERR-1001'],
      [400, 'ERR-2001'],
      [400, 'ERR-2002'],
      [401, 'ERR-1001'],
      [400, 'ERR-2002'],
    ]);
    await check('client-id-first', [
      [400, 'ERR-2001'],
      [400, 'ERR-2001'],
      [400, 'ERR-2002'],
      [400, 'ERR-2002'],
      [400, 'ERR-2002'],
    ]);
    await check('token-first', [
      [401, 'ERR-1001'],
      [401, 'ERR-1002'],
      [401, 'ERR-1002'],
      [401, 'ERR-1001'],
      [400, 'ERR-2002'],
    ]);
  });

  test('GAP-429-BODY rateLimitBody problem-details: RFC 9457 fields beside the part 7 ones, no header', async () => {
    await withHarness(
      {
        behaviour: { rateLimitBody: 'problem-details' },
        rateLimit: { requestsPerWindow: 1, windowSeconds: 30 },
      },
      async ({ a }) => {
        await a.get(crypto.randomUUID());
        const limited = await a.get(crypto.randomUUID());
        expectSimpleError(limited, 429, 'ERR-9429');
        expect(Object.keys(limited.body).sort()).toEqual([
          'detail',
          'errorCode',
          'status',
          'title',
          'traceId',
          'type',
        ]);
        expect(Object.keys(limited.headers).filter((n) => /retry|ratelimit/i.test(n))).toEqual([]);
      },
    );
  });

  test('GAP-REQUIRED-FIELDS requiredFields core-fields: externalId, type, currencyCode and amount', async () => {
    await withBehaviour({ requiredFields: 'core-fields' }, async ({ a }) => {
      const core = {
        externalId: `core-${crypto.randomUUID()}`,
        type: 'INTERNAL_PAYOUT',
        currencyCode: 'EUR',
        amount: 1,
      };
      const uuid = await a.create(core);
      expect((await a.get(uuid)).body).toEqual({ ...core, uuid });
      expectItems(await a.post(without(core, 'amount', 'type')), 400, [
        ['type', 'ERR-3002'],
        ['amount', 'ERR-3005'],
      ]);
    });
  });

  test('GAP-ORIGINAL-STATUS-VALUES originalStatusValues: only the listed values; another gets ERR-3015', async () => {
    await withBehaviour({ originalStatusValues: ['SETTLED', 'CREATED'] }, async ({ a }) => {
      expect((await a.post(payinEvent({ originalStatus: 'SETTLED' }))).status).toBe(201);
      expectItems(await a.post(payinEvent({ originalStatus: 'settled' })), 400, [
        ['originalStatus', 'ERR-3015'],
      ]);
      expectItems(await a.post(payinEvent({ originalStatus: 5 })), 400, [['originalStatus', 'ERR-3013']]);
    });
  });

  test('GAP-PERSONAL-ID-TYPE-VALUES personalIdTypes: only the listed values; another gets ERR-3015', async () => {
    await withBehaviour({ personalIdTypes: ['PASSPORT', 'CPF'] }, async ({ a }) => {
      expect((await a.post(payinEvent())).status).toBe(201); // PASSPORT
      expect((await a.post(payoutEvent())).status).toBe(201); // CPF
      const payin = payinEvent({ payload: { channel: 'CASH', payerPersonalIdType: 'TAX_ID' } });
      expectItems(await a.post(payin), 400, [['payload.payerPersonalIdType', 'ERR-3015']]);
      // exclusivity is still judged first: a payout field in a payin is ERR-3009 whatever its value
      const mixed = payinEvent({ payload: { beneficiaryPersonalIdType: 'TAX_ID' } });
      expectItems(await a.post(mixed), 400, [['payload.beneficiaryPersonalIdType', 'ERR-3009']]);
    });
  });

  test('GAP-FIELD-LIMITS amountColumn: an amount too large for the column overflows into 500 ERR-5001, nothing stored', async () => {
    await withBehaviour({ amountColumn: { integerDigits: 4 } }, async ({ a }) => {
      const fits = payinEvent({
        amount: 9999.99,
        multiCurrencyAmounts: [{ currencyCode: 'USD', amount: 9999 }],
      });
      expect((await a.post(fits)).status).toBe(201);
      const large = payinEvent({ amount: 10000 });
      expectSimpleError(await a.post(large), 500, 'ERR-5001');
      expect((await a.post(large)).status).toBe(500);
      const item = payinEvent({ multiCurrencyAmounts: [{ currencyCode: 'USD', amount: -1e6 }] });
      expectItems(await a.post(item), 400, [['multiCurrencyAmounts[0].amount', 'ERR-3008']]);
      const uuid = await a.create(payinEvent());
      expectSimpleError(await a.put(uuid, payinEvent({ amount: 1e9 })), 500, 'ERR-5001');
    });
  });

  test('GAP-FIELD-LIMITS fieldLimits: ERR-3016 items; 422 when every failure is a limit, 400 with another fault', async () => {
    await withBehaviour(
      {
        fieldLimits: {
          externalIdMaxLength: 10,
          maxMultiCurrencyAmounts: 2,
          amountMaxDecimals: 2,
          amountMaxIntegerDigits: 8,
          status: 422,
        },
      },
      async ({ a }) => {
        expectItems(await a.post(payinEvent({ externalId: 'x'.repeat(11) })), 422, [
          ['externalId', 'ERR-3016'],
        ]);
        expect((await a.post(payinEvent({ externalId: `l-${Date.now() % 1e8}` }))).status).toBe(201);
        expectItems(await a.post(payinEvent({ externalId: 'ok-1', amount: 1.239 })), 422, [
          ['amount', 'ERR-3016'],
        ]);
        const items = [1, 2, 3].map((amount) => ({ currencyCode: 'USD', amount }));
        expectItems(await a.post(payinEvent({ externalId: 'ok-2', multiCurrencyAmounts: items })), 422, [
          ['multiCurrencyAmounts', 'ERR-3016'],
        ]);
        expectItems(
          await a.post(
            payinEvent({
              externalId: 'ok-3',
              multiCurrencyAmounts: [{ currencyCode: 'USD', amount: 0.001 }],
            }),
          ),
          422,
          [['multiCurrencyAmounts[0].amount', 'ERR-3016']],
        );
        expect((await a.post(payinEvent({ externalId: 'ok-4', amount: 99_999_999.99 }))).status).toBe(201);
        expectItems(await a.post(payinEvent({ externalId: 'ok-5', amount: 100_000_000 })), 422, [
          ['amount', 'ERR-3016'],
        ]);
        expectItems(await a.post(payinEvent({ externalId: 'x'.repeat(11), amount: 0 })), 400, [
          ['externalId', 'ERR-3016'],
          ['amount', 'ERR-3005'],
        ]);
      },
    );
  });

  test('GAP-FIELD-LIMITS bodyLimit: a body over maxBytes gets 413 ERR-9005', async () => {
    await withBehaviour({ bodyLimit: { maxBytes: 8192, status: 413 } }, async (h) => {
      const big = JSON.stringify(payinEvent({ originalStatus: 'x'.repeat(9000) }));
      expectSimpleError(await raw(h, 'POST', EVENTS_PATH, big, 'application/json'), 413, 'ERR-9005');
      expect((await h.a.post(payinEvent())).status).toBe(201);
    });
  });

  test('GAP-CONTENT-TYPE contentType required-415 | treated-as-empty | parse-any', async () => {
    const body = () => JSON.stringify(payinEvent());
    await withBehaviour({ contentType: 'required-415' }, async (h) => {
      expectSimpleError(await raw(h, 'POST', EVENTS_PATH, body(), 'text/plain'), 415, 'ERR-9004');
      expectSimpleError(await raw(h, 'POST', EVENTS_PATH, body(), null), 415, 'ERR-9004');
      expectSimpleError(await raw(h, 'POST', EVENTS_PATH, body(), 'json'), 415, 'ERR-9004');
    });
    await withBehaviour({ contentType: 'treated-as-empty' }, async (h) => {
      for (const contentType of ['text/plain', null]) {
        const answer = await raw(h, 'POST', EVENTS_PATH, body(), contentType);
        expect(answer.status).toBe(400);
        expect(fieldsAndCodes(answer)[0]).toEqual(['externalId', 'ERR-3001']);
      }
      expect(h.app.reference.eventCount()).toBe(0);
    });
    await withBehaviour({ contentType: 'parse-any' }, async (h) => {
      expect((await raw(h, 'POST', EVENTS_PATH, body(), 'text/plain')).status).toBe(201);
      expect((await raw(h, 'POST', EVENTS_PATH, body(), null)).status).toBe(201);
      expectSimpleError(await raw(h, 'POST', EVENTS_PATH, '{oops', 'text/plain'), 400, 'ERR-9001');
      expectSimpleError(
        await send(h.app, { method: 'POST', url: EVENTS_PATH, headers: credentialHeaders(h.a.tenant) }),
        400,
        'ERR-9001',
      );
    });
  });

  test('GAP-NON-UUID-PATH nonUuidPathId route-not-found-404: 404 ERR-9404, as for a route that does not match', async () => {
    await withBehaviour({ nonUuidPathId: 'route-not-found-404' }, async ({ a }) => {
      expectSimpleError(await a.get('not-a-uuid'), 404, 'ERR-9404');
      expectSimpleError(await a.put('not-a-uuid', payinEvent()), 404, 'ERR-9404');
      expectSimpleError(await a.get(crypto.randomUUID()), 404, 'ERR-4002');
    });
  });

  test('GAP-OTHER-OPERATIONS unsupportedMethod method-not-allowed-405: 405 ERR-9405 with Allow; unknown paths stay 404', async () => {
    await withBehaviour({ unsupportedMethod: 'method-not-allowed-405' }, async ({ app, a }) => {
      const uuid = await a.create();
      const deleted = await send(app, {
        method: 'DELETE',
        url: eventUrl(uuid),
        headers: credentialHeaders(a.tenant),
      });
      expectSimpleError(deleted, 405, 'ERR-9405');
      expect(deleted.headers.allow).toBe('GET, HEAD, PUT');
      const listing = await send(app, {
        method: 'GET',
        url: EVENTS_PATH,
        headers: credentialHeaders(a.tenant),
      });
      expectSimpleError(listing, 405, 'ERR-9405');
      expect(listing.headers.allow).toBe('POST');
      expectSimpleError(await send(app, { method: 'GET', url: '/api/h2h/nothing' }), 404, 'ERR-9404');
      expect((await a.get(uuid)).status).toBe(200);
    });
  });

  test('GAP-VERSIONING versionHeader: the header on every answer, errors included', async () => {
    await withBehaviour({ versionHeader: { name: 'Api-Version', value: '1.0' } }, async ({ app, a }) => {
      const created = await a.post(payinEvent());
      const missing = await a.get(crypto.randomUUID());
      const stranger = await send(app, { method: 'GET', url: eventUrl(crypto.randomUUID()) });
      for (const answer of [created, missing, stranger]) expect(answer.headers['api-version']).toBe('1.0');
    });
  });
});
