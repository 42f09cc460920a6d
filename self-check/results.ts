/**
 * One run's Playwright JSON report, read back as the outcome of each check: its title, rule ids,
 * project and whether it passed, failed or was skipped, and which rules a failure broke. The report
 * is read by the certificate's own reader (run-records/check-record-reader.ts), from each check's
 * record, so the self-check credits a failure exactly as the certificate does: to the rules of the violations it recorded,
 * whichever test it happened in, on any attempt (a flaky check failed). A failure that recorded no
 * violation is a fault of the kit: it fails the run but credits no rule.
 */
import { readFileSync } from 'node:fs';
import type { JSONReport } from '@playwright/test/reporter';
import { formatViolation } from '../oracle/index.ts';
import {
  firstLines,
  type TestOutcome as ReportedTest,
  runErrors,
  testOutcomes,
} from '../run-records/check-record-reader.ts';
import type { RuleId } from '../spec/index.ts';

export type TestOutcome = 'passed' | 'failed' | 'skipped';

export interface TestResult {
  /** The first rule the check is declared with, or undefined. */
  readonly ruleId: RuleId | undefined;
  /** Every rule the check is declared with. */
  readonly ruleIds: readonly RuleId[];
  /** The rules a failure broke: its violations' rules (none for a fault of the kit). */
  readonly failedRules: readonly RuleId[];
  readonly title: string;
  readonly file: string;
  readonly project: string;
  readonly outcome: TestOutcome;
  /** The first violation, or the first line of the first error, for failures. */
  readonly error?: string;
  /**
   * Why the oracle could not make the check's claim (a round trip too long for a limit's rate, …), when
   * it said so and nothing was found; never a time-out or a property cut short, which a suite that
   * hangs or slows down would give too.
   */
  readonly inconclusive?: string;
}

export interface RunResults {
  readonly tests: readonly TestResult[];
  /** Errors outside any test (a global setup that failed, a file that did not load). */
  readonly errors: readonly string[];
}

const MAX_SUMMARY = 400;

const clip = (text: string): string =>
  text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1)}…` : text;

const resultOf = (test: ReportedTest): TestResult => {
  // A check cut short (a time-out, a property's time limit) that found nothing proves nothing either way.
  const cutShort = test.inconclusive !== undefined && test.violations.length === 0;
  const outcome: TestOutcome =
    test.status === 'skipped' || cutShort
      ? 'skipped'
      : test.status === 'failed' || (test.status === 'flaky' && test.violations.length > 0)
        ? 'failed'
        : 'passed';
  const violated = [...new Set(test.violations.map((v) => v.rule))];
  const first = test.violations[0];
  return {
    ruleId: test.ruleIds[0],
    ruleIds: test.ruleIds,
    failedRules: outcome === 'failed' ? violated : [],
    title: test.title,
    file: test.file,
    project: test.project,
    outcome,
    ...(outcome === 'failed'
      ? { error: clip(first ? formatViolation(first) : firstLines(test.error ?? '', 1) || 'failed') }
      : {}),
    ...(cutShort && test.inconclusiveKind === 'could-not-complete'
      ? { inconclusive: clip(test.inconclusive ?? '') }
      : {}),
  };
};

export const resultsOfReport = (report: Pick<JSONReport, 'suites' | 'errors'>): RunResults => ({
  tests: testOutcomes(report).map(resultOf),
  errors: runErrors(report).map((error) => firstLines(error, 1)),
});

/** A report file read back, or undefined when the run wrote none (it crashed or was stopped). */
export const readRunResults = (file: string): RunResults | undefined => {
  let report: JSONReport;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as JSONReport;
  } catch {
    return undefined;
  }
  return resultsOfReport({ suites: report.suites ?? [], errors: report.errors ?? [] });
};
