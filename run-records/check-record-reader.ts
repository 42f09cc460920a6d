/**
 * The reader of the check records (check-record.ts) that check-record-writer.ts attaches: the tests of
 * a Playwright JSON report (results.json, or a `--list` of the suite) flattened into one outcome per
 * test and project, from the record each attempt attached: its rules, the violations it recorded,
 * whether it was skipped (and of which kind), inconclusive or not run. What the certificate's verdicts
 * and the self-check's reading of a run are computed from.
 */
import { stripVTControlCharacters } from 'node:util';
import type { JSONReport, JSONReportSuite, JSONReportTest } from '@playwright/test/reporter';
import type { Violation } from '../oracle/index.ts';
import type { RuleId } from '../spec/index.ts';
import {
  CHECK_RECORD_SCHEMA,
  type CheckRecord,
  checkRecordsOf,
  type InconclusiveKind,
  type SkipKind,
} from './check-record.ts';
import { type CounterTally, counterTallyOf } from './counter-tally.ts';
import { type ModelTally, modelTallyOf } from './model-tally.ts';
import { rulesOfAnnotations } from './rule-annotations.ts';

export type TestOutcomeStatus = 'passed' | 'failed' | 'skipped' | 'flaky';

export interface TestOutcome {
  /**
   * Playwright's id of the test (one per check and project), from its check record; for a test that
   * left none, the report's id of its spec, which is its first project's. What observations join to.
   */
  readonly testId: string | undefined;
  /** The test's own title, for people (by convention it starts with its rule ids). */
  readonly title: string;
  /** describe blocks › title: what tells two tests of the same title apart. */
  readonly fullTitle: string;
  readonly file: string;
  readonly project: string;
  /** The rules it checks (its record's). */
  readonly ruleIds: readonly RuleId[];
  readonly tags: readonly string[];
  readonly status: TestOutcomeStatus;
  /** Why a skipped test was skipped, in words for people. */
  readonly reasons: readonly string[];
  /** The kinds of reason a skipped test was skipped for: what a verdict is decided from. */
  readonly skipKinds: readonly SkipKind[];
  /** The first lines of the first error of a failed test. */
  readonly error: string | undefined;
  /** The rules it found broken, whichever they are, over all its attempts. */
  readonly violations: readonly Violation[];
  /** Why it could not complete its check, when it could not (a property cut short, …). */
  readonly inconclusive: string | undefined;
  /** Which kind of reason that is: the oracle's claim not made, a time-out, a property cut short. */
  readonly inconclusiveKind?: InconclusiveKind;
  /**
   * Why it was not run when it recorded no violation: no answer from the target (with the request
   * left unanswered), the run stopped or interrupted. Playwright counts such a check as it ended.
   */
  readonly notRun: NonNullable<CheckRecord['notRun']> | undefined;
  /**
   * Why it was run again whole within its attempt (a check that starts afresh whose POST or PUT met a
   * window of unavailability), naming the window; its verdict is that second run's.
   */
  readonly runAgain: string | undefined;
  /** The rules the judgement that failed it reached, on every failed attempt: what it still judged. */
  readonly judged: readonly RuleId[];
  /** How many attempts it had (retries): more than one with both outcomes is flaky. */
  readonly attempts: number;
  /** What a model-based property judged (model-tally.ts), when the test is one. */
  readonly modelTally?: ModelTally;
  /** What the rate-limit counter's axes cost and covered (counter-tally.ts), when the test is one of its checks. */
  readonly counterTally?: CounterTally;
}

