/**
 * The tests of a Playwright JSON report (results.json, or a `--list` of the suite) flattened into one
 * outcome per test and project, with the rule ids of its title, the violations it recorded and why
 * it was inconclusive. What the certificate's verdicts are computed from.
 */
import type { JSONReport, JSONReportSuite, JSONReportTest } from '@playwright/test/reporter';
import {
  inconclusiveReason,
  notRunReason,
  parseRuleTitle,
  type Violation,
  violationsOfAnnotations,
} from '../../oracle/index.ts';
import type { RuleId } from '../../spec/index.ts';

export type TestOutcomeStatus = 'passed' | 'failed' | 'skipped' | 'flaky';

export interface TestOutcome {
  /** The test's own title, which starts with its rule id. */
  readonly title: string;
  /** describe blocks › title: what tells two tests of the same title apart. */
  readonly fullTitle: string;
  readonly file: string;
  readonly project: string;
  /** The rules its title names (the rules it checks). */
  readonly ruleIds: readonly RuleId[];
  readonly tags: readonly string[];
  readonly status: TestOutcomeStatus;
  /** Why a skipped test was skipped (its skip annotations). */
  readonly reasons: readonly string[];
  /** The first lines of the first error of a failed test. */
  readonly error: string | undefined;
  /** The rules it found broken, whichever they are (its `violation` annotations). */
  readonly violations: readonly Violation[];
  /** Why it could not complete its check, when it could not (a property cut short, …). */
  readonly inconclusive: string | undefined;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are what it removes
const ANSI = /\u001b\[[0-9;]*m/g;

export const firstLines = (text: string, lines = 4, max = 600): string => {
  const cleaned = text
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, lines)
    .join('\n');
  return cleaned.length > max ? `${cleaned.slice(0, max - 1)}…` : cleaned;
};

const statusOf = (test: JSONReportTest): TestOutcomeStatus => {
  switch (test.status) {
    case 'unexpected':
      return 'failed';
    case 'flaky':
      return 'flaky';
    case 'skipped':
      return 'skipped';
    default:
      return test.expectedStatus === 'skipped' ? 'skipped' : 'passed';
  }
};

const annotationsOf = (test: JSONReportTest) => [
  ...test.annotations,
  ...test.results.flatMap((result) => result.annotations ?? []),
];

const skipReasons = (test: JSONReportTest): string[] => {
  const reasons = new Set<string>();
  for (const annotation of annotationsOf(test)) {
    if (annotation.type === 'skip' || annotation.type === 'fixme') {
      reasons.add(annotation.description?.trim() || `${annotation.type} without a reason`);
    }
  }
  return [...reasons].sort();
};

const firstError = (test: JSONReportTest): string | undefined => {
  for (const result of test.results) {
    const error = result.errors?.[0]?.message ?? result.error?.message;
    if (error) return firstLines(error);
  }
  return undefined;
};

const visit = (
  suite: JSONReportSuite,
  describes: readonly string[],
  out: TestOutcome[],
  file: string,
): void => {
  for (const spec of suite.specs) {
    for (const test of spec.tests) {
      const annotations = annotationsOf(test);
      const violations = violationsOfAnnotations(annotations);
      // A check that got no answer to judge, or ran out of time, is not run or inconclusive: never a
      // failure of a rule unless it recorded a violation first.
      const interrupted = test.results.some((result) => result.status === 'interrupted');
      const notRun =
        violations.length === 0
          ? (notRunReason(annotations) ?? (interrupted ? 'not run: the run was interrupted' : undefined))
          : undefined;
      const timedOut =
        violations.length === 0 && test.results.some((result) => result.status === 'timedOut')
          ? `the check ran out of time (${Math.round(test.timeout / 1000)} s): the target answered too slowly for it`
          : undefined;
      const status = notRun ? 'skipped' : statusOf(test);
      out.push({
        title: spec.title,
        fullTitle: [...describes, spec.title].join(' › '),
        file: spec.file || file,
        project: test.projectName,
        ruleIds: parseRuleTitle(spec.title).ids,
        tags: [...spec.tags].sort(),
        status,
        reasons: notRun ? [notRun] : status === 'skipped' ? skipReasons(test) : [],
        error: status === 'failed' ? firstError(test) : undefined,
        violations,
        inconclusive: inconclusiveReason(annotations) ?? timedOut,
      });
    }
  }
  for (const child of suite.suites ?? []) visit(child, [...describes, child.title], out, file);
};

/** Every test of a report, ordered by file, full title and project, so two outputs diff cleanly. */
export const testOutcomes = (report: Pick<JSONReport, 'suites'>): TestOutcome[] => {
  const out: TestOutcome[] = [];
  // A file's suite title is the file name, not a describe block: it starts no title path.
  for (const fileSuite of report.suites) visit(fileSuite, [], out, fileSuite.file);
  return out.sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.fullTitle.localeCompare(b.fullTitle) ||
      a.project.localeCompare(b.project),
  );
};

/** The global errors of a run (a failed global setup, a file that does not load), first lines only. */
export const runErrors = (report: Pick<JSONReport, 'errors'>): string[] =>
  (report.errors ?? []).map((error) => firstLines(error.message ?? String(error)));
