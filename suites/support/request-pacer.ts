/**
 * Keeps one worker's traffic for one tenant under its share of the tenant's rate limit, so that a
 * conformance run is never throttled by its own requests (docs/architecture.md, the request budget).
 *
 * Fairness: every Playwright worker process gets an equal share, `RUN_SHARE_OF_LIMIT / workers` of the
 * limit, where `workers` is the run's maximum number of concurrent workers (both projects draw from the
 * same pool, and a worker restarted after a failure replaces one that has ended). In any span of one
 * window a worker sends at most `share / workers × limit + 1` requests of a tenant, so the whole run
 * sends at most `share × limit + workers`, well under the limit.
 *
 * Bursts: requests are spaced evenly, never bunched: a pacer that was idle does not save up slots, so
 * the first requests after a pause go out one interval apart like any others. Even spacing fits fixed,
 * sliding and token-bucket limits alike.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimitSettings } from '../../config/index.ts';

/** The share of the limit the whole run may use; the rest is headroom for clock skew and retries. */
export const RUN_SHARE_OF_LIMIT = 0.8;

/** Requests of one tenant one worker may send per window: its equal share of the run's share. */
export const workerShareOfLimit = (
  limit: RateLimitSettings,
  workers: number,
  share = RUN_SHARE_OF_LIMIT,
): number => (limit.requestsPerWindow * share) / Math.max(1, Math.floor(workers));

/** The spacing, in milliseconds, between two requests of one tenant from one worker. */
export const pacingIntervalMs = (
  limit: RateLimitSettings,
  workers: number,
  share = RUN_SHARE_OF_LIMIT,
): number => (limit.windowSeconds * 1000) / workerShareOfLimit(limit, workers, share);

/** What the service client waits on before each request of a tenant. */
export interface Pacer {
  /** Resolves when the next request of the tenant may be sent. */
  take(): Promise<void>;
}

/** Time as the pacer sees it; replaced in the kit tests. */
export interface PacerClock {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  sleep(ms: number): Promise<unknown>;
}

const realClock: PacerClock = { now: () => performance.now(), sleep: (ms) => sleep(ms) };

export class RequestPacer implements Pacer {
  #nextSlot = Number.NEGATIVE_INFINITY;

  constructor(
    readonly intervalMs: number,
    private readonly clock: PacerClock = realClock,
  ) {
    if (!(intervalMs >= 0) || !Number.isFinite(intervalMs)) {
      throw new Error(`a pacing interval must be a finite number of milliseconds; got ${intervalMs}`);
    }
  }

  /**
   * Resolves when this worker may send its next request for the tenant. The slot is reserved at once,
   * so concurrent callers get successive slots; a timer that fires early (Node's loop time can lag the
   * monotonic clock by a millisecond or more) is waited out, so no request leaves before its slot.
   */
  async take(): Promise<void> {
    const slot = Math.max(this.clock.now(), this.#nextSlot);
    this.#nextSlot = slot + this.intervalMs;
    for (let now = this.clock.now(); now < slot; now = this.clock.now()) {
      await this.clock.sleep(Math.max(1, Math.ceil(slot - now)));
    }
  }
}
