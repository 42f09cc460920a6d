/**
 * The run's pacing, shared by every worker: one schedule per tenant, kept in the Playwright runner
 * process (started by the global setup) and asked over loopback HTTP before each request. A worker's
 * fixed share of the budget (request-pacer.ts) wastes what an idle worker does not send: the worker of
 * the rate-limit checks, which sends tenant A one request, or the last workers of a run whose others
 * have finished. Shared, the budget goes to whichever worker needs it: each tenant's requests are
 * spaced evenly at `RUN_SHARE_OF_LIMIT` of its limit (divided between shards, which pace separately),
 * so that in any span of one window the whole run sends at most share × limit + 1 of a tenant's requests.
 *
 * While the budget holds requests back the broker says so, at most every `WAIT_NOTICE_MS`, so that a
 * slow run against a real limit is never a silent minute.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import type { RateLimitSettings } from '../../config/index.ts';
import { type Pacer, pacingIntervalMs, RUN_SHARE_OF_LIMIT } from './request-pacer.ts';

/** How the workers find the broker (set by the global setup, inherited by the workers). */
export const PACING_URL_VARIABLE = 'KIT_PACING_URL';

/**
 * Below this spacing per worker the budget cannot slow the run down: each worker paces itself (the
 * embedded server's generous budgets), and no request waits for a round trip to the broker.
 */
export const SHARED_PACING_MIN_INTERVAL_MS = 2;

/** At most one "waiting for budget" line per tenant this often. */
export const WAIT_NOTICE_MS = 10_000;

/** A request held back at least this long counts as waiting for budget. */
const WAIT_WORTH_SAYING_MS = 250;

interface Schedule {
  readonly intervalMs: number;
  readonly limit: RateLimitSettings;
  nextSlot: number;
  granted: number;
  lastNoticeAt: number;
}

export interface PacingBroker {
  readonly url: string;
  close(): Promise<void>;
}

/** Whether a tenant's budget is tight enough for the workers to share it through the broker. */
export const needsSharedPacing = (limit: RateLimitSettings, workers: number, shards = 1): boolean =>
  pacingIntervalMs(limit, workers * shards) >= SHARED_PACING_MIN_INTERVAL_MS;

/**
 * Starts the broker for these tenants (by the name the workers pace them under). `say` gets the
 * waiting-for-budget lines; `now` is a monotonic clock in milliseconds.
 */
export const startPacingBroker = async (
  limits: Readonly<Record<string, RateLimitSettings>>,
  options: {
    readonly shards?: number;
    readonly say?: (line: string) => void;
    readonly now?: () => number;
  } = {},
): Promise<PacingBroker> => {
  const now = options.now ?? (() => performance.now());
  const shards = Math.max(1, options.shards ?? 1);
  const schedules = new Map<string, Schedule>();
  for (const [name, limit] of Object.entries(limits)) {
    schedules.set(name, {
      intervalMs: pacingIntervalMs(limit, shards),
      limit,
      nextSlot: Number.NEGATIVE_INFINITY,
      granted: 0,
      lastNoticeAt: now(),
    });
  }
  const take = (name: string): number | undefined => {
    const schedule = schedules.get(name);
    if (!schedule) return undefined;
    const at = now();
    const slot = Math.max(at, schedule.nextSlot);
    schedule.nextSlot = slot + schedule.intervalMs;
    schedule.granted += 1;
    const waitMs = slot - at;
    if (waitMs >= WAIT_WORTH_SAYING_MS && at - schedule.lastNoticeAt >= WAIT_NOTICE_MS) {
      const { limit } = schedule;
      const share = Math.floor((limit.requestsPerWindow * RUN_SHARE_OF_LIMIT) / shards);
      options.say?.(
        `pacing: tenant ${name} is waiting for budget (${share} requests per ${limit.windowSeconds} s for this run${shards > 1 ? ' shard' : ''}, ${Math.round(RUN_SHARE_OF_LIMIT * 100)} % of its limit): ${schedule.granted} requests so far, the next waits ${(waitMs / 1000).toFixed(1)} s`,
      );
      schedule.lastNoticeAt = at;
    }
    return waitMs;
  };
  const server: Server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://broker').pathname.slice(1));
    const waitMs = req.method === 'POST' ? take(name) : undefined;
    res.writeHead(waitMs === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ waitMs }));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** Tries of one slot before a worker decides the broker is gone. */
const BROKER_TRIES = 5;
const BROKER_RETRY_MS = 50;

/**
 * A worker's pacer for one tenant that asks the broker for its slot. A request the broker did not
 * answer is asked again: a worker that paced itself while the others still drew from the broker would
 * add its own share to the broker's whole one. Only when the broker is gone (the connection refused,
 * or no answer after a few tries: the run is being torn down around it) does it fall back to its own
 * fixed share, as every other worker then does.
 */
export class SharedPacer implements Pacer {
  #fallback: Pacer | undefined;

  constructor(
    private readonly url: string,
    private readonly tenant: string,
    private readonly fallback: () => Pacer,
  ) {}

  async #askBroker(): Promise<number> {
    const answer = await request(`${this.url}/${encodeURIComponent(this.tenant)}`, { method: 'POST' });
    const body = (await answer.body.json()) as { waitMs?: unknown };
    if (answer.statusCode !== 200 || typeof body.waitMs !== 'number') throw new Error('no slot');
    return body.waitMs;
  }

  async take(): Promise<void> {
    if (this.#fallback) return this.#fallback.take();
    for (let attempt = 1; ; attempt += 1) {
      try {
        const waitMs = await this.#askBroker();
        if (waitMs > 0) await sleep(waitMs);
        return;
      } catch (error) {
        const refused = (error as { code?: string }).code === 'ECONNREFUSED';
        if (refused || attempt >= BROKER_TRIES) {
          this.#fallback = this.fallback();
          return this.#fallback.take();
        }
        await sleep(BROKER_RETRY_MS);
      }
    }
  }
}
