import { expect, test } from '@playwright/test';
import { Agent, request } from 'undici';
import { readTargetContract } from '../config/index.ts';
import { EVENTS_PATH } from '../spec/index.ts';
import { buildReferenceApp } from './app.ts';
import { startReferenceServer } from './server.ts';
import { targetEnvironmentOf, toDotEnv } from './target-env.ts';
import { credentialHeaders, eventUrl, payinEvent } from './test-support.ts';
import type { RunningReferenceServer, SeededTenant } from './types.ts';

/** N simultaneous POSTs of one body, each on its own connection. */
const simultaneousPosts = async (
  server: RunningReferenceServer,
  tenant: SeededTenant,
  body: unknown,
  n: number,
): Promise<{ status: number; body: { errorCode?: string } }[]> => {
  const agent = new Agent({ connections: n, pipelining: 0 });
  try {
    return await Promise.all(
      Array.from({ length: n }, async () => {
        const response = await request(`${server.baseUrl}${EVENTS_PATH}`, {
          method: 'POST',
          dispatcher: agent,
          headers: { ...credentialHeaders(tenant), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.statusCode, body: (await response.body.json()) as { errorCode?: string } };
      }),
    );
  } finally {
    await agent.close();
  }
};

test.describe('reference: the listening server', () => {
  test('startReferenceServer listens on 127.0.0.1 on a free port and serves real HTTP', async () => {
    const server = await startReferenceServer();
    try {
      expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.environment).toBe('sandbox');
      expect(server.variant).toBeUndefined();
      expect(server.mutant).toBeUndefined();
      const created = await request(`${server.baseUrl}${EVENTS_PATH}`, {
        method: 'POST',
        headers: { ...credentialHeaders(server.tenants.A), 'content-type': 'application/json' },
        body: JSON.stringify(payinEvent()),
      });
      expect(created.statusCode).toBe(201);
      const { uuid } = (await created.body.json()) as { uuid: string };
      const fetched = await request(`${server.baseUrl}${eventUrl(uuid)}`, {
        headers: credentialHeaders(server.tenants.A),
      });
      expect(fetched.statusCode).toBe(200);
      expect(fetched.headers['content-type']).toContain('application/json');
      await fetched.body.dump();
    } finally {
      await server.close();
      await server.close(); // idempotent
    }
    await expect(request(`${server.baseUrl}${EVENTS_PATH}`)).rejects.toThrow();
  });

  test('DEDUP-CONCURRENT: of 20 simultaneous POSTs over real sockets exactly one gets 201', async () => {
    const server = await startReferenceServer();
    try {
      const answers = await simultaneousPosts(server, server.tenants.A, payinEvent(), 20);
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      for (const answer of answers.filter((a) => a.status !== 201)) {
        expect(answer.status).toBe(400);
        expect(answer.body.errorCode).toBe('ERR-4001');
      }
    } finally {
      await server.close();
    }
  });

  test('the same concurrency check catches the dedup-not-atomic mutant', async () => {
    const server = await startReferenceServer({ mutant: 'dedup-not-atomic' });
    try {
      expect(server.mutant).toBe('dedup-not-atomic');
      const answers = await simultaneousPosts(server, server.tenants.A, payinEvent(), 20);
      expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(1);
    } finally {
      await server.close();
    }
  });

  test('the IP allowlist sees the real remote address of a socket', async () => {
    const { A, B, RATE_LIMIT } = buildReferenceApp().reference.tenants;
    const server = await startReferenceServer({
      tenants: [{ ...A, allowedIps: ['192.0.2.1'] }, B, RATE_LIMIT],
    });
    try {
      const refused = await request(`${server.baseUrl}${eventUrl(crypto.randomUUID())}`, {
        headers: credentialHeaders(A),
      });
      expect(refused.statusCode).toBe(403);
      expect(await refused.body.json()).toEqual(expect.objectContaining({ errorCode: 'ERR-1003' }));
      const admitted = await request(`${server.baseUrl}${eventUrl(crypto.randomUUID())}`, {
        headers: credentialHeaders(B),
      });
      expect(admitted.statusCode).toBe(404);
      await admitted.body.dump();
    } finally {
      await server.close();
    }
  });

  test('a taken port fails the start with the listen error', async () => {
    const first = await startReferenceServer();
    try {
      const port = Number(new URL(first.baseUrl).port);
      await expect(startReferenceServer({ port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });

  test('bad options fail the start with a clear message', () => {
    expect(() => buildReferenceApp({ port: 70000 })).toThrow(/port must be a whole number from 0 to 65535/);
    expect(() => buildReferenceApp({ rateLimit: { requestsPerWindow: 0, windowSeconds: 60 } })).toThrow(
      /requestsPerWindow must be a positive whole number/,
    );
    expect(() => buildReferenceApp({ rateLimit: { requestsPerWindow: 10, windowSeconds: -1 } })).toThrow(
      /windowSeconds must be a positive number/,
    );
    expect(() => buildReferenceApp({ environment: 'staging' as 'sandbox' })).toThrow(
      /environment must be one of sandbox, production/,
    );
  });
});

test.describe('reference: the target contract of a running server', () => {
  test('targetEnvironmentOf gives every contract variable, and config/ reads them back as the same target', async () => {
    const server = await startReferenceServer({
      environment: 'production',
      rateLimit: { requestsPerWindow: 50, windowSeconds: 5 },
    });
    try {
      const variables = targetEnvironmentOf(server);
      expect(Object.keys(variables).sort()).toEqual(
        [
          'KIT_EMBEDDED_TARGET',
          'RATE_LIMIT_ACCESS_TOKEN',
          'RATE_LIMIT_CLIENT_ID',
          'RATE_LIMIT_PER_MINUTE',
          'RATE_LIMIT_WINDOW_SECONDS',
          'TARGET_BASE_URL',
          'TARGET_ENVIRONMENT',
          'TENANT_A_ACCESS_TOKEN',
          'TENANT_A_CLIENT_ID',
          'TENANT_B_ACCESS_TOKEN',
          'TENANT_B_CLIENT_ID',
        ].sort(),
      );
      const contract = readTargetContract(variables);
      expect(contract.kind).toBe('remote');
      if (contract.kind !== 'remote') return;
      const { target } = contract;
      expect(target.baseUrl).toBe(server.baseUrl);
      expect(target.embedded).toBe(true);
      expect(target.environment).toBe('production');
      expect(target.tenantA).toEqual({
        name: 'A',
        clientId: server.tenants.A.clientId,
        accessToken: server.tenants.A.accessToken,
      });
      expect(target.tenantB?.clientId).toBe(server.tenants.B.clientId);
      expect(target.rateLimitTenant?.accessToken).toBe(server.tenants.RATE_LIMIT.accessToken);
      expect(target.rateLimit).toEqual({ requestsPerWindow: 50, windowSeconds: 5 });
      expect(toDotEnv(variables)).toContain(`TENANT_A_CLIENT_ID=${server.tenants.A.clientId}\n`);
    } finally {
      await server.close();
    }
  });

  test('a window the contract cannot express is refused rather than silently rounded', async () => {
    const server = await startReferenceServer({ rateLimit: { requestsPerWindow: 5, windowSeconds: 0.5 } });
    try {
      expect(() => targetEnvironmentOf(server)).toThrow(/RATE_LIMIT_WINDOW_SECONDS must be a whole number/);
    } finally {
      await server.close();
    }
  });
});
