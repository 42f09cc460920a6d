/**
 * Which tenant each iteration of the capacity run serves. The run is one open-model scenario at the
 * sum of every tenant's rate; iteration `i` (k6's index in the whole test, the same whichever
 * execution segment runs it) serves the tenant of slot `i mod period`. Each tenant holds exactly its
 * number of slots per period, spread evenly over it (its j-th slot at (j + ½) / its count of the
 * period), so each tenant's own rate is exact over every period and even within it, and any split of
 * the iterations into k6 execution segments still sends each tenant exactly its share in total.
 * Pure and k6-safe: no k6 import, no Node API.
 */

/** The schedule for tenants sending `counts[k]` iterations per period: tenant index per slot. */
export const interleavedSchedule = (counts: readonly number[]): readonly number[] => {
  const slots: { at: number; tenant: number }[] = [];
  counts.forEach((count, tenant) => {
    for (let j = 0; j < count; j += 1) slots.push({ at: (j + 0.5) / count, tenant });
  });
  slots.sort((a, b) => a.at - b.at || a.tenant - b.tenant);
  return Object.freeze(slots.map((slot) => slot.tenant));
};

/** The tenant of iteration `iteration` (0-based, in the whole test). */
export const tenantOfIteration = (schedule: readonly number[], iteration: number): number =>
  schedule[iteration % schedule.length] as number;
