/**
 * Keeps one worker's traffic for one tenant under its share of the tenant's rate limit, so that a
 * conformance run is never throttled by its own requests (DESIGN principle 5). Each worker takes an
 * equal share; requests are spaced evenly rather than sent in bursts, which fits fixed, sliding and
 * token-bucket limits alike.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimitSettings } from '../../config/index.ts';

/** The share of the limit the whole run may use; the rest is headroom for clock skew and retries. */
export const RUN_SHARE_OF_LIMIT = 0.8;

export const pacingIntervalMs = (
  limit: RateLimitSettings,
  workers: number,
  share = RUN_SHARE_OF_LIMIT,
): number => (limit.windowSeconds * 1000) / ((limit.requestsPerWindow * share) / Math.max(1, workers));

export class RequestPacer {
  #nextSlot = 0;

  constructor(readonly intervalMs: number) {}

  /** Resolves when this worker may send its next request for the tenant. */
  async take(): Promise<void> {
    const now = performance.now();
    const slot = Math.max(now, this.#nextSlot);
    this.#nextSlot = slot + this.intervalMs;
    if (slot > now) await sleep(slot - now);
  }
}
