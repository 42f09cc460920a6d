import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { UUID_PATTERN } from '../spec/index.ts';
import {
  credentialHeaders,
  EVENTS_PATH,
  expectSimpleError,
  expectValidationErrors,
  type Harness,
  harness,
  payinEvent,
  payoutEvent,
  send,
  without,
} from './test-support/reference-app.ts';

let h: Harness;
test.beforeAll(() => {
  h = harness({ rateLimit: { requestsPerWindow: 1_000_000, windowSeconds: 60 } });
});
test.afterAll(() => h.app.close());

test.describe('reference: creation and retrieval (part 4)', () => {
  test('CREATE-RETURNS-UUID: POST answers 201 with a JSON body holding only a fresh UUID', async () => {
    const first = await h.a.post(payinEvent());
    const second = await h.a.post(payinEvent());
    expect(first.status).toBe(201);
    expect(String(first.headers['content-type'])).toContain('application/json');
    expect(Object.keys(first.body)).toEqual(['uuid']);
    expect(first.body.uuid).toMatch(UUID_PATTERN);
    expect(second.body.uuid).not.toBe(first.body.uuid);
  });

  test('RETRIEVE-RETURNS-EVENT: GET returns every submitted field exactly as sent, plus uuid', async () => {
    for (const event of [
      payinEvent({
        externalId: '  Mixed Case ünïcödé  ',
        amount: 1234.5678,
        originalStatus: ' in Progress ',
      }),
      payoutEvent({ amount: 0.1, multiCurrencyAmounts: [{ currencyCode: 'JPY', amount: 15 }] }),
      without(payinEvent({ payload: {} }), 'originalStatus', 'multiCurrencyAmounts'),
    ]) {
      const uuid = await h.a.create(event);
      const answer = await h.a.get(uuid);
      expect(answer.status).toBe(200);
      expect(String(answer.headers['content-type'])).toContain('application/json');
      expect(answer.body).toEqual({ ...event, uuid });
      expect(typeof answer.body.amount).toBe('number');
    }
  });

  test('amounts come back as the same numbers, however they were written', async () => {
    const event = payinEvent();
    const text = JSON.stringify(event).replace(/"amount":125.5/, '"amount":1.2500E+2');
    const created = await send(h.app, {
      method: 'POST',
      url: EVENTS_PATH,
      headers: { ...credentialHeaders(h.a.tenant), 'content-type': 'application/json' },
      payload: text,
    });
    expect(created.status).toBe(201);
    expect((await h.a.get(created.body.uuid)).body.amount).toBe(125);
  });

  test('a uuid in upper case finds the same event (UUIDs compare case-insensitively)', async () => {
    const uuid = await h.a.create();
    expect((await h.a.get(uuid.toUpperCase())).body.uuid).toBe(uuid);
  });

  test('RETRIEVE-UNKNOWN-404: an unknown uuid gets 404 ERR-4002', async () => {
    expectSimpleError(await h.a.get(crypto.randomUUID()), 404, 'ERR-4002');
    expectSimpleError(await h.a.get('00000000-0000-0000-0000-000000000000'), 404, 'ERR-4002');
  });

  test('PATH-ID-IS-UUID: the externalId is not an identifier in paths', async () => {
    const event = payinEvent();
    await h.a.create(event);
    expectSimpleError(await h.a.get(event.externalId as string), 404, 'ERR-4002');
    expectSimpleError(await h.a.put(event.externalId as string, event), 404, 'ERR-4002');
  });

  test('GAP-NON-UUID-PATH: a path id that is not a UUID answers like an unknown uuid (404 ERR-4002)', async () => {
    for (const id of ['abc', '123', 'null', '%20', 'x'.repeat(5000), `${crypto.randomUUID()}x`]) {
      expectSimpleError(await h.a.get(id), 404, 'ERR-4002');
      expectSimpleError(await h.a.put(id, payinEvent()), 404, 'ERR-4002');
    }
    // an empty id is the same
    expectSimpleError(
      await send(h.app, { method: 'GET', url: `${EVENTS_PATH}/`, headers: credentialHeaders(h.a.tenant) }),
      404,
      'ERR-4002',
    );
  });
});

