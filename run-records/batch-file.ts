/**
 * What self-check/batch.config.ts and the suites read in a batch of the self-check's mutants: many
 * servers' checks in one Playwright invocation, each worker serving several of them in turn. Written by
 * self-check/mutant-batch.ts as JSON, and read by the runner and by every worker (each loads the
 * configuration and the suites).
 */
import { readFileSync } from 'node:fs';

export const BATCH_FILE_VARIABLE = 'SELF_CHECK_BATCH_FILE';

/**
 * The annotation of a check registered for one server of the batch (suites/fixtures/batch-mode.ts):
 * its description is the run id of that server's mutant.
 */
export const BATCH_TARGET_ANNOTATION = 'kit-batch-target';

export interface BatchProject {
  /** The run id (`mutant-<name>`): unique in the batch. */
  readonly name: string;
  /** The stage's title filter (Playwright's --grep). */
  readonly grep: string;
  /**
   * A JSON file of the target contract of the mutant's server and the run's own variables, set on top
   * of the worker's environment while one of its checks runs. They hold the server's tokens, so they
   * are kept out of the outputs: in a private temporary folder, deleted when the batch ends.
   */
  readonly envFile: string;
}

export interface BatchFile {
  /** The workers of the invocation: a project each, every project serving a share of the mutants. */
  readonly workers: number;
  /** Playwright's outputDir (test-results) for the batch. */
  readonly outputDir: string;
  readonly projects: readonly BatchProject[];
}

/**
 * The describe title a check of the batch's `index`-th mutant is registered under: a title no stage's
 * filter can match (they match rule ids), unique, and no marker a part of another.
 */
export const batchMarker = (index: number): string => `⟦batch ${index + 1}⟧`;

/** Whether a describe's title is a batch marker (batchMarker). */
export const isBatchMarker = (title: string): boolean => /^⟦batch \d+⟧$/.test(title);

/** The batch this process belongs to, or undefined outside a batch. */
export const batchOfEnvironment = (env: NodeJS.ProcessEnv = process.env): BatchFile | undefined => {
  const file = env[BATCH_FILE_VARIABLE];
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as BatchFile) : undefined;
};
