/**
 * The test files that took a step of `npm test` longest, from its Playwright JSON report: each file's
 * test time, summed over its tests and their retries. Printed under the step's closing line and kept in
 * npm-test.json, so that a change sees which files its minutes went to. Test time is wall time inside
 * a worker, inflated when the machine is busy: the order says where to look, not how many seconds.
 */
import { readFileSync } from 'node:fs';
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';

export interface FileTime {
  readonly file: string;
  readonly seconds: number;
}

/** The `count` files of the report with the most test time, longest first; none when it cannot be read. */
export const slowestFiles = (reportFile: string, count: number): FileTime[] => {
  let report: Partial<JSONReport>;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as Partial<JSONReport>;
  } catch {
    return [];
  }
  const byFile = new Map<string, number>();
  const visit = (suite: JSONReportSuite): void => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results ?? [])
          byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + result.duration / 1000);
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return [...byFile]
    .map(([file, seconds]) => ({ file, seconds }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file))
    .slice(0, count);
};

/** `  slowest files (test time): 120.3 s kit-tests/a.test.ts, 80.0 s …`, or nothing without files. */
export const slowestFilesLine = (files: readonly FileTime[]): string | undefined =>
  files.length === 0
    ? undefined
    : `  slowest files (test time): ${files.map((f) => `${f.seconds.toFixed(1)} s ${f.file}`).join(', ')}`;
