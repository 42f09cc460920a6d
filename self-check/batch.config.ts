/**
 * The self-check's Playwright configuration for mutants in a batch: one invocation for many servers, a
 * project each, so that Playwright starts, lists the suite and reports once for all of them instead of
 * once per mutant. Each project runs the conformance checks its stage selects (never @ratelimit, as a
 * mutant's own run of the `conformance` project) against its own server, which the self-check's
 * process started, with its own output folder and variables (the fixture option `runEnvironmentFile`),
 * and keeps its worker when a check fails (`keepWorkerOnFailure`): a mutant is meant to fail checks.
 *
 * The projects come from the file SELF_CHECK_BATCH_FILE names (mutant-batch.ts writes it).
 */
import { readFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { readTimeouts } from '../config/index.ts';
import { BATCH_FILE_VARIABLE, type BatchFile } from './batch-file.ts';

const file = process.env[BATCH_FILE_VARIABLE];
if (!file) throw new Error(`${BATCH_FILE_VARIABLE} is not set: this configuration is the self-check's`);
const batch = JSON.parse(readFileSync(file, 'utf8')) as BatchFile;

export default defineConfig<{
  runEnvironmentFile: string | undefined;
  keepWorkerOnFailure: boolean;
}>({
  testDir: '../suites',
  testMatch: '**/*.spec.ts',
  timeout: readTimeouts().testMs,
  retries: 0,
  workers: batch.workers,
  outputDir: batch.outputDir,
  use: { trace: 'off', video: 'off', screenshot: 'off' },
  projects: batch.projects.map((project) => ({
    name: project.name,
    // One worker a mutant: its checks run one after another in the suite's order, as its own run on one
    // worker runs them (a mutant's answers can depend on what earlier checks stored).
    workers: 1,
    fullyParallel: true,
    // As Playwright's --grep reads a pattern: case-insensitive.
    grep: new RegExp(project.grep, 'i'),
    grepInvert: /@ratelimit/,
    use: { runEnvironmentFile: project.envFile, keepWorkerOnFailure: true },
  })),
});