test.describe('reference: update (PUT)', () => {
  test('UPDATE-APPLIES: PUT replaces the event in place, keeps the uuid, answers 200 with the updated event', async () => {
    const original = payinEvent();
    const uuid = await h.a.create(original);
    const update = payoutEvent({ externalId: original.externalId, status: 'BOOKED', amount: 99.99 });
    const answer = await h.a.put(uuid, update);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...update, uuid });
    expect((await h.a.get(uuid)).body).toEqual({ ...update, uuid });
  });

  test('UPDATE-APPLIES: fields left out of a PUT are gone (a replacement, not a merge)', async () => {
    const uuid = await h.a.create(payinEvent());
    const update = without(payinEvent(), 'originalStatus', 'multiCurrencyAmounts', 'payload');
    expect((await h.a.put(uuid, update)).status).toBe(200);
    expect((await h.a.get(uuid)).body).toEqual({ ...update, uuid });
  });

  test('GAP-STATUS-TRANSITIONS: any status may follow any other', async () => {
    const event = payinEvent({ status: 'BOOKED' });
    const uuid = await h.a.create(event);
    for (const status of ['PENDING', 'REJECTED', 'BOOKED', 'PENDING']) {
      expect((await h.a.put(uuid, { ...event, status })).status).toBe(200);
      expect((await h.a.get(uuid)).body.status).toBe(status);
    }
  });

  test('UPDATE-VALIDATES: PUT validates the whole body like POST, and a rejected PUT changes nothing', async () => {
    const event = payinEvent();
    const uuid = await h.a.create(event);
    const answer = await h.a.put(uuid, {
      ...event,
      type: 'PAYIN',
      amount: 0,
      payload: { channel: 'x', extra: 1 },
    });
    expectValidationErrors(answer, [
      ['type', 'ERR-3002'],
      ['amount', 'ERR-3005'],
      ['payload.channel', 'ERR-3011'],
      ['payload.extra', 'ERR-3012'],
    ]);
    expect((await h.a.get(uuid)).body).toEqual({ ...event, uuid });
    expectValidationErrors(await h.a.put(uuid, { externalId: '' }), [
      ['externalId', 'ERR-3001'],
      ['type', 'ERR-3002'],
      ['countryCode', 'ERR-3003'],
      ['currencyCode', 'ERR-3004'],
      ['amount', 'ERR-3005'],
      ['status', 'ERR-3006'],
    ]);
  });

  test('UPDATE-UNKNOWN-404: PUT of an unknown uuid gets 404 ERR-4002 and creates nothing', async () => {
    const before = h.app.reference.eventCount();
    const uuid = crypto.randomUUID();
    expectSimpleError(await h.a.put(uuid, payinEvent()), 404, 'ERR-4002');
    // an invalid body on an unknown uuid is still a 404: the path is judged before the body's fields
    expectSimpleError(await h.a.put(uuid, { externalId: '' }), 404, 'ERR-4002');
    expect(h.app.reference.eventCount()).toBe(before);
    expectSimpleError(await h.a.get(uuid), 404, 'ERR-4002');
  });

  test('DEDUP-EXTERNAL-ID: PUT may not take an externalId another event of the tenant holds', async () => {
    const first = payinEvent();
    const second = payinEvent();
    await h.a.create(first);
    const uuid = await h.a.create(second);
    expectSimpleError(await h.a.put(uuid, { ...second, externalId: first.externalId }), 400, 'ERR-4001');
    expect((await h.a.get(uuid)).body.externalId).toBe(second.externalId);
  });

  test('PUT may change the externalId to a new one; the old one is then free again', async () => {
    const event = payinEvent();
    const uuid = await h.a.create(event);
    const renamed = `${event.externalId}-renamed`;
    expect((await h.a.put(uuid, { ...event, externalId: renamed })).status).toBe(200);
    expect((await h.a.get(uuid)).body.externalId).toBe(renamed);
    expect((await h.a.post(event)).status).toBe(201);
    expectSimpleError(await h.a.post({ ...event, externalId: renamed }), 400, 'ERR-4001');
  });
});

