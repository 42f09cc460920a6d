/**
 * The client certification's recording proxy (client/recording-proxy.ts) against a direct call: one
 * reference server on loopback, the proxy in front of it with no fault, and the same GET sent one at a
 * time (as an integration test sends them) directly and through the proxy, alternating, so that a
 * noisy moment of a shared machine falls on both. Each request's latency is measured; the figures are
 * each path's p50 and p99, the latency the proxy adds at each, and proxied / direct as a ratio.
 *
 * Setting: BENCH_PROXY_REQUESTS (per path, default 2000).
 */
import { Agent, request } from 'undici';
import { startRecordingProxy } from '../client/recording-proxy.ts';
import { startReferenceServer } from '../reference/index.ts';
import { eventPath, HEADERS, JSON_CONTENT_TYPE } from '../spec/http-interface.ts';

export interface ProxyFigure {
  readonly requests: number;
  readonly direct: { readonly p50Ms: number; readonly p99Ms: number };
  readonly proxied: { readonly p50Ms: number; readonly p99Ms: number };
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

const summary = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
};

export const measureProxy = async (requests: number): Promise<ProxyFigure> => {
  const server = await startReferenceServer({
    environment: 'sandbox',
    // Far above what the bench sends: nothing is throttled.
    rateLimit: { requestsPerWindow: 1_000_000, windowSeconds: 60 },
  });
  const proxy = await startRecordingProxy({ upstream: server.baseUrl, environment: 'sandbox', faults: [] });
  const agent = new Agent({ connections: 1 });
  const tenant = server.tenants.A;
  const headers = {
    [HEADERS.clientId]: tenant.clientId,
    [HEADERS.accessToken]: tenant.accessToken,
    [HEADERS.contentType]: JSON_CONTENT_TYPE,
  };
  // An unknown uuid: a 404 with a JSON body, the same work for every request and nothing stored.
  const path = eventPath('00000000-0000-4000-8000-000000000000');
  const timed = async (base: string): Promise<number> => {
    const started = performance.now();
    const answer = await request(`${base}${path}`, { headers, dispatcher: agent });
    await answer.body.text();
    if (answer.statusCode !== 404) throw new Error(`the bench's GET got ${answer.statusCode}, not 404`);
    return performance.now() - started;
  };
  try {
    for (let i = 0; i < 100; i += 1) await Promise.all([timed(server.baseUrl), timed(proxy.baseUrl)]);
    const direct: number[] = [];
    const proxied: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      if (i % 2 === 0) {
        direct.push(await timed(server.baseUrl));
        proxied.push(await timed(proxy.baseUrl));
      } else {
        proxied.push(await timed(proxy.baseUrl));
        direct.push(await timed(server.baseUrl));
      }
    }
    return { requests, direct: summary(direct), proxied: summary(proxied) };
  } finally {
    await agent.close();
    await proxy.close();
    await server.close();
  }
};
