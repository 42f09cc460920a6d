/**
 * Each tenant's request budget (part 8): its configured limit, what the hooks make of it (a mutant may
 * lower the capacity or stretch the window), and the limiter that keeps it. Tenants whose budgets are
 * equal share one limiter (their counts stay apart by key, one per tenant, unless a hook keys them
 * together), so "one budget for every tenant" means one count for every tenant of the same limit,
 * unless a hook asks for one limiter for all of them (at the tightest of their limits).
 */

import type { RateLimitAlgorithm } from './behaviour.ts';
import { createRateLimiter, type RateLimiter } from './rate-limit.ts';
import type { KnownTenant } from './tenants.ts';
import type { RateLimitOptions } from './types.ts';

export interface TenantBudget {
  /** The limit as configured: what a 429 body quotes. */
  readonly configured: RateLimitOptions;
  /** Requests per window the limiter admits (the configured number, unless a hook changes it). */
  readonly capacity: number;
  readonly windowMs: number;
  readonly limiter: RateLimiter;
}

/** The hooks a tenant's budget is made with (part of handlers/guard.ts's rate-limit hooks). */
export interface BudgetHooks {
  /**
   * RATE-LIMIT-PER-TENANT: one limiter for every tenant, whatever their own limits (the tightest of
   * them), instead of one per limit.
   */
  rateLimitOneBudget(): boolean;
  /** RATE-LIMIT-429: requests admitted per window, given the configured number. */
  rateLimitCapacity(requestsPerWindow: number): number;
  /** RATE-LIMIT-WINDOW-RESET: the window, given the configured one. */
  rateLimitWindowMs(windowMs: number): number;
}

export class TenantBudgets {
  readonly #byTenantId = new Map<string, TenantBudget>();

  constructor(
    tenants: readonly KnownTenant[],
    limitOf: (tenantName: string) => RateLimitOptions,
    algorithm: RateLimitAlgorithm,
    hooks: BudgetHooks,
  ) {
    const limiters = new Map<string, RateLimiter>();
    const budgets = tenants.map((tenant) => {
      const configured = limitOf(tenant.seeded.name);
      return {
        tenant,
        configured,
        capacity: hooks.rateLimitCapacity(configured.requestsPerWindow),
        windowMs: hooks.rateLimitWindowMs(configured.windowSeconds * 1000),
      };
    });
    const tightest = [...budgets].sort((a, b) => a.capacity / a.windowMs - b.capacity / b.windowMs)[0];
    const oneBudget = hooks.rateLimitOneBudget() && tightest !== undefined;
    for (const budget of budgets) {
      const { tenant, configured } = budget;
      const { capacity, windowMs } = oneBudget ? tightest : budget;
      const key = `${capacity}/${windowMs}`;
      let limiter = limiters.get(key);
      if (!limiter) {
        limiter = createRateLimiter(algorithm, capacity, windowMs);
        limiters.set(key, limiter);
      }
      this.#byTenantId.set(tenant.id, Object.freeze({ configured, capacity, windowMs, limiter }));
    }
  }

  /** The budget of an authenticated tenant. */
  of(tenant: KnownTenant): TenantBudget {
    // A tenant's id is its client id in lower case; a mutant's tenant may carry the id as sent.
    const budget = this.#byTenantId.get(tenant.id.toLowerCase());
    if (!budget) throw new Error(`no rate limit for tenant ${tenant.seeded.name}`);
    return budget;
  }
}
