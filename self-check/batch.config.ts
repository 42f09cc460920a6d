/**
 * The self-check's Playwright configuration for mutants in a batch: one invocation for many servers, so
 * that Playwright starts, lists the suite and reports once for all of them instead of once per mutant,
 * and a worker starts once for a share of the mutants instead of once for each. Each check is
 * registered once per mutant (suites/fixtures/batch-mode.ts), under a describe that names it; a project
 * per worker takes a share of the mutants, and its filter selects, for each of them, the checks its
 * stage selects (never @ratelimit, as a mutant's own run of the `conformance` project). Its one worker
 * runs them one at a time, the share's mutants taking turns, each mutant's checks in the suite's order
 * as a run of that mutant's own on one worker runs them (a mutant's answers can depend on what earlier
 * checks stored), against the
 * mutant's own server, which the self-check's process started, with the mutant's own output folder and
 * variables; and it keeps its worker when a check fails (`keepWorkerOnFailure`): a mutant is meant to
 * fail checks.
 *
 * The mutants come from the file SELF_CHECK_BATCH_FILE names (mutant-batch.ts writes it).
 */
import { defineConfig } from '@playwright/test';
import { readTimeouts } from '../config/index.ts';
import { BATCH_FILE_VARIABLE, batchOfEnvironment } from '../run-records/batch-file.ts';
import { projectFilter, sharesOfWorkers } from './batch-shares.ts';

const batch = batchOfEnvironment();
if (!batch) throw new Error(`${BATCH_FILE_VARIABLE} is not set: this configuration is the self-check's`);

export default defineConfig<{ keepWorkerOnFailure: boolean }>({
  testDir: '../suites',
  testMatch: '**/*.spec.ts',
  timeout: readTimeouts().testMs,
  retries: 0,
  workers: batch.workers,
  outputDir: batch.outputDir,
  use: { trace: 'off', video: 'off', screenshot: 'off' },
  projects: sharesOfWorkers(batch).map((share, index) => ({
    name: `batch-worker-${index + 1}`,
    workers: 1,
    // A group a file (not a check): Playwright's worker prepares a group by going over every test of
    // its file, here registered once per mutant of the batch.
    fullyParallel: false,
    grep: projectFilter(share),
    grepInvert: /@ratelimit/,
    use: { keepWorkerOnFailure: true },
  })),
});
