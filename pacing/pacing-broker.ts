/**
 * The run's pacing, shared by every worker: one schedule per tenant (slot-schedule.ts), kept in the
 * Playwright runner process (started by the global setup) and asked over loopback HTTP before each
 * request. A worker's fixed part of the budget (request-pacer.ts) wastes what an idle worker does not
 * send: the worker of the rate-limit checks, which sends tenant A one request, or the last workers of a
 * run whose others have finished. Shared, the budget goes to whichever worker needs it, workers that
 * join late included: each tenant's requests are spaced evenly at `RUN_SHARE_OF_LIMIT` of its limit
 * (divided between shards, which pace separately), and in any span of one window plus the send margin
 * the broker hands out at most that share. A worker sends a granted request at most
 * LATEST_DEPARTURE_MS after its slot, or asks again, so the promise holds where it is measured: at the
 * moment each request leaves.
 *
 * While the budget holds requests back the broker says so, at most every `WAIT_NOTICE_MS`, so that a
 * slow run against a real limit is never a silent minute.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import type { RateLimitSettings } from '../config/index.ts';
import { KIT_PACING_URL } from '../config/settings/index.ts';
import { assertBudgetHolds, BudgetCannotHold } from './budget-cannot-hold.ts';
import {
  LATEST_DEPARTURE_MS,
  machineClock,
  type Pacer,
  pacingIntervalMs,
  partOfShare,
  RUN_SHARE_OF_LIMIT,
  sleepUntil,
} from './request-pacer.ts';
import { SlotSchedule } from './slot-schedule.ts';

/** How the workers find the broker (set by the global setup, inherited by the workers). */
export const PACING_URL_VARIABLE = KIT_PACING_URL.name;

/**
 * Below this spacing per worker the budget cannot slow the run down: each worker paces itself (the
 * reference server's generous budgets), and no request waits for a round trip to the broker.
 */
export const SHARED_PACING_MIN_INTERVAL_MS = 2;

/** At most one "waiting for budget" line per tenant this often. */
export const WAIT_NOTICE_MS = 10_000;

/** The furthest ahead a worker may ask its slot to be (it asks ahead after an answer came too late). */
const MAX_LEAD_MS = 5_000;

/** A request held back at least this long counts as waiting for budget. */
const WAIT_WORTH_SAYING_MS = 250;

interface Schedule {
  readonly slots: SlotSchedule;
  readonly limit: RateLimitSettings;
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
  const now = options.now ?? machineClock.now;
  const shards = Math.max(1, options.shards ?? 1);
  const schedules = new Map<string, Schedule>();
  for (const [name, limit] of Object.entries(limits)) {
    const share = partOfShare(limit, shards);
    schedules.set(name, {
      slots: new SlotSchedule(share.perSpan, share.spanMs),
      limit,
      granted: 0,
      lastNoticeAt: now(),
    });
  }
  /**
   * A slot of `count` requests, `leadMs` from now at the earliest, and the wait before it; undefined for
   * a tenant not paced here. Throws a BudgetCannotHold for a count over the share, a RangeError for a
   * count that is no count.
   */
  const take = (
    name: string,
    count: number,
    leadMs: number,
  ): { slotAt: number; waitMs: number } | undefined => {
    const schedule = schedules.get(name);
    if (!schedule) return undefined;
    const at = now();
    assertBudgetHolds(count, schedule.slots.perSpan, schedule.slots.spanMs);
    const slot = schedule.slots.reserve(at + leadMs, count);
    schedule.granted += count;
    const waitMs = slot - at;
    if (waitMs >= WAIT_WORTH_SAYING_MS && at - schedule.lastNoticeAt >= WAIT_NOTICE_MS) {
      const { limit } = schedule;
      options.say?.(
        `pacing: tenant ${name} is waiting for budget (${schedule.slots.perSpan} requests per ${limit.windowSeconds} s for this run${shards > 1 ? ' shard' : ''}, ${Math.round(RUN_SHARE_OF_LIMIT * 100)} % of its limit): ${schedule.granted} requests so far, the next waits ${(waitMs / 1000).toFixed(1)} s`,
      );
      schedule.lastNoticeAt = at;
    }
    return { slotAt: slot, waitMs };
  };
  const answer = (req: { method?: string; url?: string }): [number, object] => {
    const url = new URL(req.url ?? '/', 'http://broker');
    const name = decodeURIComponent(url.pathname.slice(1));
    const count = Number(url.searchParams.get('count') ?? '1');
    const leadMs = Math.min(MAX_LEAD_MS, Math.max(0, Number(url.searchParams.get('lead')) || 0));
    if (req.method !== 'POST') return [404, {}];
    try {
      const grant = take(name, count, leadMs);
      return grant === undefined ? [404, {}] : [200, grant];
    } catch (error) {
      // 422: the share cannot hold the count (the worker throws BudgetCannotHold); 400: no count at all.
      return [error instanceof BudgetCannotHold ? 422 : 400, { error: (error as Error).message }];
    }
  };
  const server: Server = createServer((req, res) => {
    const [status, body] = answer(req);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
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
 * pacer, which takes a part of the headroom above the run's share (request-pacer.ts, fallbackShare).
 */
export class SharedPacer implements Pacer {
  #fallback: Pacer | undefined;

  private readonly url: string;
  private readonly tenant: string;
  private readonly fallback: () => Pacer;
  constructor(url: string, tenant: string, fallback: () => Pacer) {
    this.url = url;
    this.tenant = tenant;
    this.fallback = fallback;
  }

  async #askBroker(count: number, leadMs: number): Promise<number> {
    const tenant = encodeURIComponent(this.tenant);
    const answer = await request(`${this.url}/${tenant}?count=${count}&lead=${Math.ceil(leadMs)}`, {
      method: 'POST',
    });
    const body = (await answer.body.json()) as { slotAt?: unknown; error?: unknown };
    if (answer.statusCode === 422) throw new BudgetCannotHold(String(body.error));
    if (answer.statusCode === 400) throw new RangeError(String(body.error));
    if (answer.statusCode !== 200 || typeof body.slotAt !== 'number') throw new Error('no slot');
    return body.slotAt;
  }

  async take(count = 1): Promise<void> {
    let leadMs = 0;
    for (let failures = 0; !this.#fallback; ) {
      const askedAt = machineClock.now();
      let slotAt: number;
      try {
        slotAt = await this.#askBroker(count, leadMs);
      } catch (error) {
        if (error instanceof RangeError) throw error;
        failures += 1;
        const refused = (error as { code?: string }).code === 'ECONNREFUSED';
        if (refused || failures >= BROKER_TRIES) this.#fallback = this.fallback();
        else await sleep(BROKER_RETRY_MS);
        continue;
      }
      const leavesAt = await sleepUntil(machineClock, slotAt);
      if (leavesAt - slotAt <= LATEST_DEPARTURE_MS) return;
      // Too late for its slot (a busy machine, a slow answer): never send outside one. Ask again, for a
      // slot as far ahead as this ask took, so that the answer arrives before it.
      leadMs = leavesAt - askedAt;
    }
    return this.#fallback.take(count);
  }
}
