/** Reads Playwright JSON reports and totals them, for the one closing line CI reads. */
import { readFileSync } from 'node:fs';

export interface TestTotals {
  passed: number;
  failed: number;
  skipped: number;
}

interface PlaywrightJsonStats {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  errors?: unknown[];
}

export const totalsOfReport = (file: string): TestTotals | undefined => {
  let report: PlaywrightJsonStats;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightJsonStats;
  } catch {
    return undefined;
  }
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
