/**
 * What the run's checks say about the run as a whole, apart from any rule: how many did not reach
 * their end, the kit's own faults, the requests the target never answered, the checks run again
 * after a window of unavailability, and the count of each verdict.
 */
import type { TestOutcome } from '../../run-records/check-record-reader.ts';
import type { Certificate, RuleEntry, RunAgainFinding, Verdict } from './certificate-types.ts';
import { VERDICTS } from './certificate-types.ts';
import { isKitFault } from './rule-verdict.ts';

const CUT_SHORT = new Set(['interrupted', 'timedout', 'running']);

/**
 * The checks that did not reach their end (failed, flaky, not run, inconclusive). A run cut short
 * (interrupted, timed out, killed) left checks it never listed as results: at least one then.
 */
export const unfinishedChecksOf = (
  outcomes: readonly TestOutcome[],
  runStatus: string | undefined,
): number => {
  const unfinished = outcomes.filter(
    (t) =>
      t.status === 'failed' || t.status === 'flaky' || t.notRun !== undefined || t.inconclusive !== undefined,
  ).length;
  return CUT_SHORT.has(runStatus ?? '') ? Math.max(1, unfinished) : unfinished;
};

/** Checks that failed inside the kit without recording a violation: never counted against the target. */
export const kitFaultsOf = (outcomes: readonly TestOutcome[]): Certificate['kitFaults'] =>
  outcomes.filter(isKitFault).map((t) => ({ title: t.fullTitle, error: t.error }));

/** The requests the target never answered, each with the check that sent it and that check's rules. */
export const unansweredOf = (outcomes: readonly TestOutcome[]): Certificate['unanswered'] =>
  outcomes.flatMap((t) =>
    t.notRun?.kind === 'no-answer' && t.notRun.request
      ? [{ check: t.fullTitle, rules: t.ruleIds, ...t.notRun.request }]
      : [],
  );

/** The checks run again whole after a window of unavailability, each with the window it met. */
export const runAgainOf = (outcomes: readonly TestOutcome[]): RunAgainFinding[] =>
  outcomes.flatMap((t) => (t.runAgain ? [{ check: t.fullTitle, why: t.runAgain }] : []));

/** How many entries read each verdict, every verdict named (zero where none does). */
export const verdictCountsOf = (entries: readonly RuleEntry[]): Record<Verdict, number> => {
  const verdicts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const entry of entries) verdicts[entry.verdict] += 1;
  return verdicts;
};
