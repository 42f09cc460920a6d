/**
 * The load rows of the self-check, run before the suite's runs: the plan (load-plan.ts), k6 found as
 * a user's machine has it (K6_BIN, then PATH), both scripts bundled once, then `concurrency` k6 runs
 * at a time (load-run.ts), each reported in one line as it ends. k6's runs spend most of their time
 * waiting on their scenarios' clocks, so several go side by side at little cost; the suite's runs,
 * which keep both cores busy, would starve them. Without k6 the rows are skipped, said in one line,
 * and counted as skipped.
 */
import { join } from 'node:path';
import { bundleLoadScripts, type LoadScript } from '../load/bundle.ts';
import { findK6 } from '../load/find-k6.ts';
import { type PlannedLoadRun, planLoadRuns } from './load-plan.ts';
import { loadOutcomeText } from './load-render.ts';
import { runLoadRow } from './load-run.ts';
import { buildLoadMatrix, type LoadMatrix, type LoadRunOutcome, loadEntry } from './load-verdicts.ts';

export interface LoadRowsOptions {
  readonly only: readonly string[] | undefined;
  /** --no-load: the rows are planned (to count them) but not run. */
  readonly skip: boolean;
  readonly concurrency: number;
  readonly outputRoot: string;
  readonly timeoutSeconds: number;
  readonly say: (line: string) => void;
  readonly onChild?: (pid: number, running: boolean) => void;
}

const LABEL: Record<string, string> = {
  passed: 'passed',
  failed: 'FAILED',
  caught: 'caught',
  'weakly-caught': 'WEAKLY caught',
  survived: 'SURVIVED',
  'not-established': 'NOT ESTABLISHED',
  error: 'ERROR',
};

/** The rows planned for these options, before anything runs (to print the plan and fail fast). */
export const plannedLoadRows = (only: readonly string[] | undefined): PlannedLoadRun[] =>
  planLoadRuns({ only });

export const runLoadRows = async (
  runs: readonly PlannedLoadRun[],
  options: LoadRowsOptions,
): Promise<LoadMatrix> => {
  if (runs.length === 0) return buildLoadMatrix([]);
  if (options.skip) return buildLoadMatrix([], { skipped: { reason: '--no-load', runs: runs.length } });
  const k6 = findK6(process.env);
  if (!k6.found) {
    options.say(
      `${runs.length} load rows skipped: k6 not found (${k6.reason}; set K6_BIN or put k6 on PATH)`,
    );
    return buildLoadMatrix([], { skipped: { reason: 'k6 is not installed', runs: runs.length } });
  }
  const started = performance.now();
  const bundled = await bundleLoadScripts(undefined, join(options.outputRoot, 'load-dist'));
  const bundles = Object.fromEntries(bundled.map((b) => [b.name, b.file])) as Record<LoadScript, string>;
  const runId = `selftest-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  const queue = [...runs];
  const outcomes: LoadRunOutcome[] = [];
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const outcome = await runLoadRow(next, {
        k6: k6.path,
        bundles,
        outputRoot: options.outputRoot,
        runId,
        timeoutSeconds: options.timeoutSeconds,
        ...(options.onChild ? { onChild: options.onChild } : {}),
      });
      outcomes.push(outcome);
      const entry = loadEntry(outcome);
      options.say(
        `[load ${outcomes.length}/${runs.length}] ${entry.id}: ${LABEL[entry.verdict]}, ${loadOutcomeText(entry)} (${Math.round(entry.seconds)} s)`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, runs.length) }, worker));
  return buildLoadMatrix(outcomes, { wallSeconds: (performance.now() - started) / 1000 });
};
