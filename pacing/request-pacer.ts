/**
 * Keeps one worker's traffic for one tenant under its share of the tenant's rate limit, so that a
 * conformance run is never throttled by its own requests (docs/architecture.md, the request budget).
 *
 * The promise, measured at the moment each request leaves: in ANY span of the limit's window, a tenant's
 * requests never exceed the run's share (`RUN_SHARE_OF_LIMIT` of the limit, a whole number). Each
 * schedule (slot-schedule.ts) holds at most its share in any span of the window plus `SEND_MARGIN_MS`,
 * and a request leaves at most `LATEST_DEPARTURE_MS` after its slot (a request that would leave later,
 * on a machine too busy to keep time, takes a new slot instead). So the requests sent within one window
 * all had their slots within one window plus that lateness: never more than the share. The rest of the
 * margin covers a network whose delay varies, for a limiter that counts arrivals.
 *
 * Shares: with one schedule per tenant (the broker, pacing-broker.ts) the run's share is that
 * schedule's; a worker pacing on its own takes a whole-number part, `share / workers` rounded down, so
 * the parts never add up to more than the share. Retries of a 429 take a slot like any request.
 *
 * Bursts: requests are spaced evenly, never bunched: a pacer that was idle does not save up slots, so
 * the first requests after a pause go out one interval apart like any others.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimitSettings } from '../config/index.ts';
import { assertBudgetHolds } from './budget-cannot-hold.ts';
import { SlotSchedule } from './slot-schedule.ts';

/** The share of the limit the whole run may use; the rest is headroom (the preflight, a fallback). */
export const RUN_SHARE_OF_LIMIT = 0.8;

/** Added to the window in every schedule: covers a request's lateness after its slot, and network jitter. */
export const SEND_MARGIN_MS = 500;

/** A request may leave at most this long after its slot; later, it takes a new one. */
export const LATEST_DEPARTURE_MS = SEND_MARGIN_MS / 2;

/** What one schedule may hand out: `perSpan` requests in any span of `spanMs`. */
export interface PacingShare {
  readonly perSpan: number;
  readonly spanMs: number;
}

const spanOf = (limit: RateLimitSettings): number => limit.windowSeconds * 1000 + SEND_MARGIN_MS;

/** The requests of a tenant the whole run may send in any window: its share of the limit, rounded down. */
export const runShareOfLimit = (limit: RateLimitSettings, share = RUN_SHARE_OF_LIMIT): number =>
  Math.floor(limit.requestsPerWindow * share);

/** One of `parts` equal parts (shards, or workers of every shard) of the run's share, at least 1. */
export const partOfShare = (
  limit: RateLimitSettings,
  parts: number,
  share = RUN_SHARE_OF_LIMIT,
): PacingShare => ({
  perSpan: Math.max(1, Math.floor(runShareOfLimit(limit, share) / Math.max(1, Math.floor(parts)))),
  spanMs: spanOf(limit),
});

/**
 * What a worker takes when the broker is gone: a part of the limit's headroom above the run's share,
 * so that even while the broker still serves other workers its share and every fallback's add up to at
 * most the limit (with no more workers than the headroom has requests).
 */
export const fallbackShare = (limit: RateLimitSettings, parts: number): PacingShare => ({
  perSpan: Math.max(
    1,
    Math.floor((limit.requestsPerWindow - runShareOfLimit(limit)) / Math.max(1, Math.floor(parts))),
  ),
  spanMs: spanOf(limit),
});

/** Requests of one tenant one worker may send per window: its part of the run's share. */
export const workerShareOfLimit = (
  limit: RateLimitSettings,
  workers: number,
  share = RUN_SHARE_OF_LIMIT,
): number => partOfShare(limit, workers, share).perSpan;

/** Requests per second a share lets through, sustained. */
export const requestsPerSecond = (share: PacingShare): number => (share.perSpan * 1000) / share.spanMs;

/** The spacing, in milliseconds, between two requests of one tenant from one of `parts` schedules. */
export const pacingIntervalMs = (
  limit: RateLimitSettings,
  parts: number,
  share = RUN_SHARE_OF_LIMIT,
): number => 1000 / requestsPerSecond(partOfShare(limit, parts, share));

/** What the service client waits on before each request of a tenant. */
export interface Pacer {
  /**
   * Resolves when the next `count` requests (default 1) of the tenant may leave, together and at once.
   * Rejects with a BudgetCannotHold when `count` is more than the share holds.
   */
  take(count?: number): Promise<void>;
}

/** Time as the pacer sees it; replaced in the kit tests. */
export interface PacerClock {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  sleep(ms: number): Promise<unknown>;
}

export const realClock: PacerClock = { now: () => performance.now(), sleep: (ms) => sleep(ms) };

/**
 * Epoch milliseconds, finer than whole ones: one time line for every process of the machine, so that
 * the broker can name a slot and a worker can tell how late it leaves after it.
 */
export const machineClock: PacerClock = {
  now: () => performance.timeOrigin + performance.now(),
  sleep: (ms) => sleep(ms),
};

/** Sleeps until `clock.now()` reaches `until` (a timer that fires early is waited out); returns the time. */
export const sleepUntil = async (clock: PacerClock, until: number): Promise<number> => {
  let now = clock.now();
  for (; now < until; now = clock.now()) await clock.sleep(Math.max(1, Math.ceil(until - now)));
  return now;
};

export class RequestPacer implements Pacer {
  readonly #schedule: SlotSchedule;

  private readonly clock: PacerClock;
  constructor(share: PacingShare, clock: PacerClock = realClock) {
    this.clock = clock;
    this.#schedule = new SlotSchedule(share.perSpan, share.spanMs);
  }

  get intervalMs(): number {
    return this.#schedule.intervalMs;
  }

  /**
   * Resolves when this worker may send its next requests for the tenant. The slot is reserved at once,
   * so concurrent callers get successive slots; no request leaves before its slot, nor later than
   * LATEST_DEPARTURE_MS after it (a caller woken that late takes the next free slot).
   */
  async take(count = 1): Promise<void> {
    assertBudgetHolds(count, this.#schedule.perSpan, this.#schedule.spanMs);
    for (;;) {
      const slot = this.#schedule.reserve(this.clock.now(), count);
      const now = await sleepUntil(this.clock, slot);
      if (now - slot <= LATEST_DEPARTURE_MS) return;
    }
  }
}

/** The pacer itself, or with `size` > 0 one whose first `size` requests leave together (TogetherPacer). */
export const together = (pacer: Pacer | undefined, size: number | undefined): Pacer | undefined =>
  pacer && size ? new TogetherPacer(pacer, size) : pacer;

/**
 * A pacer for requests sent all at once (concurrent POSTs of one externalId): the first `size` takes
 * share one slot of `size` requests, so they leave together and still count in the schedule; later
 * takes are paced one by one.
 */
export class TogetherPacer implements Pacer {
  #batch: Promise<void> | undefined;
  #left: number;

  private readonly pacer: Pacer;
  private readonly size: number;
  constructor(pacer: Pacer, size: number) {
    this.pacer = pacer;
    this.size = size;
    this.#left = size;
  }

  take(count = 1): Promise<void> {
    if (this.#left < count) return this.pacer.take(count);
    this.#batch ??= this.pacer.take(this.size);
    this.#left -= count;
    return this.#batch;
  }
}
