/**
 * The last-byte burst against small servers of this test that record what arrives on each connection:
 * every request on a connection of its own, with the ordinary client's headers and the whole body; one
 * pacing slot for them all, each counted and recorded; over TLS with the target's CA file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { RequestStatsRecorder } from '../../pacing/request-stats.ts';
import type { HttpExchange } from '../../run-records/http-exchange.ts';
import { NoResponseError } from '../transport/service-client.ts';
import { loopbackCertificate } from '../transport/test-support/loopback-certificate.ts';
import { type BurstRequest, LastByteBurst } from './last-byte-burst.ts';

interface Arrival {
  readonly port: number;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

const HEADERS = {
  'Content-Type': 'application/json',
  accept: 'application/json',
  'X-Client-Id': '3f1c1f4e-8a4e-4c37-9a57-0d7c1c3b9d11',
  'X-Access-Token': 'svc_test_burst-test-token',
};

/** Records each request; answers 201 to the first and 400 ERR-4001 to the rest. */
const recordingHandler = (arrivals: Arrival[]) => {
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      arrivals.push({
        port: req.socket.remotePort ?? 0,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const first = arrivals.length === 1;
      res.writeHead(first ? 201 : 400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          first ? { uuid: crypto.randomUUID() } : { status: 400, errorCode: 'ERR-4001', title: 'Duplicate' },
        ),
      );
    });
  };
  return handler;
};

const listen = (server: Server): Promise<number> =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

const burstTo = (baseUrl: string, caFile?: string) => {
  const takes: number[] = [];
  const stats = new RequestStatsRecorder({
    scope: () => 'conformance',
    workers: () => 1,
    now: () => Date.now(),
  });
  const exchanges: HttpExchange[] = [];
  const burst = new LastByteBurst({
    baseUrl,
    caFile,
    headers: HEADERS,
    statsKey: 'A',
    pacer: { take: async (count = 1) => void takes.push(count) },
    stats,
    onExchange: (exchange) => exchanges.push(exchange),
    timeoutMs: 10_000,
  });
  return { burst, takes, stats, exchanges };
};

const event = { externalId: 'burst-1', type: 'INTERNAL_PAYIN', amount: 12.5 };
const posts = (n: number): BurstRequest[] =>
  Array.from({ length: n }, () => ({
    method: 'POST',
    path: '/api/h2h/ingestion/financial-events',
    json: event,
  }));

test.describe('BURST: last-byte synchronisation', () => {
  test("each request whole, on its own connection, with the ordinary client's headers, on one pacing slot", async () => {
    const arrivals: Arrival[] = [];
    const handler = recordingHandler(arrivals);
    const server = createHttpServer(handler);
    const port = await listen(server);
    try {
      const { burst, takes, stats, exchanges } = burstTo(`http://127.0.0.1:${port}`);
      const { responses, timing } = await burst.send(posts(8));
      expect(arrivals).toHaveLength(8);
      expect(new Set(arrivals.map((a) => a.port)).size).toBe(8);
      for (const arrival of arrivals) {
        expect(arrival.body).toBe(JSON.stringify(event));
        expect(arrival.headers).toMatchObject({
          'content-type': 'application/json',
          accept: 'application/json',
          'x-client-id': HEADERS['X-Client-Id'],
          'x-access-token': HEADERS['X-Access-Token'],
          'content-length': String(JSON.stringify(event).length),
        });
      }
      expect(takes).toEqual([8]);
      expect(stats.snapshot().A?.requests).toBe(8);
      expect(exchanges).toHaveLength(8);
      expect(exchanges[0]?.request.headers['X-Access-Token']).toBe(HEADERS['X-Access-Token']);
      expect(responses.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
      expect(responses.every((r, i) => r.exchange === exchanges[i])).toBe(true);
      expect(timing.requests).toBe(8);
      expect(timing.releaseSpreadMs).toBeGreaterThanOrEqual(0);
      expect(timing.firstAnswerMs).toBeDefined();
    } finally {
      server.close();
    }
  });

  test('over TLS, trusting the target CA file; without it the target gives no answer', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'burst-tls-'));
    const { key, cert, caFile } = await loopbackCertificate(folder);
    const arrivals: Arrival[] = [];
    const handler = recordingHandler(arrivals);
    const server = createHttpsServer({ key, cert }, handler);
    const port = await listen(server);
    try {
      const { burst } = burstTo(`https://127.0.0.1:${port}`, caFile);
      const { responses } = await burst.send(posts(4));
      expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
      expect(new Set(arrivals.map((a) => a.port)).size).toBe(4);
      const untrusting = burstTo(`https://127.0.0.1:${port}`);
      await expect(untrusting.burst.send(posts(2))).rejects.toThrow(NoResponseError);
      expect(untrusting.exchanges[0]?.error).toMatch(/could not connect: .*certificate/);
      expect(untrusting.takes).toEqual([]);
    } finally {
      server.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('a pacing share too small for the burst rejects with its RangeError and sends nothing', async () => {
    const arrivals: Arrival[] = [];
    const handler = recordingHandler(arrivals);
    const server = createHttpServer(handler);
    const port = await listen(server);
    try {
      const burst = new LastByteBurst({
        baseUrl: `http://127.0.0.1:${port}`,
        headers: HEADERS,
        statsKey: 'A',
        pacer: { take: async () => Promise.reject(new RangeError('12 requests at once; the share is 8')) },
        stats: new RequestStatsRecorder({ scope: () => 'conformance', workers: () => 1, now: () => 0 }),
        onExchange: () => {},
        timeoutMs: 10_000,
      });
      await expect(burst.send(posts(12))).rejects.toThrow(RangeError);
      expect(arrivals).toEqual([]);
    } finally {
      server.close();
    }
  });
  test('a 429 is counted as throttled and never retried', async () => {
    let received = 0;
    const server = createHttpServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received += 1;
        res.writeHead(429, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    const port = await listen(server);
    try {
      const { burst, stats } = burstTo(`http://127.0.0.1:${port}`);
      const { responses } = await burst.send(posts(3));
      expect(responses.map((r) => r.status)).toEqual([429, 429, 429]);
      expect(received).toBe(3);
      expect(stats.snapshot().A).toEqual({ requests: 3, throttled: 3, retries: 0 });
    } finally {
      server.close();
    }
  });
});