export const firstLines = (text: string, lines = 4, max = 600): string => {
  const cleaned = stripVTControlCharacters(text)
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

const skipReasons = (test: JSONReportTest): string[] => {
  const reasons = new Set<string>();
  for (const annotation of [...test.annotations, ...test.results.flatMap((r) => r.annotations ?? [])]) {
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

/**
 * The record of an attempt that left none: it never reached the fixtures (a worker that died, a
 * check skipped before it started) or is only listed (`--list`). Its rules are its `rule` annotations,
 * which Playwright's JSON report keeps for every test; nothing is read from text, and it recorded no
 * violation.
 */
const recordOfPlaywright = (
  test: JSONReportTest,
  result: JSONReportTest['results'][number] | undefined,
): CheckRecord => {
  const status = result?.status ?? 'skipped';
  return {
    schema: CHECK_RECORD_SCHEMA,
    ruleIds: [...rulesOfAnnotations(test.annotations).ids],
    attempt: {
      retry: result?.retry ?? 0,
      repeatEachIndex: 0,
      workerIndex: result?.workerIndex ?? -1,
    },
    status,
    violations: [],
    ...(status === 'timedOut'
      ? {
          inconclusive: {
            kind: 'timed-out',
            text: `the check ran out of time (${Math.round(test.timeout / 1000)} s): the target answered too slowly for it`,
          },
        }
      : {}),
    ...(status === 'interrupted'
      ? { notRun: { kind: 'interrupted', text: 'not run: the run was interrupted' } }
      : {}),
    ...(status === 'skipped'
      ? { skipped: { kind: 'declared', text: skipReasons(test).join('; ') || 'skipped without a reason' } }
      : {}),
  };
};

/** Each attempt's record: the one it attached, or one made from Playwright's own result. */
const attemptsOf = (test: JSONReportTest): CheckRecord[] =>
  test.results.map((result) => checkRecordsOf(result.attachments)[0] ?? recordOfPlaywright(test, result));

const FAILED_ATTEMPT: ReadonlySet<string> = new Set(['failed', 'timedOut', 'interrupted']);

/** A check failed on one attempt and passed on another is flaky: a deployment that answered both ways. */
const statusOfAttempts = (attempts: readonly CheckRecord[]): TestOutcomeStatus => {
  const passed = attempts.some((a) => a.status === 'passed');
  const failed = attempts.some((a) => FAILED_ATTEMPT.has(a.status));
  if (passed && failed) return 'flaky';
  if (failed) return 'failed';
  return passed ? 'passed' : 'skipped';
};

const violationsOfAttempts = (attempts: readonly CheckRecord[]): Violation[] => {
  const seen = new Set<string>();
  return attempts
    .flatMap((a) => a.violations)
    .filter((v) => {
      const key = `${v.rule}\n${v.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
};

const judgedByAll = (attempts: readonly CheckRecord[]): RuleId[] => {
  const [first, ...rest] = attempts.map((a) => a.judged ?? []);
  return (first ?? []).filter((rule) => rest.every((judged) => judged.includes(rule)));
};

const skipTextOf = (attempt: CheckRecord): string | undefined =>
  attempt.skipped?.text ?? (attempt.inconclusive ? `inconclusive: ${attempt.inconclusive.text}` : undefined);

/** Each attempt's tally, summed; Playwright repeats an attempt's annotations on the test, counted once. */
const withModelTally = (test: JSONReportTest): { modelTally?: ModelTally } => {
  const tally =
    modelTallyOf(test.results.flatMap((r) => r.annotations ?? [])) ?? modelTallyOf(test.annotations);
  return tally ? { modelTally: tally } : {};
};

/** The last attempt's counter tally: each attempt sends its axes again, and the last is the one judged. */
const withCounterTally = (test: JSONReportTest): { counterTally?: CounterTally } => {
  const last = test.results.at(-1);
  const tally = counterTallyOf(last?.annotations ?? []);
  return tally ? { counterTally: tally } : {};
};

const outcomeOf = (
  spec: JSONReportSuite['specs'][number],
  test: JSONReportTest,
  describes: readonly string[],
  file: string,
  index: number,
): TestOutcome => {
  const attempts = attemptsOf(test);
  const listed = attempts.length === 0 ? recordOfPlaywright(test, undefined) : undefined;
  const violations = violationsOfAttempts(attempts);
  // A check that got no answer to judge, or ran out of time, is not run or inconclusive: never a
  // failure of a rule unless it recorded a violation first. Its status stays Playwright's.
  const notRun = violations.length === 0 ? attempts.find((a) => a.notRun)?.notRun : undefined;
  const status = listed ? statusOf(test) : statusOfAttempts(attempts);
  const failedAttempts = attempts.filter((a) => a.status !== 'passed' && a.status !== 'skipped');
  const skippedAttempts = attempts.filter((a) => a.status === 'skipped');
  return {
    testId: attempts.find((a) => a.testId !== undefined)?.testId ?? (index === 0 ? spec.id : undefined),
    title: spec.title,
    fullTitle: [...describes, spec.title].join(' › '),
    file: spec.file || file,
    project: test.projectName,
    ruleIds: (attempts[0] ?? listed)?.ruleIds ?? [],
    tags: [...spec.tags].sort(),
    status,
    reasons: notRun
      ? [notRun.text]
      : status === 'skipped'
        ? [...new Set(skippedAttempts.map(skipTextOf).filter((t): t is string => t !== undefined))].sort()
        : [],
    skipKinds:
      status === 'skipped' && !notRun
        ? [...new Set(skippedAttempts.flatMap((a) => (a.skipped ? [a.skipped.kind] : [])))].sort()
        : [],
    error: status === 'failed' ? firstError(test) : undefined,
    violations,
    inconclusive: attempts.find((a) => a.inconclusive)?.inconclusive?.text,
    inconclusiveKind: attempts.find((a) => a.inconclusive)?.inconclusive?.kind,
    notRun,
    runAgain: attempts.find((a) => a.runAgain)?.runAgain?.text,
    // A rule counts as judged only where every failed attempt judged it.
    judged: failedAttempts.length === 0 ? [] : judgedByAll(failedAttempts),
    attempts: attempts.length,
    ...withModelTally(test),
    ...withCounterTally(test),
  };
};

const visit = (
  suite: JSONReportSuite,
  describes: readonly string[],
  out: TestOutcome[],
  file: string,
): void => {
  for (const spec of suite.specs) {
    for (const [index, test] of spec.tests.entries()) out.push(outcomeOf(spec, test, describes, file, index));
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
