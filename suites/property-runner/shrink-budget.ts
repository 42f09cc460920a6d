/**
 * How far a failed property is shrunk: within what it had left of its runs when it first failed. A
 * property against a conforming deployment sends its planned runs; against a broken one it sends the
 * runs up to the first failure, then at most the rest of them to shrink the counterexample. So a broken
 * deployment's verdict costs no more requests (and, paced, no more time) than a conforming one's,
 * however many rules it breaks, and the first counterexample is always reported, shrunk as far as
 * the budget went.
 */
export interface ShrinkBudget {
  /** Whether the next run may be sent: always before the first failure, then while budget is left. */
  mayRun(): boolean;
  /** A run failed: the first failure sets the budget, every later one (a shrink step) is counted. */
  failed(): void;
  /** Runs granted to shrinking (undefined before the first failure). */
  readonly budget: number | undefined;
  /** Whether shrinking was stopped by the budget. */
  spent(): boolean;
}

export const shrinkBudget = (plannedRuns: number): ShrinkBudget => {
  let runs = 0;
  let budget: number | undefined;
  let shrinkRuns = 0;
  let refused = false;
  return {
    mayRun() {
      if (budget === undefined) {
        runs += 1;
        return true;
      }
      if (shrinkRuns >= budget) {
        refused = true;
        return false;
      }
      shrinkRuns += 1;
      return true;
    },
    failed() {
      if (budget === undefined) budget = Math.max(0, plannedRuns - runs);
    },
    get budget() {
      return budget;
    },
    spent: () => refused,
  };
};
