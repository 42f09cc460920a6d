/**
 * The tenant-impact gate at a provider's scale: 50 tenants of 200 exchanges each (creations, reads,
 * updates, duplicates, unknown events) are recorded against one reference server and kept as HAR
 * files, then replayed by `fei-kit impact`'s engine against another, spread over two sandbox tenants
 * whose limit is the spec's 1000 requests in a window `scale` times shorter than a minute (as the
 * rehearsal shortens it). The figures: the wall time, the busiest window of each sandbox tenant against
 * its share, every verdict (each tenant must come out unaffected), and the time projected to the real
 * one-minute window, which the pacing sets.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import type { RecordedExchange } from '../client/exchange.ts';
import { harOf } from '../client/har-writer.ts';
import { runImpact } from '../impact/impact-run.ts';
import { type RunningReferenceServer, startReferenceServer } from '../reference/index.ts';
import { DEFAULT_RATE_LIMIT, EVENTS_PATH, eventPath } from '../spec/index.ts';
import type { Row } from './figure-row.ts';

export interface ImpactFigure {
  readonly tenants: number;
  readonly exchanges: number;
  readonly scale: number;
  readonly seconds: number;
  /** Each sandbox tenant: requests sent, its busiest window, its share and its limit. */
  readonly budget: readonly {
    tenant: string;
    requests: number;
    busiestWindow: number;
    share: number;
    limit: number;
  }[];
  readonly unaffected: number;
}

const event = (externalId: string, status = 'PENDING') => ({
  externalId,
  type: 'INTERNAL_PAYIN',
  countryCode: 'DE',
  currencyCode: 'EUR',
  amount: 10,
  status,
  payload: { channel: 'ONLINE' },
});

/** One tenant's traffic, sent to `server` and recorded as the recording layer would. */
const recordTenant = async (server: RunningReferenceServer, tenant: number, exchanges: number) => {
  const headers = {
    'x-client-id': server.tenants.A.clientId,
    'x-access-token': server.tenants.A.accessToken,
    'content-type': 'application/json',
  };
  const recorded: RecordedExchange[] = [];
  const exchange = async (method: string, url: string, body?: unknown) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const answer = await request(`${server.baseUrl}${url}`, {
      method: method as 'GET',
      headers,
      ...(text ? { body: text } : {}),
    });
    const responseBody = await answer.body.text();
    const seq = recorded.length + 1;
    recorded.push({
      seq,
      method,
      url,
      headers,
      body: text,
      sentAt: seq,
      answeredAt: seq,
      status: answer.statusCode,
      responseBody,
      responseHeaders: { 'content-type': String(answer.headers['content-type'] ?? '') },
      fault: undefined,
      forwarded: true,
    });
    return responseBody;
  };
  for (let n = 0; recorded.length < exchanges; n += 1) {
    const externalId = `bench-${tenant}-${n}`;
    const { uuid } = JSON.parse(await exchange('POST', EVENTS_PATH, event(externalId))) as { uuid: string };
    const steps = [
      () => exchange('GET', eventPath(uuid)),
      () => exchange('PUT', eventPath(uuid), event(externalId, 'BOOKED')),
      () => exchange('POST', EVENTS_PATH, event(externalId)),
      () => exchange('GET', eventPath(randomUUID())),
    ];
    for (const step of steps) if (recorded.length < exchanges) await step();
  }
  return harOf(recorded, server.baseUrl, new Date());
};

export const measureImpact = async (
  folder: string,
  options: { readonly tenants: number; readonly exchanges: number; readonly scale: number },
): Promise<ImpactFigure> => {
  const traffic = join(folder, 'traffic');
  mkdirSync(traffic, { recursive: true });
  const recording = await startReferenceServer({
    rateLimit: { requestsPerWindow: 1_000_000, windowSeconds: 60 },
  });
  try {
    for (let tenant = 1; tenant <= options.tenants; tenant += 1)
      writeFileSync(
        join(traffic, `tenant-${String(tenant).padStart(3, '0')}.har`),
        JSON.stringify(await recordTenant(recording, tenant, options.exchanges)),
      );
  } finally {
    await recording.close();
  }
  const limit = { requestsPerWindow: DEFAULT_RATE_LIMIT.requests, windowSeconds: 60 / options.scale };
  const candidate = await startReferenceServer({ rateLimit: limit });
  const sandbox = (name: 'A' | 'B') => {
    const { clientId, accessToken } = candidate.tenants[name];
    return { name, clientId, accessToken, limit };
  };
  try {
    const started = performance.now();
    const result = await runImpact({
      traffic,
      candidate: candidate.baseUrl,
      sandboxTenants: [sandbox('A'), sandbox('B')],
      timeoutMs: 15_000,
      say: () => {},
    });
    const seconds = (performance.now() - started) / 1000;
    return {
      ...options,
      seconds,
      budget: result.budget.map((b) => ({
        tenant: b.sandboxTenant,
        requests: b.requests,
        busiestWindow: b.busiestWindow,
        share: b.share,
        limit: b.limit,
      })),
      unaffected: result.tenants.filter((t) => t.verdict === 'unaffected').length,
    };
  } finally {
    await candidate.close();
  }
};

/** The bench's row: within every sandbox tenant's share, every tenant unaffected by the same server. */
export const impactRow = (figure: ImpactFigure | undefined): Row => {
  const measure =
    'fei-kit impact: 50 tenants × 200 exchanges replayed against the reference server over two sandbox tenants';
  const goal = "every window within the sandbox tenant's share; every tenant unaffected";
  if (!figure) return { measure, figure: 'not measured', goal, verdict: 'not measured' };
  const within = figure.budget.every((b) => b.busiestWindow <= b.share);
  const busiest = figure.budget
    .map((b) => `${b.tenant} ${b.busiestWindow} of ${b.share} (${b.requests} sent)`)
    .join(', ');
  return {
    measure: `fei-kit impact: ${figure.tenants} tenants × ${figure.exchanges} exchanges replayed against the reference server over two sandbox tenants (windows ${figure.scale} times shorter than a minute)`,
    figure: `${figure.seconds.toFixed(1)} s (about ${((figure.seconds * figure.scale) / 60).toFixed(1)} min at the real window); busiest windows ${busiest}; ${figure.unaffected} of ${figure.tenants} unaffected`,
    goal,
    verdict: within && figure.unaffected === figure.tenants ? 'met' : 'NOT MET',
  };
};
