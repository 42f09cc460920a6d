/**
 * One run's Playwright JSON report, read back as the outcome of each test: its title, rule id, project
 * and whether it passed, failed or was skipped, with the first line of its first error.
 */
import { readFileSync } from 'node:fs';
import { isRuleId } from '../spec/index.ts';

export type TestOutcome = 'passed' | 'failed' | 'skipped';

export interface TestResult {
  /** The rule id the title starts with (`VAL-AMOUNT-POSITIVE: …`), or undefined. */
  readonly ruleId: string | undefined;
  /**
   * Every rule id the failure is about: the title's, and any rule a failed assertion names itself
   * (the fixtures check ERROR-BODY-SHAPE around every test, under the title of another rule).
   */
  readonly failedRules: readonly string[];
  readonly title: string;
  readonly file: string;
  readonly project: string;
  readonly outcome: TestOutcome;
  /** The first line of the first error, for failures. */
  readonly error?: string;
}

export interface RunResults {
  readonly tests: readonly TestResult[];
  /** Errors outside any test (a global setup that failed, a file that did not load). */
  readonly errors: readonly string[];
}

interface JsonError {
  message?: string;
  value?: string;
}
interface JsonResult {
  status?: string;
  errors?: JsonError[];
  error?: JsonError;
}
interface JsonTest {
  projectName?: string;
  status?: string;
  results?: JsonResult[];
}
interface JsonSpec {
  title?: string;
  file?: string;
  tests?: JsonTest[];
}
interface JsonSuite {
  title?: string;
  file?: string;
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}
export interface PlaywrightJsonReport {
  suites?: JsonSuite[];
  errors?: JsonError[];
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes in Playwright's messages
const ANSI = /\u001b\[[0-9;]*m/g;

const MAX_SUMMARY = 400;

/**
 * A failure in a line or two: the message's first line and, for a property (whose first line only
 * names it), the first lines of what went wrong.
 */
export const summaryOf = (message: string): string | undefined => {
  const lines = message
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const first = lines[0];
  if (first === undefined) return undefined;
  const wrong = lines.findIndex((line) => /^What went wrong:?$/i.test(line));
  const detail = wrong >= 0 ? lines.slice(wrong + 1, wrong + 3) : [];
  const text = [first, ...detail].join(' — ');
  return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1)}…` : text;
};

const firstLine = (error: JsonError | undefined): string | undefined =>
  summaryOf(error?.message ?? error?.value ?? '');

/** The rule id a title starts with, when it is one of spec/rules.ts. */
export const ruleIdOfTitle = (title: string): string | undefined => {
  const match = /^([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+):/.exec(title.trim());
  return match?.[1] && isRuleId(match[1]) ? match[1] : undefined;
};

/** Rule ids a failure message names as the start of a line (`ERROR-BODY-SHAPE: every non-2xx …`). */
export const rulesNamedIn = (message: string): string[] => {
  const found = new Set<string>();
  for (const line of message.replace(ANSI, '').split('\n')) {
    const id = ruleIdOfTitle(line.replace(/^\s*(Error:\s*)?/, ''));
    if (id) found.add(id);
  }
  return [...found];
};

const outcomeOf = (test: JsonTest): TestOutcome => {
  if (test.status === 'skipped') return 'skipped';
  // 'expected' and 'flaky' (passed on a retry) pass; 'unexpected' fails.
  return test.status === 'unexpected' ? 'failed' : 'passed';
};

/** Every test of a report, suites flattened. */
export const testsOfReport = (report: PlaywrightJsonReport): TestResult[] => {
  const tests: TestResult[] = [];
  const visit = (suite: JsonSuite, file: string | undefined): void => {
    const here = suite.file ?? file ?? '';
    for (const spec of suite.specs ?? []) {
      const title = spec.title ?? '';
      const ruleId = ruleIdOfTitle(title);
      for (const test of spec.tests ?? []) {
        const outcome = outcomeOf(test);
        const results = test.results ?? [];
        const failedResult = results.find((r) => r.status !== 'passed' && r.status !== 'skipped');
        const errors = failedResult?.errors?.length
          ? failedResult.errors
          : failedResult?.error
            ? [failedResult.error]
            : [];
        const named =
          outcome === 'failed' ? errors.flatMap((e) => rulesNamedIn(e.message ?? e.value ?? '')) : [];
        const failedRules = outcome === 'failed' ? [...new Set([...(ruleId ? [ruleId] : []), ...named])] : [];
        tests.push({
          ruleId,
          failedRules,
          title,
          file: spec.file ?? here,
          project: test.projectName ?? '',
          outcome,
          ...(outcome === 'failed' ? { error: firstLine(errors[0]) ?? `test ${failedResult?.status}` } : {}),
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, undefined);
  return tests;
};

export const resultsOfReport = (report: PlaywrightJsonReport): RunResults => ({
  tests: testsOfReport(report),
  errors: (report.errors ?? []).map((e) => firstLine(e) ?? 'an error outside the tests'),
});

/** A report file read back, or undefined when the run wrote none (it crashed or was stopped). */
export const readRunResults = (file: string): RunResults | undefined => {
  let report: PlaywrightJsonReport;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightJsonReport;
  } catch {
    return undefined;
  }
  return resultsOfReport(report);
};
