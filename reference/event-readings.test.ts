/**
 * The readings of the gaps that change what an event is and shows (behaviour.ts), one test each: how a
 * PUT applies, what a GET and a listing show, the versions kept; and that a refusal changes nothing.
 */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { expectItems, withBehaviour } from './test-support/readings.ts';
import {
  credentialHeaders,
  EVENTS_PATH,
  eventUrl,
  expectSimpleError,
  jsonHeaders,
  payinEvent,
  payoutEvent,
  send,
  withHarness,
} from './test-support/reference-app.ts';

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

  test('GAP-STATUS-TRANSITIONS statusTransitions.frozen: an event in a final status takes no PUT, its body unread', async () => {
    await withBehaviour(
      {
        statusTransitions: { finalStatuses: ['BOOKED'], frozen: true, status: 409, errorCode: 'ERR-4011' },
      },
      async ({ a }) => {
        const event = payinEvent({ status: 'PENDING' });
        const uuid = await a.create(event);
        expectItems(await a.put(uuid, { ...event, status: 'BOOKED', amount: 0 }), 400, [
          ['amount', 'ERR-3005'],
        ]);
        expect((await a.put(uuid, { ...event, status: 'BOOKED' })).status).toBe(200);
        expectSimpleError(await a.put(uuid, { ...event, status: 'BOOKED', amount: 0 }), 409, 'ERR-4011');
        expectSimpleError(await a.put(uuid, { ...event, status: 'BOOKED', amount: 3 }), 409, 'ERR-4011');
        expect((await a.get(uuid)).body).toEqual({ ...event, status: 'BOOKED', uuid });
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

  test('GAP-REQUIRED-FIELDS blankStrings refused: a payload string sent blank is refused beside its other failures', async () => {
    await withBehaviour({ blankStrings: 'refused' }, async ({ a }) => {
      const event = payinEvent();
      const payload = { channel: 'ONLINE', payerName: '  ', beneficiaryName: '' };
      expectItems(await a.post({ ...event, payload }), 400, [
        ['payload.payerName', 'ERR-3015'],
        ['payload.beneficiaryName', 'ERR-3015'],
        ['payload.beneficiaryName', 'ERR-3009'],
      ]);
      expect(await a.create(event)).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  test('GAP-REQUIRED-FIELDS nullFields absent: a null is a field not sent, missing when required', async () => {
    await withBehaviour({ nullFields: 'absent' }, async ({ a }) => {
      const refused = await a.post({ ...payinEvent(), type: null, originalStatus: null, externalId: null });
      expectItems(refused, 400, [
        ['externalId', 'ERR-3001'],
        ['type', 'ERR-3002'],
      ]);
      const event = payinEvent();
      const uuid = await a.create({ ...event, originalStatus: null });
      const { originalStatus: _dropped, ...stored } = event;
      expect((await a.get(uuid)).body).toEqual({ ...stored, uuid });
    });
  });

  test('GAP-GET-BODY absentContainers empty: multiCurrencyAmounts and payload not sent or null shown as [] and {}', async () => {
    const behaviour = {
      absentContainers: 'empty',
      requiredFields: 'external-id-only',
      nullFields: 'absent',
    } as const;
    await withBehaviour(behaviour, async ({ a }) => {
      const { multiCurrencyAmounts: _items, payload: _payload, ...bare } = payinEvent();
      const absent = await a.create(bare);
      expect((await a.get(absent)).body).toEqual({
        ...bare,
        multiCurrencyAmounts: [],
        payload: {},
        uuid: absent,
      });
      const nulls = { ...payinEvent(), multiCurrencyAmounts: null, payload: null };
      const sentNull = await a.create(nulls);
      expect((await a.get(sentNull)).body).toMatchObject({ multiCurrencyAmounts: [], payload: {} });
      const full = payinEvent();
      const kept = await a.create(full);
      expect((await a.get(kept)).body).toEqual({ ...full, uuid: kept });
    });
  });

  test('GAP-GET-BODY emptyStrings: as-null shows a string sent empty as null; zero-value shows the fields of the kind not sent as ""', async () => {
    await withBehaviour({ emptyStrings: 'as-null' }, async ({ a }) => {
      const uuid = await a.create(
        payinEvent({ originalStatus: '', payload: { channel: 'ONLINE', payerName: '' } }),
      );
      expect((await a.get(uuid)).body).toMatchObject({ originalStatus: null, payload: { payerName: null } });
    });
    await withBehaviour({ emptyStrings: 'zero-value' }, async ({ a }) => {
      const { originalStatus: _status, ...event } = payinEvent();
      const uuid = await a.create({ ...event, payload: { channel: 'ONLINE' } });
      const shown = (await a.get(uuid)).body;
      expect(shown.originalStatus).toBe('');
      expect(shown.payload).toEqual({
        channel: 'ONLINE',
        payerName: '',
        payerPersonalIdType: '',
        payerPersonalId: '',
      });
    });
  });

  test('GAP-GET-BODY itemsOrder by-currency: multiCurrencyAmounts shown sorted by currency code', async () => {
    await withBehaviour({ itemsOrder: 'by-currency' }, async ({ a }) => {
      const items = [
        { currencyCode: 'USD', amount: 1 },
        { currencyCode: 'GBP', amount: 2 },
        { currencyCode: 'CHF', amount: 3 },
      ];
      const uuid = await a.create(payinEvent({ multiCurrencyAmounts: items }));
      const shown = (await a.get(uuid)).body.multiCurrencyAmounts as { currencyCode: string }[];
      expect(shown.map((item) => item.currencyCode)).toEqual(['CHF', 'GBP', 'USD']);
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
