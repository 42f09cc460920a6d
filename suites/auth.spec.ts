/**
 * Part 5: the three headers on every request, GET included. Each fault is sent with the other headers
 * valid, since the spec gives no precedence between faults (GAP-HEADER-PRECEDENCE).
 */
import { HEADERS, otherEnvironment, TOKEN_PREFIXES } from '../spec/index.ts';
import { because, expectError, expectErrorBody } from './support/expectations.ts';
import { expect, test } from './support/fixtures.ts';
import { validPayin } from './support/sample-events.ts';
import type { ServiceClient, ServiceResponse } from './support/service-client.ts';

type Method = 'POST' | 'GET' | 'PUT';

const METHODS: readonly Method[] = ['POST', 'GET', 'PUT'];

/** GET creates nothing even on a broken deployment; POST and PUT would, if the check failed. */
const tagsFor = (method: Method): string[] => (method === 'GET' ? ['@auth', '@readonly'] : ['@auth']);

const sendAs = (
  client: ServiceClient,
  method: Method,
  runId: string,
  headers: Record<string, string | null>,
): Promise<ServiceResponse> => {
  const uuid = crypto.randomUUID();
  if (method === 'POST') return client.create(validPayin(runId, 'auth'), { headers });
  if (method === 'GET') return client.retrieve(uuid, { headers });
  return client.update(uuid, validPayin(runId, 'auth'), { headers });
};

const NOT_UUID_CLIENT_IDS: readonly [string, string][] = [
  ['a word', 'not-a-uuid'],
  ['digits', '12345'],
  ['non-hex characters', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'],
  ['a UUID with a character too many', `${'3f1c2a9e-5b7d-4c1a-9e2f-8a6b4c3d2e1f'}0`],
  ['a UUID missing its last character', '3f1c2a9e-5b7d-4c1a-9e2f-8a6b4c3d2e1'],
];

for (const method of METHODS) {
  test.describe(`${method} headers`, { tag: tagsFor(method) }, () => {
    test(`AUTH-TOKEN-MISSING: ${method} without X-Access-Token gives 401 ERR-1001`, async ({
      tenantA,
      runId,
    }) => {
      expectError(await sendAs(tenantA, method, runId, { [HEADERS.accessToken]: null }), 'ERR-1001');
    });

    test(`AUTH-TOKEN-INVALID: ${method} with an unknown token gives 401 ERR-1002`, async ({
      tenantA,
      target,
      runId,
    }) => {
      const prefix = TOKEN_PREFIXES[target.environment];
      const tokens = {
        'an unknown token of the right prefix': `${prefix}${crypto.randomUUID().replace(/-/g, '')}`,
        'a token of no known prefix': `tok_${crypto.randomUUID().replace(/-/g, '')}`,
        "the tenant's token with its last character changed": `${target.tenantA.accessToken.slice(0, -1)}${
          target.tenantA.accessToken.endsWith('x') ? 'y' : 'x'
        }`,
      };
      for (const [label, token] of Object.entries(tokens)) {
        await test.step(label, async () => {
          expectError(await sendAs(tenantA, method, runId, { [HEADERS.accessToken]: token }), 'ERR-1002');
        });
      }
    });

    test(`AUTH-TOKEN-OTHER-ENVIRONMENT: ${method} with the other environment's token prefix gives 401 ERR-1002`, async ({
      tenantA,
      target,
      runId,
    }) => {
      const own = TOKEN_PREFIXES[target.environment];
      const other = TOKEN_PREFIXES[otherEnvironment(target.environment)];
      const token = `${other}${target.tenantA.accessToken.slice(own.length)}`;
      expectError(await sendAs(tenantA, method, runId, { [HEADERS.accessToken]: token }), 'ERR-1002');
    });

    test(`TENANT-HEADER-MISSING: ${method} without X-Client-Id gives 400 ERR-2001`, async ({
      tenantA,
      runId,
    }) => {
      expectError(await sendAs(tenantA, method, runId, { [HEADERS.clientId]: null }), 'ERR-2001');
    });

    test(`TENANT-HEADER-NOT-UUID: ${method} with an X-Client-Id that is not a UUID gives 400 ERR-2002`, async ({
      tenantA,
      runId,
    }) => {
      for (const [label, clientId] of NOT_UUID_CLIENT_IDS) {
        await test.step(label, async () => {
          expectError(await sendAs(tenantA, method, runId, { [HEADERS.clientId]: clientId }), 'ERR-2002');
        });
      }
    });
  });
}

const expectNotAuthorized = async (
  response: ServiceResponse,
  observe: (ruleId: string, observed: string) => Promise<void>,
): Promise<void> => {
  expect(
    [401, 403],
    because(response, 'a token used with another client id must be refused with 403 or 401'),
  ).toContain(response.status);
  const body = expectErrorBody(response);
  const accepted = response.status === 403 ? 'ERR-1003' : 'ERR-1002';
  expect(body.errorCode, because(response, `HTTP ${response.status} must carry ${accepted}`)).toBe(accepted);
  await observe(
    'GAP-FORBIDDEN-TRIGGER',
    `a valid token with another client id gets ${response.status} ${body.errorCode}`,
  );
};

test.describe('tokens used with another client id', { tag: ['@auth'] }, () => {
  test("AUTH-NOT-AUTHORIZED: tenant A's token with tenant B's X-Client-Id never reads B's event", async ({
    tenantA,
    tenantB,
    target,
    runId,
    observe,
  }) => {
    const event = validPayin(runId, 'authz');
    const created = await tenantB.create(event);
    expect(created.status, because(created, 'tenant B could not create its event')).toBe(201);
    const uuid = (created.json as { uuid: string }).uuid;
    const clientIdOfB = target.tenantB?.clientId ?? '';
    const read = await tenantA.retrieve(uuid, { headers: { [HEADERS.clientId]: clientIdOfB } });
    expect(read.text, because(read, "the answer must not reveal tenant B's event")).not.toContain(
      event.externalId,
    );
    await expectNotAuthorized(read, observe);
    const write = await tenantA.update(
      uuid,
      { ...event, status: 'REJECTED' },
      { headers: { [HEADERS.clientId]: clientIdOfB } },
    );
    await expectNotAuthorized(write, observe);
    const after = await tenantB.retrieve(uuid);
    expect(
      (after.json as { status?: unknown })?.status,
      because(after, "tenant B's event must be unchanged"),
    ).toBe(event.status);
  });

  test("AUTH-NOT-AUTHORIZED: a valid token with an unknown tenant's X-Client-Id is refused", {
    tag: ['@readonly'],
  }, async ({ tenantA, observe }) => {
    const response = await tenantA.retrieve(crypto.randomUUID(), {
      headers: { [HEADERS.clientId]: crypto.randomUUID() },
    });
    await expectNotAuthorized(response, observe);
  });

  test('GAP-HEADER-PRECEDENCE: with both X-Access-Token and X-Client-Id missing, one of their codes is given', {
    tag: ['@readonly'],
  }, async ({ anonymous, observe }) => {
    const response = await anonymous.retrieve(crypto.randomUUID());
    const body = expectErrorBody(response);
    expect(
      ['ERR-1001', 'ERR-2001'],
      because(response, 'either fault may be reported, but one of them must'),
    ).toContain(body.errorCode);
    await observe('GAP-HEADER-PRECEDENCE', `both headers missing gives ${response.status} ${body.errorCode}`);
  });
});
