/**
 * What self-check/batch.config.ts reads: the projects of one Playwright invocation of the self-check, each
 * one mutant's checks against its own server. Written by mutant-batch.ts as JSON, and read by the
 * runner and by every worker (each loads the configuration).
 */

export const BATCH_FILE_VARIABLE = 'SELF_CHECK_BATCH_FILE';

export interface BatchProject {
  /** The run id (`mutant-<name>`): unique in the batch. */
  readonly name: string;
  /** The stage's title filter (Playwright's --grep). */
  readonly grep: string;
  /**
   * A JSON file of the target contract of the project's server and the run's own variables
   * (suites/fixtures/run-files.ts: runEnvironmentFile). They hold the server's tokens, so they are kept
   * out of the outputs: in a private temporary folder, deleted when the batch ends.
   */
  readonly envFile: string;
}

export interface BatchFile {
  readonly workers: number;
  /** Playwright's outputDir (test-results) for the batch. */
  readonly outputDir: string;
  readonly projects: readonly BatchProject[];
}
