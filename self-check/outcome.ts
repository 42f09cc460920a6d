/**
 * The self-check's end: the matrix written as JSON and Markdown, `results.json` for `npm test`'s
 * closing line (kit-tests/test-summary.ts reads Playwright's JSON report shape), and the exit code:
 * 0 when every row of every part is as it must be, 1 otherwise.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ClientMatrix,
  clientAsReportStats,
  clientMatrixPasses,
  clientTotalsLine,
  renderClientMarkdown,
} from './client-verdicts.ts';
import { type FaultRowOutcome, faultTotalsLine } from './fault-rows.ts';
import { loadTotalsLine } from './load-render.ts';
import { type LoadMatrix, loadAsReportStats, loadMatrixPasses } from './load-verdicts.ts';
import { exitCodeOf, type Matrix, matrixAsReportStats } from './matrix.ts';
import { type RenderContext, renderMarkdown, totalsLine } from './render.ts';

export interface SelfCheckMatrices {
  readonly suite: Matrix;
  /** How many suite rows were planned: none means the suite's part is not judged. */
  readonly suiteRuns: number;
  readonly load: LoadMatrix;
  readonly clients: ClientMatrix;
  /** The fault rows' outcomes (none when left out). */
  readonly faults: readonly FaultRowOutcome[];
}

type ReportStats = { expected: number; unexpected: number; skipped: number; flaky: number };

/** The fault rows as one Playwright report's stats: a row as it must be is a test passed. */
const faultsAsReportStats = (faults: readonly FaultRowOutcome[]): ReportStats => {
  const passed = faults.filter((outcome) => outcome.passed).length;
  return { expected: passed, unexpected: faults.length - passed, skipped: 0, flaky: 0 };
};

/** The four parts' counts added up, as one Playwright report's stats. */
export const combinedStats = (matrices: SelfCheckMatrices): ReportStats => {
  const parts = [
    matrixAsReportStats(matrices.suite),
    loadAsReportStats(matrices.load),
    clientAsReportStats(matrices.clients),
    faultsAsReportStats(matrices.faults),
  ];
  const sum = (key: keyof ReportStats) => parts.reduce((total, part) => total + part[key], 0);
  return {
    expected: sum('expected'),
    unexpected: sum('unexpected'),
    skipped: sum('skipped'),
    flaky: sum('flaky'),
  };
};

/** 0 when the suite's rows (if any), the load rows, the client rows and the fault rows all are as they must be. */
export const selfCheckExitCode = (matrices: SelfCheckMatrices): number => {
  const suitePasses = matrices.suiteRuns === 0 || exitCodeOf(matrices.suite) === 0;
  const faultsPass = matrices.faults.every((outcome) => outcome.passed);
  return suitePasses && loadMatrixPasses(matrices.load) && clientMatrixPasses(matrices.clients) && faultsPass
    ? 0
    : 1;
};

/** The closing line, after PASSED or FAILED. */
export const closingTotals = (matrices: SelfCheckMatrices): string =>
  `${matrices.suiteRuns ? totalsLine(matrices.suite) : 'no suite run'}; ${loadTotalsLine(matrices.load)}; ${clientTotalsLine(matrices.clients)}; ${faultTotalsLine(matrices.faults)}`;

/** Writes matrix.json, matrix.md and results.json into the self-check's folder. */
export const writeMatrixFiles = (root: string, matrices: SelfCheckMatrices, context: RenderContext): void => {
  const { suite, load, clients, faults } = matrices;
  writeFileSync(
    join(root, 'matrix.json'),
    `${JSON.stringify({ generatedAt: new Date().toISOString(), wallSeconds: Math.round(context.wallSeconds), concurrency: context.concurrency, notes: context.notes, coresBusy: context.timings?.whole.coresBusy, phases: context.timings?.phases, ...suite, load, clients, faults }, null, 2)}\n`,
  );
  writeFileSync(
    join(root, 'matrix.md'),
    `${renderMarkdown(suite, context, load)}\n${renderClientMarkdown(clients).join('\n')}\n`,
  );
  writeFileSync(
    join(root, 'results.json'),
    `${JSON.stringify({ stats: combinedStats(matrices), errors: [], selftest: suite.totals, load: load.totals, clients: clients.totals }, null, 2)}\n`,
  );
};
