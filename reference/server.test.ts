import { Agent, request } from 'undici';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { EVENTS_PATH } from '../spec/index.ts';
import { buildReferenceApp } from './app.ts';
import { startReferenceServer } from './server.ts';
import { credentialHeaders, eventUrl, payinEvent } from './test-support/reference-app.ts';
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
