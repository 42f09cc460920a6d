/**
 * The readings of the gaps the variants take (behaviour.ts), one test each: what the option changes,
 * and that it stays clean (a part 7 body, nothing changed by a refusal).
 */
import { expect, test } from '@playwright/test';
import { buildReferenceApp } from './app.ts';
import type { ReferenceBehaviour } from './behaviour.ts';
import {
  type Answer,
  credentialHeaders,
  EVENTS_PATH,
  eventUrl,
  expectSimpleError,
  expectStructuredError,
  type Harness,
  jsonHeaders,
  payinEvent,
  payoutEvent,
  send,
  withHarness,
  without,
} from './test-support.ts';

const withBehaviour = <T>(
  behaviour: Partial<ReferenceBehaviour>,
  fn: (h: Harness) => Promise<T>,
): Promise<T> =>
  withHarness({ behaviour, rateLimit: { requestsPerWindow: 1_000_000, windowSeconds: 60 } }, fn);

const fieldsAndCodes = (answer: Answer): string[][] =>
  (answer.body.errors as { field: string; errorCode: string }[]).map((e) => [e.field, e.errorCode]);

/** A 7.2 body with this status and exactly these items (field, code), in order. */
const expectItems = (answer: Answer, status: number, items: string[][]): void => {
  expect(answer.status, answer.text).toBe(status);
  expectStructuredError(answer);
  expect(fieldsAndCodes(answer)).toEqual(items);
  expect(answer.body.errorCode).toBe(items[0]?.[1]);
};

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
  test('GAP-PUT-BODY putSemantics merge: fields a PUT leaves out keep their values, but externalId; the merged event is validated', async () => {
    await withBehaviour({ putSemantics: 'merge' }, async ({ a }) => {
      const event = payinEvent();
      const uuid = await a.create(event);
      const answer = await a.put(uuid, { externalId: event.externalId, amount: 7, status: 'BOOKED' });
      expect(answer.status).toBe(200);
      expect((await a.get(uuid)).body).toEqual({ ...event, amount: 7, status: 'BOOKED', uuid });
      expectItems(await a.put(uuid, { externalId: event.externalId, amount: 0 }), 400, [
        ['amount', 'ERR-3005'],
      ]);
      // externalId, required of a PUT body too (2.1), is never taken from the stored event
      expectItems(await a.put(uuid, { amount: 8 }), 400, [['externalId', 'ERR-3001']]);
      expect((await a.get(uuid)).body.amount).toBe(7);
    });
  });

  test('GAP-PUT-BODY immutableOnUpdate: a change of type refused with 409 (7.1) and nothing changed; other changes apply', async () => {
    await withBehaviour(
      { immutableOnUpdate: { fields: ['type'], status: 409, errorCode: 'ERR-4009' } },
      async ({ a }) => {
        const event = payinEvent();
        const uuid = await a.create(event);
        const payout = payoutEvent({ externalId: event.externalId });
        expectSimpleError(await a.put(uuid, payout), 409, 'ERR-4009');
        expect((await a.get(uuid)).body).toEqual({ ...event, uuid });
        expect((await a.put(uuid, { ...event, amount: 9 })).status).toBe(200);
        expect((await a.get(uuid)).body.amount).toBe(9);
      },
    );
  });

  test('GAP-PUT-BODY immutableOnUpdate: 400 with the 7.2 body naming each field, in the chosen notation', async () => {
    await withBehaviour(
      {
        immutableOnUpdate: { fields: ['type', 'externalId'], status: 400, errorCode: 'ERR-3017' },
        fieldPath: 'pointer',
      },
      async ({ a }) => {
        const event = payinEvent();
        const uuid = await a.create(event);
        const answer = await a.put(uuid, payoutEvent({ externalId: `${event.externalId}-renamed` }));
        expectItems(answer, 400, [
          ['/type', 'ERR-3017'],
          ['/externalId', 'ERR-3017'],
        ]);
        expect(answer.body.title).toMatch(/validation errors/i);
        expect((await a.get(uuid)).body).toEqual({ ...event, uuid });
      },
    );
  });

  test('GAP-STATUS-TRANSITIONS statusTransitions: BOOKED and REJECTED final; leaving them refused, nothing changed', async () => {
    await withBehaviour(
      { statusTransitions: { finalStatuses: ['BOOKED', 'REJECTED'], status: 409, errorCode: 'ERR-4010' } },
      async ({ a }) => {
        const event = payinEvent({ status: 'PENDING' });
        const uuid = await a.create(event);
        expect((await a.put(uuid, { ...event, status: 'BOOKED' })).status).toBe(200); // PENDING → BOOKED
        expect((await a.put(uuid, { ...event, status: 'BOOKED', amount: 3 })).status).toBe(200); // stays BOOKED
        expectSimpleError(await a.put(uuid, { ...event, status: 'PENDING' }), 409, 'ERR-4010');
        expectSimpleError(await a.put(uuid, { ...event, status: 'REJECTED' }), 409, 'ERR-4010');
        expect((await a.get(uuid)).body).toEqual({ ...event, status: 'BOOKED', amount: 3, uuid });
      },
    );
    await withBehaviour(
      { statusTransitions: { finalStatuses: ['REJECTED'], status: 400, errorCode: 'ERR-3018' } },
      async ({ a }) => {
        const event = payinEvent({ status: 'REJECTED' });
        const uuid = await a.create(event);
        expectItems(await a.put(uuid, { ...event, status: 'PENDING' }), 400, [['status', 'ERR-3018']]);
      },
    );
  });

  test('GAP-GET-BODY getExtraFields version and timestamps-and-version: the version counts the updates', async () => {
    let now = Date.parse('2026-05-01T10:00:00.000Z');
    await withHarness(
      { behaviour: { getExtraFields: 'timestamps-and-version' }, clock: () => now },
      async ({ a }) => {
        const event = payinEvent();
        const uuid = await a.create(event);
        expect((await a.get(uuid)).body.version).toBe(1);
        now += 1000;
        const put = await a.put(uuid, { ...event, amount: 2 });
        expect(put.body).toEqual({
          ...event,
          amount: 2,
          uuid,
          createdAt: '2026-05-01T10:00:00.000Z',
          updatedAt: '2026-05-01T10:00:01.000Z',
          version: 2,
        });
      },
    );
    await withBehaviour({ getExtraFields: 'version' }, async ({ a }) => {
      const event = payinEvent();
      const uuid = await a.create(event);
      expect((await a.get(uuid)).body).toEqual({ ...event, uuid, version: 1 });
    });
  });

  test('GAP-GET-BODY eventEnvelope data: GET and PUT wrap the event; POST still answers {uuid}', async () => {
    await withBehaviour({ eventEnvelope: 'data' }, async ({ a }) => {
      const event = payinEvent();
      const created = await a.post(event);
      expect(Object.keys(created.body)).toEqual(['uuid']);
      const uuid = created.body.uuid as string;
      expect((await a.get(uuid)).body).toEqual({ data: { ...event, uuid } });
      expect((await a.put(uuid, { ...event, amount: 4 })).body).toEqual({
        data: { ...event, amount: 4, uuid },
      });
      expectSimpleError(await a.get(crypto.randomUUID()), 404, 'ERR-4002'); // errors are not wrapped
    });
  });

  test('GAP-GET-BODY amountFormat decimal-string: amounts as decimal strings of the same value', async () => {
    await withBehaviour({ amountFormat: 'decimal-string' }, async ({ a }) => {
      const event = payinEvent({
        amount: 125.5,
        multiCurrencyAmounts: [
          { currencyCode: 'USD', amount: 100 },
          { currencyCode: 'GBP', amount: 1.239 },
        ],
      });
      const uuid = await a.create(event);
      const shown = (await a.get(uuid)).body;
      expect(shown.amount).toBe('125.50');
      expect(shown.multiCurrencyAmounts).toEqual([
        { currencyCode: 'USD', amount: '100.00' },
        { currencyCode: 'GBP', amount: '1.239' },
      ]);
      expect(Number(shown.multiCurrencyAmounts[1].amount)).toBe(1.239);
    });
  });

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

  test('GAP-FIELD-LIMITS fieldLimits: ERR-3016 items; 422 when every failure is a limit, 400 with another fault', async () => {
    await withBehaviour(
      {
        fieldLimits: {
          externalIdMaxLength: 10,
          maxMultiCurrencyAmounts: 2,
          amountMaxDecimals: 2,
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

  test("GAP-OTHER-OPERATIONS listing paged: the tenant's own events, paged and filtered by creation time; the headers checked; a bad parameter 400 ERR-9008", async () => {
    const clock = { now: Date.parse('2026-06-01T00:00:00Z') };
    await withHarness(
      {
        behaviour: { listing: 'paged' },
        clock: () => clock.now,
        rateLimit: { requestsPerWindow: 1e6, windowSeconds: 60 },
      },
      async ({ app, a, b }) => {
        const list = (query: string, headers = credentialHeaders(a.tenant)) =>
          send(app, { method: 'GET', url: `${EVENTS_PATH}${query}`, headers });
        const first = await a.create();
        clock.now += 60_000;
        const second = await a.create();
        const foreign = await b.create();
        const all = await list('');
        expect(all.status).toBe(200);
        expect(all.body).toMatchObject({ page: 1, size: 20, totalItems: 2 });
        expect(all.body.items.map((e: { uuid: string }) => e.uuid)).toEqual([first, second]);
        expect(all.text).not.toContain(foreign);
        expect((await list('?page=2&size=1')).body.items.map((e: { uuid: string }) => e.uuid)).toEqual([
          second,
        ]);
        const later = await list(`?from=${encodeURIComponent('2026-06-01T00:00:30Z')}`);
        expect(later.body.items.map((e: { uuid: string }) => e.uuid)).toEqual([second]);
        for (const bad of ['?page=0', '?size=101', '?from=yesterday', '?size=-1'])
          expectSimpleError(await list(bad), 400, 'ERR-9008');
        expectSimpleError(await list('', { 'x-client-id': a.tenant.clientId }), 401, 'ERR-1001');
        expectSimpleError(
          await list('', { ...credentialHeaders(a.tenant), 'x-client-id': 'x' }),
          400,
          'ERR-2002',
        );
      },
    );
  });

  test('GAP-OTHER-OPERATIONS listing page-and-page-size, cursor, unpaged: the same events, paged by their own names', async () => {
    for (const listing of ['page-and-page-size', 'cursor', 'unpaged'] as const) {
      await withHarness(
        { behaviour: { listing }, rateLimit: { requestsPerWindow: 1e6, windowSeconds: 60 } },
        async ({ app, a, b }) => {
          const list = (query: string) =>
            send(app, { method: 'GET', url: `${EVENTS_PATH}${query}`, headers: credentialHeaders(a.tenant) });
          const own = [await a.create(), await a.create(), await a.create()];
          const foreign = await b.create();
          const uuids = (items: { uuid: string }[]) => items.map((e) => e.uuid);
          if (listing === 'unpaged') {
            const all = await list('?page=2&size=1');
            expect(uuids(all.body)).toEqual(own);
            expect(all.text).not.toContain(foreign);
            return;
          }
          if (listing === 'page-and-page-size') {
            expect((await list('')).body).toMatchObject({ page: 1, pageSize: 50, total: 3 });
            expect((await list('?page=1&size=1')).body.items).toHaveLength(3);
            const second = await list('?page=2&pageSize=2');
            expect(second.body).toMatchObject({ page: 2, pageSize: 2, total: 3 });
            expect(uuids(second.body.items)).toEqual([own[2]]);
            expectSimpleError(await list('?pageSize=0'), 400, 'ERR-9008');
            return;
          }
          const first = await list('?limit=2');
          expect(uuids(first.body.data)).toEqual(own.slice(0, 2));
          const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)?.[1] ?? '';
          expect(next).toContain(`cursor=${first.body.nextCursor}`);
          const last = await send(app, { method: 'GET', url: next, headers: credentialHeaders(a.tenant) });
          expect(uuids(last.body.data)).toEqual([own[2]]);
          expect(last.body.nextCursor).toBeNull();
          expect(last.headers.link).toBeUndefined();
          expectSimpleError(await list('?cursor=not-one'), 400, 'ERR-9008');
        },
      );
    }
  });

  test("GAP-PUT-BODY versions on-request: each PUT keeps the state it replaces; ?versions=true shows them, of the tenant's own events only", async () => {
    await withBehaviour({ versions: 'on-request' }, async ({ app, a, b }) => {
      const event = payinEvent();
      const uuid = await a.create(event);
      expect((await a.put(uuid, { ...event, status: 'BOOKED' })).status).toBe(200);
      const versions = await send(app, {
        method: 'GET',
        url: `${eventUrl(uuid)}?versions=true`,
        headers: credentialHeaders(a.tenant),
      });
      expect(versions.status).toBe(200);
      expect(versions.body.uuid).toBe(uuid);
      expect(
        versions.body.versions.map((v: { version: number; event: { status: string } }) => [
          v.version,
          v.event.status,
        ]),
      ).toEqual([
        [1, 'PENDING'],
        [2, 'BOOKED'],
      ]);
      // Without the parameter, GET is GET.
      expect((await a.get(uuid)).body.status).toBe('BOOKED');
      const foreign = await b.create();
      const leak = await send(app, {
        method: 'GET',
        url: `${eventUrl(foreign)}?versions=true`,
        headers: credentialHeaders(a.tenant),
      });
      expectSimpleError(leak, 404, 'ERR-4002');
    });
    // The reference keeps no versions: the parameter is ignored.
    await withBehaviour({}, async ({ app, a }) => {
      const uuid = await a.create();
      const plain = await send(app, {
        method: 'GET',
        url: `${eventUrl(uuid)}?versions=true`,
        headers: credentialHeaders(a.tenant),
      });
      expect(plain.body.uuid).toBe(uuid);
      expect(plain.body.versions).toBeUndefined();
    });
  });

  test('GAP-EXTRA-TOP-LEVEL-FIELDS extraFields: fields a deployment knows are stored as sent, of their own JSON type; others read as unknownTopLevelFields says', async () => {
    const extraFields = [
      { name: 'isNegative', type: 'boolean' },
      { name: 'accountId', type: 'string' },
    ] as const;
    await withBehaviour({ extraFields }, async ({ a }) => {
      const event = payoutEvent({ isNegative: true, accountId: 'ACC-1' });
      expect((await a.get(await a.create(event))).body).toMatchObject({
        isNegative: true,
        accountId: 'ACC-1',
      });
      expectItems(await a.post(payoutEvent({ isNegative: 'yes' })), 400, [['isNegative', 'ERR-3013']]);
      expectItems(await a.post(payoutEvent({ internalNote: 'x' })), 400, [['internalNote', 'ERR-3014']]);
    });
    await withBehaviour({ extraFields, unknownTopLevelFields: 'drop' }, async ({ a }) => {
      const stored = (await a.get(await a.create(payoutEvent({ accountId: 'ACC-2', internalNote: 'x' }))))
        .body;
      expect(stored.accountId).toBe('ACC-2');
      expect(stored.internalNote).toBeUndefined();
    });
  });

  test('every new option is checked at start, with a message naming it', () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ putSemantics: 'patch' }, /putSemantics must be one of replace, merge/],
      [
        { immutableOnUpdate: { fields: ['uuid'], status: 409, errorCode: 'ERR-4009' } },
        /immutableOnUpdate.fields must be a list of type, externalId/,
      ],
      [
        { immutableOnUpdate: { fields: ['type'], status: 403, errorCode: 'ERR-4009' } },
        /immutableOnUpdate.status must be one of 400, 409, 422/,
      ],
      [
        { statusTransitions: { finalStatuses: ['DONE'], status: 409, errorCode: 'ERR-4010' } },
        /statusTransitions.finalStatuses must be a list of PENDING, REJECTED, BOOKED/,
      ],
      [
        { statusTransitions: { finalStatuses: [], status: 409, errorCode: 'E1' } },
        /statusTransitions.errorCode must be an error code/,
      ],
      [{ getExtraFields: 'etag' }, /getExtraFields must be one of/],
      [{ eventEnvelope: 'result' }, /eventEnvelope must be one of none, data/],
      [{ amountFormat: 'cents' }, /amountFormat must be one of number, decimal-string/],
      [{ errorsOrder: 'random' }, /errorsOrder must be one of spec, reversed, by-code, by-field/],
      [
        { fieldPath: 'xpath' },
        /fieldPath must be one of dot, pointer, leaf, jsonpath, pascal, body-prefixed, dot-index/,
      ],
      [
        { unknownPayloadPropertyField: 'root' },
        /unknownPayloadPropertyField must be one of property, payload/,
      ],
      [{ wrongJsonType: 'coerce' }, /wrongJsonType must be one of own-code, generic-code/],
      [
        { nonObjectBody: { status: 415, errorCode: 'ERR-9002' } },
        /nonObjectBody.status must be one of 400, 422/,
      ],
      [{ headerPrecedence: 'random' }, /headerPrecedence must be one of/],
      [
        { rateLimitBody: 'xml' },
        /rateLimitBody must be one of simple, with-detail, with-retry-after, problem-details/,
      ],
      [
        { requiredFields: 'none' },
        /requiredFields must be one of all-rule-fields, core-fields, external-id-only/,
      ],
      [{ originalStatusValues: [] }, /originalStatusValues must be "any" or a non-empty list/],
      [{ personalIdTypes: ['PASSPORT', ''] }, /personalIdTypes must be "any" or a non-empty list/],
      [
        {
          fieldLimits: {
            externalIdMaxLength: 0,
            maxMultiCurrencyAmounts: null,
            amountMaxDecimals: null,
            status: 400,
          },
        },
        /fieldLimits.externalIdMaxLength must be null or a whole number of at least 1/,
      ],
      [
        {
          fieldLimits: {
            externalIdMaxLength: null,
            maxMultiCurrencyAmounts: null,
            amountMaxDecimals: 2.5,
            status: 400,
          },
        },
        /fieldLimits.amountMaxDecimals must be null or a whole number/,
      ],
      [
        {
          fieldLimits: {
            externalIdMaxLength: null,
            maxMultiCurrencyAmounts: null,
            amountMaxDecimals: null,
            status: 413,
          },
        },
        /fieldLimits.status must be one of 400, 422/,
      ],
      [
        { bodyLimit: { maxBytes: 10, status: 413 } },
        /bodyLimit.maxBytes must be a whole number of at least 4096/,
      ],
      [{ bodyLimit: { maxBytes: 8192, status: 500 } }, /bodyLimit.status must be one of 400, 413/],
      [
        { contentType: 'ignored' },
        /contentType must be one of required-400, required-415, treated-as-empty, parse-any/,
      ],
      [
        { nonUuidPathId: 'gone-410' },
        /nonUuidPathId must be one of not-found-404, bad-request-400, route-not-found-404/,
      ],
      [
        { unsupportedMethod: 'teapot-418' },
        /unsupportedMethod must be one of not-found-404, method-not-allowed-405/,
      ],
      [
        { versionHeader: { name: 'bad header', value: '1' } },
        /versionHeader must be null or \{ name, value \}/,
      ],
      [{ listing: 'by-offset' }, /listing must be one of none, paged, page-and-page-size, cursor, unpaged/],
      [{ versions: 'always' }, /versions must be one of none, on-request/],
      [
        { extraFields: [{ name: 'amount', type: 'number' }] },
        /extraFields must be a list of \{ name, type \}/,
      ],
      [
        { extraFields: [{ name: 'isNegative', type: 'date' }] },
        /extraFields must be a list of \{ name, type \}/,
      ],
    ];
    for (const [behaviour, message] of bad) {
      expect(
        () => buildReferenceApp({ behaviour: behaviour as Partial<ReferenceBehaviour> }),
        JSON.stringify(behaviour),
      ).toThrow(message);
    }
  });
});

test('reference: readings keep the stated rules: POST answers 201 {uuid} under every option that touches bodies', async () => {
  await withBehaviour(
    {
      eventEnvelope: 'data',
      amountFormat: 'decimal-string',
      putSemantics: 'merge',
      versionHeader: { name: 'Api-Version', value: '2' },
    },
    async ({ a }) => {
      const created = await a.post(payinEvent());
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const duplicate = await a.post({ ...payinEvent(), externalId: 'dup' });
      expect(duplicate.status).toBe(201);
      expectSimpleError(await a.post({ ...payinEvent(), externalId: 'dup' }), 400, 'ERR-4001');
      expect(jsonHeaders(a.tenant)['content-type']).toBe('application/json');
    },
  );
});
