import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import type { ReferenceApp } from './app.ts';
import { buildReferenceApp } from './app.ts';
import { Readings } from './test-support/named-readings.ts';
import {
  type Answer,
  credentialHeaders,
  EVENTS_PATH,
  eventUrl,
  expectSimpleError,
  harness,
  jsonHeaders,
  payinEvent,
  send,
  withHarness,
} from './test-support/reference-app.ts';
import type { SeededTenant } from './types.ts';

type Method = 'POST' | 'GET' | 'PUT';
const METHODS: readonly Method[] = ['POST', 'GET', 'PUT'];

/** Sends one request of a method with the given headers (a valid JSON body for POST and PUT). */
const call = (
  app: ReferenceApp,
  method: Method,
  uuid: string,
  headers: Record<string, string>,
): Promise<Answer> =>
  send(app, {
    method,
    url: method === 'POST' ? EVENTS_PATH : eventUrl(uuid),
    headers: method === 'GET' ? headers : { 'content-type': 'application/json', ...headers },
    ...(method === 'GET' ? {} : { payload: payinEvent() }),
  });

const withoutHeader = (headers: Record<string, string>, name: string): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));

test.describe('reference: authentication and tenant headers (part 5)', () => {
  let app: ReferenceApp;
  let A: SeededTenant;
  let B: SeededTenant;
  let uuid: string;

  test.beforeAll(async () => {
    const h = harness();
    app = h.app;
    ({ A, B } = app.reference.tenants);
    uuid = await h.a.create();
  });
  test.afterAll(() => app.close());

  for (const method of METHODS) {
    test(`AUTH-TOKEN-MISSING: ${method} without X-Access-Token gets 401 ERR-1001`, async () => {
      expectSimpleError(
        await call(app, method, uuid, withoutHeader(credentialHeaders(A), 'x-access-token')),
        401,
        'ERR-1001',
      );
      expectSimpleError(
        await call(app, method, uuid, { ...credentialHeaders(A), 'x-access-token': '' }),
        401,
        'ERR-1001',
      );
    });

    test(`TENANT-HEADER-MISSING: ${method} without X-Client-Id gets 400 ERR-2001`, async () => {
      expectSimpleError(
        await call(app, method, uuid, withoutHeader(credentialHeaders(A), 'x-client-id')),
        400,
        'ERR-2001',
      );
      expectSimpleError(
        await call(app, method, uuid, { ...credentialHeaders(A), 'x-client-id': ' ' }),
        400,
        'ERR-2001',
      );
    });

    test(`TENANT-HEADER-NOT-UUID: ${method} with a malformed X-Client-Id gets 400 ERR-2002`, async () => {
      const id = A.clientId;
      const facts = new Readings();
      for (const malformed of [
        'tenant-a',
        id.replaceAll('-', ''),
        `${id}0`,
        id.slice(0, -1),
        `{${id}}`,
        `urn:uuid:${id}`,
        id.replace(/^./, 'g'),
        `${id},${id}`,
      ]) {
        facts.simpleError(
          `X-Client-Id ${malformed}`,
          await call(app, method, uuid, { ...credentialHeaders(A), 'x-client-id': malformed }),
          400,
          'ERR-2002',
        );
      }
      facts.expectAll();
    });

    test(`AUTH-TOKEN-INVALID: ${method} with an unknown token gets 401 ERR-1002`, async () => {
      const facts = new Readings();
      // Named by their place in the list: the tenant's own token is among them, altered.
      for (const [index, token] of [
        'svc_test_not-a-real-token',
        'svc_test_',
        'not-even-prefixed',
        `${A.accessToken}x`,
        A.accessToken.slice(0, -1),
      ].entries()) {
        facts.simpleError(
          `token #${index}`,
          await call(app, method, uuid, { ...credentialHeaders(A), 'x-access-token': token }),
          401,
          'ERR-1002',
        );
      }
      facts.expectAll();
    });

    test(`AUTH-TOKEN-OTHER-ENVIRONMENT: ${method} with a svc_live_ token on the sandbox gets 401 ERR-1002`, async () => {
      const live = A.accessToken.replace(/^svc_test_/, 'svc_live_');
      expectSimpleError(
        await call(app, method, uuid, { ...credentialHeaders(A), 'x-access-token': live }),
        401,
        'ERR-1002',
      );
    });

    test(`AUTH-NOT-AUTHORIZED: ${method} with a valid token and another tenant's X-Client-Id gets 403 ERR-1003`, async () => {
      expectSimpleError(
        await call(app, method, uuid, { ...credentialHeaders(A), 'x-client-id': B.clientId }),
        403,
        'ERR-1003',
      );
      const unknownTenant = crypto.randomUUID();
      expectSimpleError(
        await call(app, method, uuid, { ...credentialHeaders(A), 'x-client-id': unknownTenant }),
        403,
        'ERR-1003',
      );
    });
  }

  test('AUTH-NOT-AUTHORIZED: a forbidden request reveals nothing and changes nothing', async () => {
    const before = app.reference.eventCount();
    const answer = await call(app, 'GET', uuid, { ...credentialHeaders(B), 'x-client-id': A.clientId });
    expect(answer.text).not.toContain('externalId');
    await call(app, 'PUT', uuid, { ...credentialHeaders(B), 'x-client-id': A.clientId });
    await call(app, 'POST', uuid, { ...credentialHeaders(B), 'x-client-id': A.clientId });
    expect(app.reference.eventCount()).toBe(before);
  });

  test('X-Client-Id compares as a UUID: upper case is the same tenant', async () => {
    const answer = await send(app, {
      method: 'GET',
      url: eventUrl(uuid),
      headers: { ...credentialHeaders(A), 'x-client-id': A.clientId.toUpperCase() },
    });
    expect(answer.status).toBe(200);
  });

  test('GAP-HEADER-PRECEDENCE: the first fault in the documented order is the one reported', async () => {
    // token absent beats tenant header absent
    expectSimpleError(await call(app, 'GET', uuid, {}), 401, 'ERR-1001');
    // tenant header absent beats an invalid token
    expectSimpleError(await call(app, 'GET', uuid, { 'x-access-token': 'svc_test_nope' }), 400, 'ERR-2001');
    // malformed tenant header beats an invalid token
    expectSimpleError(
      await call(app, 'GET', uuid, { 'x-access-token': 'nope', 'x-client-id': 'nope' }),
      400,
      'ERR-2002',
    );
    // invalid token beats a tenant mismatch
    expectSimpleError(
      await call(app, 'GET', uuid, { 'x-access-token': 'nope', 'x-client-id': B.clientId }),
      401,
      'ERR-1002',
    );
    // authentication comes before the body: malformed JSON from a stranger is a 401
    const stranger = await send(app, {
      method: 'POST',
      url: EVENTS_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expectSimpleError(stranger, 401, 'ERR-1001');
  });

  test('the token is never echoed in an error body', async () => {
    const answer = await call(app, 'GET', uuid, { ...credentialHeaders(A), 'x-client-id': B.clientId });
    expect(answer.text).not.toContain(A.accessToken);
  });
});

test.describe('reference: sandbox IP allowlist (AUTH-SANDBOX-IP-ALLOWLIST)', () => {
  test('the default allowlist admits loopback in every form and refuses other addresses with 403 ERR-1003', async () => {
    await withHarness({}, async ({ app, a }) => {
      const uuid = await a.create();
      const facts = new Readings();
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const answer = await send(app, {
          method: 'GET',
          url: eventUrl(uuid),
          headers: credentialHeaders(a.tenant),
          remoteAddress,
        });
        facts.fact(`${remoteAddress}: status`, answer.status, 200);
      }
      for (const remoteAddress of ['10.0.0.7', '192.168.1.20', '2001:db8::1', '127.0.0.2']) {
        for (const method of METHODS) {
          facts.simpleError(
            `${method} from ${remoteAddress}`,
            await send(app, {
              method,
              url: method === 'POST' ? EVENTS_PATH : eventUrl(uuid),
              headers: method === 'GET' ? credentialHeaders(a.tenant) : jsonHeaders(a.tenant),
              ...(method === 'GET' ? {} : { payload: payinEvent() }),
              remoteAddress,
            }),
            403,
            'ERR-1003',
          );
        }
      }
      facts.expectAll();
    });
  });

  test('a tenant allowlist of addresses and CIDR ranges is enforced per tenant', async () => {
    const { A, B, RATE_LIMIT } = buildReferenceApp().reference.tenants;
    await withHarness(
      { tenants: [{ ...A, allowedIps: ['203.0.113.0/24', '2001:db8::/32'] }, B, RATE_LIMIT] },
      async ({ app }) => {
        const get = (remoteAddress: string, tenant: SeededTenant) =>
          send(app, {
            method: 'GET',
            url: eventUrl(crypto.randomUUID()),
            headers: credentialHeaders(tenant),
            remoteAddress,
          });
        expect((await get('203.0.113.9', A)).status).toBe(404); // admitted: the event is simply unknown
        expect((await get('2001:db8::42', A)).status).toBe(404);
        expectSimpleError(await get('127.0.0.1', A), 403, 'ERR-1003');
        expectSimpleError(await get('203.0.114.1', A), 403, 'ERR-1003');
        expect((await get('127.0.0.1', B)).status).toBe(404); // B keeps the loopback default
        expectSimpleError(await get('203.0.113.9', B), 403, 'ERR-1003');
      },
    );
  });
});

test.describe('reference: production mode (svc_live_ tokens, expiry)', () => {
  test('production tenants get svc_live_ tokens; svc_test_ tokens are invalid there', async () => {
    await withHarness({ environment: 'production' }, async ({ app, a }) => {
      expect(app.reference.environment).toBe('production');
      for (const tenant of Object.values(app.reference.tenants))
        expect(tenant.accessToken).toMatch(/^svc_live_/);
      await a.create();
      const testToken = a.tenant.accessToken.replace(/^svc_live_/, 'svc_test_');
      expectSimpleError(
        await send(app, {
          method: 'GET',
          url: eventUrl(crypto.randomUUID()),
          headers: { ...credentialHeaders(a.tenant), 'x-access-token': testToken },
        }),
        401,
        'ERR-1002',
      );
    });
  });

  test('AUTH-PRODUCTION-TOKEN-EXPIRY: a production token works until its expiry, then gets 401 ERR-1002', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const generated = buildReferenceApp({ environment: 'production' }).reference.tenants;
    const expiresAt = new Date(now + 60_000);
    await withHarness(
      {
        environment: 'production',
        clock: () => now,
        tenants: [{ ...generated.A, tokenExpiresAt: expiresAt }, generated.B, generated.RATE_LIMIT],
      },
      async ({ a, b }) => {
        const uuid = await a.create();
        now = expiresAt.getTime() - 1;
        expect((await a.get(uuid)).status).toBe(200);
        now = expiresAt.getTime();
        expectSimpleError(await a.get(uuid), 401, 'ERR-1002');
        expectSimpleError(await a.post(payinEvent()), 401, 'ERR-1002');
        expect((await b.get(uuid)).status).toBe(404); // B's token has its own expiry
      },
    );
  });

  test('generated production tokens expire in the future; production has no IP restriction unless configured', async () => {
    const now = Date.now();
    await withHarness({ environment: 'production' }, async ({ app, a }) => {
      for (const tenant of Object.values(app.reference.tenants)) {
        expect(tenant.tokenExpiresAt?.getTime()).toBeGreaterThan(now);
      }
      const answer = await send(app, {
        method: 'GET',
        url: eventUrl(crypto.randomUUID()),
        headers: credentialHeaders(a.tenant),
        remoteAddress: '198.51.100.4',
      });
      expect(answer.status).toBe(404);
    });
  });

  test('sandbox tokens never expire: the sandbox ignores the clock', async () => {
    let now = Date.now();
    await withHarness({ clock: () => now }, async ({ a }) => {
      const uuid = await a.create();
      now += 10 * 365 * 24 * 3600 * 1000;
      expect((await a.get(uuid)).status).toBe(200);
    });
  });
});

