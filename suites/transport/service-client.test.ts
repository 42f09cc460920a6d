/**
 * Kit tests of the client's reading of a 502/503/504, a refused connection and a 401 to a tenant's own
 * credentials: unavailability (a probe that creates nothing meets it too) is waited out, a GET sent
 * again, a POST not run naming the window; the same status as the deployment's verdict on one request
 * (the probe is answered) is handed to the check to judge; credentials refused to a probe too stop the
 * run, naming the tenant, never the token. Against a small local server; what is asserted is what was
 * sent and what came back, not how long anything took.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import type { TenantCredentials } from '../../config/index.ts';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { RequestStatsRecorder } from '../../pacing/request-stats.ts';
import { RunGuard, RunStoppedError } from '../../pacing/run-guard.ts';
import { readRunStop } from '../../run-records/run-stop.ts';
import { readWindows } from '../../run-records/unavailability-windows.ts';
import { ServiceClient, UnavailableError } from './service-client.ts';

const TENANT: TenantCredentials = {
  name: 'A',
  clientId: '0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e01',
  accessToken: 'svc_test_clientTestSecret0123456789',
};

type Handler = (
  request: IncomingMessage,
  seen: number,
) => { status: number; headers?: Record<string, string>; body?: string };

/** A local server answering by `handler`, recording `METHOD path token?` of every request. */
const serve = async (handler: Handler) => {
  const seen: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      const token = request.headers['x-access-token'] ? ' token' : '';
      seen.push(`${request.method} ${request.url}${token}`);
      const answer = handler(request, seen.length);
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(
        answer.body ?? JSON.stringify({ status: answer.status, errorCode: 'ERR-4002', title: 'x' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The wait for a deployment to come back: the run's own default is longer, the waits alike. */
const RECOVERY_WAIT_MS = 10_000;

const clientFor = (
  baseUrl: string,
  tenant: TenantCredentials | undefined = TENANT,
  recoveryWaitMs = RECOVERY_WAIT_MS,
) => {
  const folder = mkdtempSync(join(tmpdir(), 'kit-client-'));
  const files = {
    runStop: join(folder, 'run-stop.json'),
    targetHealth: join(folder, 'target-health.json'),
    unavailability: join(folder, 'unavailability.jsonl'),
  };
  const dispatcher = new Agent();
  const client = new ServiceClient(tenant, {
    baseUrl,
    dispatcher,
    pacer: undefined,
    stats: new RequestStatsRecorder({ scope: () => 'conformance', now: Date.now, workers: () => 1 }),
    onExchange: () => {},
    timeoutMs: 5_000,
    backoffMs: () => 0,
    max429Retries: 0,
    guard: new RunGuard(files),
    recoveryWaitMs,
    tenants: [TENANT],
  });
  return { client, files, close: () => dispatcher.close() };
};

/** A client against a local server answering by `handler`, both closed after `body`. */
const against = async (
  handler: Handler,
  body: (
    context: { server: Awaited<ReturnType<typeof serve>> } & ReturnType<typeof clientFor>,
  ) => Promise<void>,
  recoveryWaitMs = RECOVERY_WAIT_MS,
): Promise<void> => {
  const server = await serve(handler);
  const context = clientFor(server.baseUrl, TENANT, recoveryWaitMs);
  try {
    await body({ server, ...context });
  } finally {
    await context.close();
    await server.close();
  }
};

const problem = (status: number, errorCode: string) => JSON.stringify({ status, errorCode, title: 'x' });
const isProbe = (request: IncomingMessage) => request.method === 'GET' && !request.headers['x-access-token'];

/**
 * A restart window: every request gets 503 (with Retry-After: 0) until two probes have met it (the
 * first one, and one while waiting), then `after` answers; `reopen` starts another window.
 */
const restartWindow = (after: Handler) => {
  let probesLeft = 2;
  const handler: Handler = (request, seen) => {
    if (probesLeft === 0) return after(request, seen);
    if (isProbe(request)) probesLeft -= 1;
    return { status: 503, headers: { 'retry-after': '0' }, body: problem(503, 'ERR-5001') };
  };
  return {
    handler,
    reopen: () => {
      probesLeft = 2;
    },
  };
};

test('CLIENT: a window in which every request, the probe too, gets 503 is waited out: a GET is sent again, a POST is not run, the window recorded', async () => {
  const window = restartWindow((request) =>
    request.method === 'POST' ? { status: 201, body: '{"uuid":"x"}' } : { status: 404 },
  );
  await against(window.handler, async ({ server, client, files }) => {
    const read = await client.retrieve('0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e09');
    expect(read.status).toBe(404);
    expect(
      server.seen.filter((line) =>
        line.startsWith('GET /api/h2h/ingestion/financial-events/0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e09 token'),
      ),
    ).toHaveLength(2);
    window.reopen();
    const refused = await client.create({ externalId: 'e-1' }).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(UnavailableError);
    expect((refused as Error).message).toMatch(
      /the deployment was unavailable from \S+ for [\d.]+ s \(HTTP 503/,
    );
    expect((refused as Error).message).not.toContain(TENANT.accessToken);
    // Sent once: a POST may have stored something; the next one is answered.
    expect(server.seen.filter((line) => line.startsWith('POST'))).toHaveLength(1);
    expect((await client.create({ externalId: 'e-1' })).status).toBe(201);
    const windows = readWindows(files.unavailability);
    expect(windows.filter((w) => w.until !== undefined)).toHaveLength(2);
    expect(windows[0]?.what).toBe('HTTP 503 with Retry-After: 0');
    expect(readRunStop(files.runStop)).toBeUndefined();
  });
});

test("CLIENT: a 503 the deployment gives as its verdict on one request (the probe is answered) is the check's to judge", async () => {
  await against(
    (request) =>
      request.method === 'POST' ? { status: 503, body: problem(503, 'ERR-5001') } : { status: 404 },
    async ({ server, client, files }) => {
      const created = await client.create({ externalId: 'e-2' });
      expect(created.status).toBe(503);
      expect(server.seen.filter((line) => line.startsWith('POST'))).toHaveLength(1);
      expect(server.seen.some((line) => line.startsWith('GET') && !line.endsWith('token'))).toBe(true);
      expect(readWindows(files.unavailability)).toEqual([]);
    },
  );
});

test("CLIENT: a 401 to the tenant's own credentials that a probe confirms stops the run, naming the tenant; a deliberately wrong token is judged", async () => {
  await against(
    () => ({ status: 401, body: problem(401, 'ERR-1002') }),
    async ({ server, client, files }) => {
      // A check's own wrong token: the 401 is its answer, no probe, no stop.
      const wrong = await client.retrieve('0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e09', {
        headers: { 'X-Access-Token': 'svc_test_wrong' },
      });
      expect(wrong.status).toBe(401);
      expect(server.seen).toHaveLength(1);
      expect(readRunStop(files.runStop)).toBeUndefined();
      await expect(client.create({ externalId: 'e-3' })).rejects.toThrow(RunStoppedError);
      const stop = readRunStop(files.runStop);
      expect(stop?.reason).toBe('credentials-refused');
      expect(stop?.tenant).toBe('A');
      expect(stop?.line).toMatch(
        /^CREDENTIALS STOPPED WORKING: tenant A's credentials \(TENANT_A_CLIENT_ID \/ TENANT_A_ACCESS_TOKEN\) are refused since \S+ \(HTTP 401 ERR-1002 to POST/,
      );
      expect(JSON.stringify(stop)).not.toContain(TENANT.accessToken);
      // Nothing more is sent once the run is stopped.
      const sent = server.seen.length;
      await expect(client.retrieve('0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e09')).rejects.toThrow(RunStoppedError);
      expect(server.seen).toHaveLength(sent);
    },
  );
});

test('CLIENT: a 401 to the own credentials while a probe with them is answered is the verdict on that request', async () => {
  await against(
    (request) =>
      request.method === 'PUT' ? { status: 401, body: problem(401, 'ERR-1002') } : { status: 404 },
    async ({ server, client, files }) => {
      const update = await client.update('0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e09', { externalId: 'e-4' });
      expect(update.status).toBe(401);
      expect(server.seen.filter((line) => line.startsWith('GET'))).toHaveLength(1);
      expect(readRunStop(files.runStop)).toBeUndefined();
    },
  );
});

test('CLIENT: a deployment that does not come back within the wait stops the run as lost', async () => {
  await against(
    () => ({
      status: 502,
      body: '<html>Bad Gateway</html>',
      headers: { 'content-type': 'text/html' },
    }),
    async ({ server, client, files }) => {
      await expect(client.retrieve('0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e09')).rejects.toThrow(RunStoppedError);
      const stop = readRunStop(files.runStop);
      expect(stop?.reason).toBe('target-lost');
      expect(stop?.line).toMatch(
        /^TARGET LOST: \d+ requests in a row since \S+ got no answer from the service \(first: HTTP 502/,
      );
      // Probes at doubling waits within the 2 s allowed: a handful, not a stream.
      expect(server.seen.length).toBeLessThan(10);
    },
    // A shorter wait than the others': the verdict is the same after any wait, and this one idles through it.
    2_000,
  );
});

test('CLIENT: connections refused for a moment are a window too: the GET is sent again once the deployment listens again', async () => {
  const server = await serve(() => ({ status: 404 }));
  const { port } = new URL(server.baseUrl);
  await server.close();
  const { client, files, close } = clientFor(server.baseUrl);
  // Back on the same port after the first probes have been refused.
  let back: ReturnType<typeof createServer> | undefined;
  const restart = setTimeout(() => {
    back = createServer((request, response) => {
      request.resume();
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(problem(404, 'ERR-4002'));
    }).listen(Number(port), '127.0.0.1');
  }, 700);
  try {
    const read = await client.retrieve('0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e09');
    expect(read.status).toBe(404);
    const [window] = readWindows(files.unavailability).filter((w) => w.until !== undefined);
    expect(window?.what).toMatch(/ECONNREFUSED|refused/);
    expect(readRunStop(files.runStop)).toBeUndefined();
  } finally {
    clearTimeout(restart);
    await close();
    await new Promise<void>((resolve) => (back ? back.close(() => resolve()) : resolve()));
  }
});

test("CLIENT: a tenant's own credentials set header by header on a client without a tenant are its own too", async () => {
  const server = await serve(() => ({ status: 401, body: problem(401, 'ERR-1002') }));
  const { client, files, close } = clientFor(server.baseUrl, undefined);
  try {
    const headers = { 'X-Client-Id': TENANT.clientId, 'X-Access-Token': TENANT.accessToken };
    await expect(client.retrieve('0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e09', { headers })).rejects.toThrow(
      RunStoppedError,
    );
    expect(readRunStop(files.runStop)?.tenant).toBe('A');
  } finally {
    await close();
    await server.close();
  }
});

test("CLIENT: a check's requests in flight together wait for the deployment with one series of probes", async () => {
  await against(restartWindow(() => ({ status: 404 })).handler, async ({ server, client }) => {
    const uuids = Array.from(
      { length: 10 },
      (_, i) => `0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e${String(i).padStart(2, '0')}`,
    );
    const reads = await Promise.all(uuids.map((uuid) => client.retrieve(uuid)));
    expect(reads.map((read) => read.status)).toEqual(uuids.map(() => 404));
    // The first request's probe and the waiting one's, not one series per request.
    expect(
      server.seen.filter((line) => line.startsWith('GET') && !line.endsWith('token')).length,
    ).toBeLessThanOrEqual(3);
  });
});

test('CLIENT: a PUT answered 202 is read until its change shows; another answer is not waited on', async () => {
  const uuid = '6f0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
  let current: object = { externalId: 'x-1', amount: 10 };
  let pending: object | undefined;
  let readsBeforeApplied = 0;
  // Accepted with 202 and applied after two more reads, as a queue would apply it.
  const handler: Handler = (request) => {
    if (request.method === 'PUT') {
      pending = { externalId: 'x-1', amount: current === pending ? 30 : 20 };
      readsBeforeApplied = 2;
      return { status: 202, body: JSON.stringify({ uuid }) };
    }
    if (pending && readsBeforeApplied-- === 0) current = pending;
    return { status: 200, body: JSON.stringify({ uuid, ...current }) };
  };
  await against(handler, async ({ client, server }) => {
    const changed = { externalId: 'x-1', amount: 20 };
    expect((await client.update(uuid, changed)).status).toBe(202);
    // The reads that waited for the change, the last one showing it: a read now judges the update.
    expect(server.seen.filter((line) => line.startsWith('GET')).length).toBe(3);
    expect((await client.retrieve(uuid)).json).toMatchObject(changed);
    // A raw body, as the properties send it, is waited on the same way.
    const again = { externalId: 'x-1', amount: 30 };
    expect((await client.updateBody(uuid, JSON.stringify(again))).status).toBe(202);
    expect(server.seen.filter((line) => line.startsWith('GET')).length).toBe(7);
    expect((await client.retrieve(uuid)).json).toMatchObject(again);
  });
  await against(
    (request) => ({ status: request.method === 'PUT' ? 200 : 404, body: JSON.stringify({ uuid }) }),
    async ({ client, server }) => {
      await client.update(uuid, { externalId: 'x-1', amount: 20 });
      expect(server.seen).toEqual([`PUT /api/h2h/ingestion/financial-events/${uuid} token`]);
    },
  );
});
