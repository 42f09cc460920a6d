/**
 * The verdicts of the load rows (pure: no files, no processes), from what each k6 run left: its exit
 * code, its JSON summary, its JUnit file and its web dashboard. The three must tell one story (exit 0,
 * summary passed, no JUnit failure; or exit 99, summary failed or not established, as many JUnit
 * failures, errors and skips as thresholds not passed), else the run is an error: the outputs a user
 * relies on would disagree.
 *
 * - A server that must pass **passed** when k6 exits 0; **failed** when a threshold the sent requests
 *   decide is crossed.
 * - A server that must be caught is **caught** when a threshold of one of its declared rules is
 *   crossed, **weakly caught** when only others are (reported, not a failure of the self-check), and
 *   **survived** when k6 exits 0.
 * - Either is **not established** when nothing the sent requests decide was crossed but the load
 *   generator did not reach what some threshold needs (a busy machine): said with the rate reached
 *   and the rate needed, never a failure of the server, nor of the self-check.
 * - An **error** proves nothing either way: the server or k6 did not start, the run took too long,
 *   k6 ended otherwise (a script error), or an output is missing or disagrees.
 */
import type { LoadServerKind, PlannedLoadRun } from './load-plan.ts';

export type LoadVerdict =
  | 'passed'
  | 'failed'
  | 'caught'
  | 'weakly-caught'
  | 'survived'
  | 'not-established'
  | 'error';

export interface FailedThreshold {
  readonly ruleId: string;
  readonly metric: string;
  readonly expression: string;
  readonly observed: number | null;
}

/** A threshold the load generator's reach left unjudged, and why. */
export interface UnjudgedThreshold {
  readonly ruleId: string;
  readonly metric: string;
  readonly expression: string;
  readonly reason: string;
}

/** What one k6 run left behind, read back (load-run.ts). */
export interface LoadRunOutcome {
  readonly run: PlannedLoadRun;
  /** undefined when k6 did not run to its end (not started, stopped for taking too long). */
  readonly exitCode: number | undefined;
  readonly seconds: number;
  /** Why the run could not be judged before its outputs were read (a server that did not start…). */
  readonly problem?: string;
  readonly summary?: {
    readonly verdict: 'passed' | 'failed' | 'not-established';
    readonly thresholds: readonly (FailedThreshold & {
      readonly verdict: string;
      readonly reason?: string;
    })[];
  };
  readonly junit?: {
    readonly tests: number;
    readonly failures: number;
    readonly errors: number;
    readonly skipped: number;
  };
  /** The web dashboard's path, relative to the self-check's output folder, when k6 wrote it. */
  readonly dashboard?: string;
}

export interface LoadEntry {
  readonly id: string;
  readonly script: string;
  readonly server: { readonly kind: LoadServerKind; readonly name: string; readonly description: string };
  readonly expect: 'pass' | 'catch';
  readonly verdict: LoadVerdict;
  readonly catchingRules: readonly string[];
  readonly exitCode: number | null;
  readonly seconds: number;
  readonly thresholds: number;
  readonly failedThresholds: readonly FailedThreshold[];
  /** The distinct rule ids of the crossed thresholds, with how many of each. */
  readonly failedRules: readonly { readonly ruleId: string; readonly thresholds: number }[];
  /** The thresholds the generator's reach left unjudged (crossed ones only). */
  readonly unjudged: readonly UnjudgedThreshold[];
  readonly dashboard: string | null;
  readonly problem?: string;
}

export interface LoadTotals {
  readonly runs: number;
  /** Must be caught: caught (weakly or not), survived, errors. */
  readonly catch: {
    readonly total: number;
    readonly caught: number;
    readonly weaklyCaught: number;
    readonly survived: number;
  };
  /** Must pass. */
  readonly pass: { readonly total: number; readonly passed: number; readonly failed: number };
  /** Rows of either kind the load generator's reach left not established. */
  readonly notEstablished: number;
  readonly errors: number;
}

export interface LoadMatrix {
  readonly entries: readonly LoadEntry[];
  readonly totals: LoadTotals;
  /** Why no load row ran (k6 not installed, --no-load), when none did. */
  readonly skipped?: { readonly reason: string; readonly runs: number };
  /** Wall time of the load rows, which run before the suite's. */
  readonly wallSeconds?: number;
}

const rulesOf = (failed: readonly FailedThreshold[]): { ruleId: string; thresholds: number }[] => {
  const counts = new Map<string, number>();
  for (const threshold of failed) counts.set(threshold.ruleId, (counts.get(threshold.ruleId) ?? 0) + 1);
  return [...counts.entries()]
    .map(([ruleId, thresholds]) => ({ ruleId, thresholds }))
    .sort((a, b) => b.thresholds - a.thresholds || a.ruleId.localeCompare(b.ruleId));
};

