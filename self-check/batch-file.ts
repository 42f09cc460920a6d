/**
 * What self-check/batch.config.ts reads: the projects of one Playwright invocation of the self-check, each
 * one server's checks of one of the suite's projects, against that server. Written by server-batch.ts
 * as JSON, and read by the runner and by every worker (each loads the configuration).
 */
import type { ProjectName } from './plan.ts';

export const BATCH_FILE_VARIABLE = 'SELF_CHECK_BATCH_FILE';

export interface BatchProject {
  /** The run id (`mutant-<name>`), with the suite's project for any but `conformance`: unique in the batch. */
  readonly name: string;
  /** The suite's project (playwright.config.ts) whose checks it runs, as the run's own invocation would. */
  readonly project: ProjectName;
  /** The checks it runs: the project's and the stage's title filters together (Playwright's grep). */
  readonly grep: string;
  /** The checks it leaves out (Playwright's grep-invert). */
  readonly grepInvert?: string;
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