test.describe('reference: seeded tenants', () => {
  test('three tenants A, B and RATE_LIMIT are generated fresh with UUIDs and distinct tokens', () => {
    const first = buildReferenceApp().reference;
    const second = buildReferenceApp().reference;
    const tenants = [...Object.values(first.tenants), ...Object.values(second.tenants)];
    expect(Object.keys(first.tenants)).toEqual(['A', 'B', 'RATE_LIMIT']);
    expect(new Set(tenants.map((t) => t.clientId)).size).toBe(6);
    expect(new Set(tenants.map((t) => t.accessToken)).size).toBe(6);
    for (const tenant of tenants) {
      expect(tenant.clientId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(tenant.accessToken).toMatch(/^svc_test_[A-Za-z0-9_-]{32}$/);
      expect(tenant.allowedIps).toEqual(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
    }
  });

  test('malformed tenants stop the start with a clear error', () => {
    const { A, B, RATE_LIMIT } = buildReferenceApp().reference.tenants;
    const cases: [unknown[], RegExp][] = [
      [[A, B], /named RATE_LIMIT/],
      [[{ ...A, clientId: 'nope' }, B, RATE_LIMIT], /clientId must be a UUID/],
      [[{ ...A, accessToken: 'svc_live_x' }, B, RATE_LIMIT], /must start with svc_test_/],
      [[A, { ...B, clientId: A.clientId }, RATE_LIMIT], /clientId is used by another tenant/],
      [[A, { ...B, accessToken: A.accessToken }, RATE_LIMIT], /accessToken is used by another tenant/],
      [[{ ...A, tokenExpiresAt: new Date() }, B, RATE_LIMIT], /sandbox tokens never expire/],
      [[{ ...A, allowedIps: ['10.0.0.0/33'] }, B, RATE_LIMIT], /not an IP address or CIDR range/],
      [[{ ...A, allowedIps: ['localhost'] }, B, RATE_LIMIT], /not an IP address or CIDR range/],
    ];
    for (const [tenants, message] of cases) {
      expect(() => buildReferenceApp({ tenants: tenants as SeededTenant[] })).toThrow(message);
    }
  });

  test('extra tenants beyond the seeded three authenticate too', async () => {
    const { A, B, RATE_LIMIT } = buildReferenceApp().reference.tenants;
    const extra: SeededTenant = {
      name: 'C',
      clientId: crypto.randomUUID(),
      accessToken: 'svc_test_extra-tenant-token',
    };
    await withHarness({ tenants: [A, B, RATE_LIMIT, extra] }, async ({ app }) => {
      expect(app.reference.allTenants.map((t) => t.name)).toEqual(['A', 'B', 'RATE_LIMIT', 'C']);
      const answer = await send(app, {
        method: 'POST',
        url: EVENTS_PATH,
        headers: jsonHeaders(extra),
        payload: payinEvent(),
      });
      expect(answer.status).toBe(201);
    });
  });
});