test.describe('reference: deduplication (DEDUP-*)', () => {
  test('DEDUP-EXTERNAL-ID: a second POST with the same externalId gets 400 ERR-4001 and changes nothing', async () => {
    const event = payinEvent();
    const uuid = await h.a.create(event);
    const before = h.app.reference.eventCount();
    const answer = await h.a.post({ ...event, amount: 1, status: 'REJECTED' });
    expectSimpleError(answer, 400, 'ERR-4001');
    expect(Object.keys(answer.body).sort()).toEqual(['errorCode', 'status', 'title']);
    expect(h.app.reference.eventCount()).toBe(before);
    expect((await h.a.get(uuid)).body).toEqual({ ...event, uuid });
  });

  test('a duplicate whose body is also invalid gets the validation body (validation comes first)', async () => {
    const event = payinEvent();
    await h.a.create(event);
    expectValidationErrors(await h.a.post({ ...event, amount: -1 }), [['amount', 'ERR-3005']]);
  });

  test('externalIds are compared exactly: case and spaces make a different id', async () => {
    const event = payinEvent({ externalId: `Case-${crypto.randomUUID()}` });
    await h.a.create(event);
    await h.a.create({ ...event, externalId: (event.externalId as string).toLowerCase() });
    await h.a.create({ ...event, externalId: ` ${event.externalId}` });
  });

  test('DEDUP-PER-TENANT: the same externalId under another tenant is accepted, as a separate event', async () => {
    const event = payinEvent();
    const uuidA = await h.a.create(event);
    const uuidB = await h.b.create({ ...event, amount: 7 });
    expect(uuidB).not.toBe(uuidA);
    expect((await h.a.get(uuidA)).body.amount).toBe(event.amount);
    expect((await h.b.get(uuidB)).body.amount).toBe(7);
  });

  test('DEDUP-CONCURRENT: of 25 simultaneous POSTs of one new externalId exactly one gets 201 (inject)', async () => {
    const event = payinEvent();
    const answers = await Promise.all(Array.from({ length: 25 }, () => h.a.post(event)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) expectSimpleError(answer, 400, 'ERR-4001');
  });
});

test.describe('reference: tenant isolation (ISOLATION-*)', () => {
  test("ISOLATION-GET: another tenant's uuid answers exactly like an unknown uuid", async () => {
    const uuid = await h.a.create();
    const foreign = await h.b.get(uuid);
    const unknown = await h.b.get(crypto.randomUUID());
    expectSimpleError(foreign, 404, 'ERR-4002');
    expect(foreign.body).toEqual(unknown.body);
    expect(Object.keys(foreign.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    expect((await h.a.get(uuid)).status).toBe(200);
  });

  test("ISOLATION-PUT: PUT of another tenant's uuid answers like an unknown uuid and changes nothing", async () => {
    const event = payinEvent();
    const uuid = await h.a.create(event);
    const before = h.app.reference.eventCount();
    const foreign = await h.b.put(uuid, payinEvent({ amount: 1 }));
    const unknown = await h.b.put(crypto.randomUUID(), payinEvent({ amount: 1 }));
    expectSimpleError(foreign, 404, 'ERR-4002');
    expect(foreign.body).toEqual(unknown.body);
    expect((await h.a.get(uuid)).body).toEqual({ ...event, uuid });
    expect(h.app.reference.eventCount()).toBe(before);
  });

  test("a tenant's externalIds are not visible to dedup of another, and events are counted per tenant", async () => {
    const countA = h.app.reference.eventCount(h.a.tenant.clientId);
    const countB = h.app.reference.eventCount(h.b.tenant.clientId);
    await h.a.create();
    expect(h.app.reference.eventCount(h.a.tenant.clientId)).toBe(countA + 1);
    expect(h.app.reference.eventCount(h.b.tenant.clientId)).toBe(countB);
  });
});