/** Why the outputs of a finished run cannot be judged, or undefined when they tell one story. */
export const outputsProblem = (outcome: LoadRunOutcome): string | undefined => {
  if (outcome.problem) return outcome.problem;
  const { exitCode, summary, junit } = outcome;
  if (exitCode === undefined) return 'k6 did not finish';
  if (exitCode !== 0 && exitCode !== 99) return `k6 exited with ${exitCode} (not a verdict: see k6.log)`;
  if (!summary) return `k6 exited with ${exitCode} but wrote no JSON summary`;
  if (!junit) return `k6 exited with ${exitCode} but wrote no JUnit file`;
  if (!outcome.dashboard) return `k6 exited with ${exitCode} but wrote no web dashboard`;
  const notPassed = summary.thresholds.filter((t) => t.verdict !== 'passed').length;
  if (junit.tests !== summary.thresholds.length)
    return `the JUnit file has ${junit.tests} testcases for ${summary.thresholds.length} thresholds`;
  const marked = junit.failures + junit.errors + junit.skipped;
  if (marked !== notPassed)
    return `the JUnit file has ${marked} failures, errors and skips for ${notPassed} thresholds not passed`;
  if ((exitCode === 0) !== (summary.verdict === 'passed'))
    return `k6 exited with ${exitCode} but the JSON summary says ${summary.verdict}`;
  return undefined;
};

/** A row's verdict from outputs that tell one story. */
const verdictOf = (outcome: LoadRunOutcome, failedRules: readonly { ruleId: string }[]): LoadVerdict => {
  const { run } = outcome;
  if (outcome.summary?.verdict === 'not-established') return 'not-established';
  if (run.expect === 'pass') return outcome.exitCode === 0 ? 'passed' : 'failed';
  if (outcome.exitCode === 0) return 'survived';
  const declared = new Set(run.catchingRules);
  return failedRules.some((r) => declared.has(r.ruleId)) ? 'caught' : 'weakly-caught';
};

export const loadEntry = (outcome: LoadRunOutcome): LoadEntry => {
  const { run } = outcome;
  const problem = outputsProblem(outcome);
  const thresholds = outcome.summary?.thresholds ?? [];
  const failedThresholds = thresholds
    .filter((t) => t.verdict === 'failed' || t.verdict === 'unknown')
    .map(({ ruleId, metric, expression, observed }) => ({ ruleId, metric, expression, observed }));
  const unjudged = thresholds
    .filter((t) => t.verdict === 'not-established')
    .map(({ ruleId, metric, expression, reason }) => ({
      ruleId,
      metric,
      expression,
      reason: reason ?? 'the load generator did not reach the planned rate',
    }));
  const failedRules = rulesOf(failedThresholds);
  const verdict = problem ? 'error' : verdictOf(outcome, failedRules);
  return {
    id: run.id,
    script: run.script,
    server: { kind: run.server.kind, name: run.server.name, description: run.server.description },
    expect: run.expect,
    verdict,
    catchingRules: run.catchingRules,
    exitCode: outcome.exitCode ?? null,
    seconds: Math.round(outcome.seconds * 10) / 10,
    thresholds: outcome.summary?.thresholds.length ?? 0,
    failedThresholds,
    failedRules,
    unjudged,
    dashboard: outcome.dashboard ?? null,
    ...(problem ? { problem } : {}),
  };
};

export const buildLoadMatrix = (
  outcomes: readonly LoadRunOutcome[],
  extra: Pick<LoadMatrix, 'skipped' | 'wallSeconds'> = {},
): LoadMatrix => {
  const entries = outcomes
    .map(loadEntry)
    .sort(
      (a, b) =>
        a.script.localeCompare(b.script) ||
        a.server.kind.localeCompare(b.server.kind) ||
        a.id.localeCompare(b.id),
    );
  const count = (verdict: LoadVerdict) => entries.filter((e) => e.verdict === verdict).length;
  return {
    entries,
    totals: {
      runs: entries.length,
      catch: {
        total: entries.filter((e) => e.expect === 'catch').length,
        caught: count('caught'),
        weaklyCaught: count('weakly-caught'),
        survived: count('survived'),
      },
      pass: {
        total: entries.filter((e) => e.expect === 'pass').length,
        passed: count('passed'),
        failed: count('failed'),
      },
      notEstablished: count('not-established'),
      errors: count('error'),
    },
    ...extra,
  };
};

/** The load rows pass when nothing survived, failed or went wrong (a weak catch is reported, not failed). */
export const loadMatrixPasses = (matrix: LoadMatrix): boolean =>
  matrix.totals.catch.survived === 0 && matrix.totals.pass.failed === 0 && matrix.totals.errors === 0;

/** One "test" per load run for `npm test`'s closing line: passed when the server got its due. */
export const loadAsReportStats = (
  matrix: LoadMatrix,
): { expected: number; unexpected: number; skipped: number; flaky: number } => {
  const { totals } = matrix;
  const good = totals.pass.passed + totals.catch.caught + totals.catch.weaklyCaught;
  return {
    expected: good,
    unexpected: totals.runs - good - totals.notEstablished,
    skipped: (matrix.skipped?.runs ?? 0) + totals.notEstablished,
    flaky: 0,
  };
};
