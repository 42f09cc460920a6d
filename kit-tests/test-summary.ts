/** Reads Playwright JSON reports and totals them, for the one closing line CI reads. */
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import type { JSONReport, JSONReportSuite, JSONReportTest } from '@playwright/test/reporter';

export interface TestTotals {
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * A Playwright JSON report, or the self-check's stand-in for one (its totals only, no suites).
 */
type PlaywrightJsonStats = Partial<Pick<JSONReport, 'suites' | 'errors'>> & {
  stats?: Partial<JSONReport['stats']>;
};

const readReport = (file: string): PlaywrightJsonStats | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PlaywrightJsonStats;
  } catch {
    return undefined;
  }
};

export const totalsOfReport = (file: string): TestTotals | undefined => {
  const report = readReport(file);
  if (!report) return undefined;
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    // Errors outside tests (a broken global setup, a file that does not load) fail the run too.
    failed: (stats.unexpected ?? 0) + (report.errors?.length ?? 0),
    skipped: stats.skipped ?? 0,
  };
};

export const addTotals = (a: TestTotals, b: TestTotals): TestTotals => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
  skipped: a.skipped + b.skipped,
});

export const closingLine = (totals: TestTotals): string =>
  `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;

/** At most this many lines of a failed test's error are repeated under its name. */
const ERROR_LINES = 8;
const LINE_WIDTH = 240;

/**
 * The lines of an error that say what went wrong: its first line, what was expected and received, and
 * the kit's loud lines (`DEVIATION: …`, `COULD NOT RUN FULLY: …`, `KIT FAILURE: …`) of a run's output
 * that a kit test gave as the assertion's message.
 */
export const tellingLines = (message: string): string[] => {
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .map((line) => line.trim())
    // Not the code frame Playwright appends (`> 44 |   expect(…)`): the test's source, not what happened.
    .filter((line) => line !== '' && !/^(>\s*)?\d+\s*\|/.test(line));
  const telling = lines.filter(
    (line, index) =>
      index === 0 ||
      /^(Expected|Received)\b/.test(line) ||
      /^(?:[\w-]+: )?[A-Z][A-Z0-9 ]{3,}[A-Z]: /.test(line),
  );
  return [...new Set(telling)]
    .slice(0, ERROR_LINES)
    .map((line) => (line.length > LINE_WIDTH ? `${line.slice(0, LINE_WIDTH - 1)}…` : line));
};

const firstErrorOf = (test: JSONReportTest): string | undefined => {
  const result = test.results?.find((r) => r.status !== 'passed' && r.status !== 'skipped');
  const message = result?.errors?.[0]?.message ?? result?.error?.message;
  if (message !== undefined) return message;
  // `test.fail()` whose test passed: no error, and the reason is that it passed.
  if (test.status === 'unexpected' && test.expectedStatus === 'failed')
    return 'passed, where the test is marked to fail (test.fail)';
  return undefined;
};

/**
 * One line per test that failed or passed only on a retry, with the telling lines of its first error,
 * and one per error outside the tests: a CI log is often read from its end only, so what went wrong is
 * repeated there, beside the closing line.
 */
export const notPassedLines = (file: string): string[] => {
  const report = readReport(file);
  if (!report) return [];
  const lines: string[] = [];
  const visit = (suite: JSONReportSuite): void => {
    for (const spec of suite.specs) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const word = test.status === 'flaky' ? 'FLAKY (passed on a retry)' : 'FAILED';
        lines.push(`  ${word}: ${spec.file}:${spec.line} › ${spec.title}`);
        const error = firstErrorOf(test);
        if (error !== undefined) for (const line of tellingLines(error)) lines.push(`      ${line}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  for (const error of report.errors ?? []) {
    lines.push(`  ERROR outside the tests: ${(error.message ?? String(error)).split('\n')[0]}`);
  }
  return lines;
};

/** One step of `npm test` as it went: its wall time and the CPU time of its processes (where known). */
export interface StepTiming {
  readonly name: string;
  readonly code: number;
  readonly seconds: number;
  readonly cpuSeconds?: number;
  readonly totals: TestTotals;
  /** A step of kit tests: the files that took it longest (slowest-files.ts). */
  readonly slowestFiles?: readonly { readonly file: string; readonly seconds: number }[];
}

/**
 * A step's time for people: wall time, and how many of the machine's cores its processes kept busy on
 * average (CPU time over wall time), which says whether a slow step waited or worked.
 */
export const timingLine = (timing: Pick<StepTiming, 'seconds' | 'cpuSeconds'>): string => {
  const wall = `${timing.seconds.toFixed(1)} s`;
  if (timing.cpuSeconds === undefined || timing.seconds <= 0) return wall;
  return `${wall}, CPU ${timing.cpuSeconds.toFixed(1)} s: ${(timing.cpuSeconds / timing.seconds).toFixed(2)} cores busy`;
};
