/**
 * What the replays sent under each sandbox tenant, at each deployment: the busiest span of the limit's
 * window, measured at the moment each request left, against the tenant's limit and the pacer's share.
 * The report shows it so that a provider sees the replay kept within the sandbox tenant's budget.
 */
import type { RateLimitSettings } from '../config/index.ts';
import { runShareOfLimit } from '../pacing/request-pacer.ts';

export interface BudgetRow {
  readonly deployment: string;
  readonly sandboxTenant: string;
  readonly requests: number;
  /** The most requests that left within any span of one window. */
  readonly busiestWindow: number;
  readonly share: number;
  readonly limit: number;
  readonly windowSeconds: number;
}

export class BudgetRecord {
  readonly #sends = new Map<
    string,
    { deployment: string; tenant: string; limit: RateLimitSettings; times: number[] }
  >();

  /** The function a replay calls at each request it sends. */
  counter(deployment: string, tenant: string, limit: RateLimitSettings): () => void {
    const key = `${deployment}\n${tenant}`;
    const entry = this.#sends.get(key) ?? { deployment, tenant, limit, times: [] };
    this.#sends.set(key, entry);
    return () => entry.times.push(performance.now());
  }

  rows(): BudgetRow[] {
    return [...this.#sends.values()].map(({ deployment, tenant, limit, times }) => ({
      deployment,
      sandboxTenant: tenant,
      requests: times.length,
      busiestWindow: busiestSpan(times, limit.windowSeconds * 1000),
      share: runShareOfLimit(limit),
      limit: limit.requestsPerWindow,
      windowSeconds: limit.windowSeconds,
    }));
  }
}

/** The most of the (ascending) times within any span of `spanMs`. */
export const busiestSpan = (times: readonly number[], spanMs: number): number => {
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while ((times[end] as number) - (times[start] as number) >= spanMs) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
};
