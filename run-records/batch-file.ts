/**
 * What self-check/batch.config.ts and the suites read in the self-check's batch (its variants and its
 * mutants): many servers' checks in one Playwright invocation, each worker serving several of them in
 * turn. Written by self-check/server-batch.ts as JSON, and read by the runner and by every worker (each
 * loads the configuration and the suites).
 */
import { readFileSync } from 'node:fs';
import { type Environment, SELF_CHECK_BATCH_FILE } from '../config/settings/index.ts';

export const BATCH_FILE_VARIABLE = SELF_CHECK_BATCH_FILE.name;

/**
 * The annotation of a check registered for one server of the batch (suites/fixtures/batch-mode.ts):
 * its description is the run id of that server (a mutant's or a variant's).
 */
export const BATCH_TARGET_ANNOTATION = 'kit-batch-target';

/** The projects of the conformance configuration (playwright.config.ts) a server's stage runs. */
export type SuiteProject = 'conformance' | 'ratelimit';

export interface BatchProject {
  /** The run id (`mutant-<name>`, `variant-<name>`): unique in the batch. */
  readonly name: string;
  /** The stage's title filter (Playwright's --grep); empty for every check. */
  readonly grep: string;
  /** Which of the conformance configuration's projects its run has: their checks, and no other. */
  readonly suiteProjects: readonly SuiteProject[];
  /**
   * A JSON file of the target contract of the mutant's server and the run's own variables, set on top
   * of the worker's environment while one of its checks runs. They hold the server's tokens, so they
   * are kept out of the outputs: in a private temporary folder, deleted when the batch ends.
   */
  readonly envFile: string;
}

export interface BatchFile {
  /**
   * The workers for the checks of the `conformance` project: a project each, every project serving a
   * share of the servers that have those checks.
   */
  readonly workers: number;
  /**
   * The workers for the rate-limit checks, likewise. They mostly wait for windows to pass, so more of
   * them run beside the others than the machine has cores.
   */
  readonly rateLimitWorkers: number;
  /**
   * The workers for the checks of the `conformance` project that wait seconds to look again
   * (config/waiting-checks.ts), likewise: they too mostly wait.
   */
  readonly waitingWorkers: number;
  /** Playwright's outputDir (test-results) for the batch. */
  readonly outputDir: string;
  readonly projects: readonly BatchProject[];
}

/**
 * The most workers of the batch's shares that pace one server's tenants at once: a server is in one
 * share of each kind (the checks that keep a core busy, those that wait, the rate-limit checks:
 * self-check/batch-shares.ts). A share's worker takes this part of a tenant's budget, not a part for
 * every worker of the batch, which would space each server's requests as if all of them shared it.
 */
export const BATCH_WORKERS_PER_SERVER = 3;

/**
 * The batch's project of every server's checks that look again at the end of the run: it runs after
 * the checks' and the waiting shares end, but beside the rate-limit shares, and several of its workers
 * may serve one server. Its workers take a part for every worker of the batch: with the rate-limit
 * share's third, never more than the tenant's budget.
 */
export const BATCH_SECOND_LOOK_PROJECT = 'batch-second-look';

/** The workers among which a batch worker of this project shares each server's tenants' budget. */
export const batchPacingParts = (projectName: string, batchWorkers: number): number =>
  projectName === BATCH_SECOND_LOOK_PROJECT ? batchWorkers : Math.min(BATCH_WORKERS_PER_SERVER, batchWorkers);

/**
 * The describe title a check of the batch's `index`-th mutant is registered under: a title no stage's
 * filter can match (they match rule ids), unique, and no marker a part of another.
 */
export const batchMarker = (index: number): string => `⟦batch ${index + 1}⟧`;

/** Whether a describe's title is a batch marker (batchMarker). */
export const isBatchMarker = (title: string): boolean => /^⟦batch \d+⟧$/.test(title);

/** The batch this process belongs to, or undefined outside a batch. */
export const batchOfEnvironment = (env?: Environment): BatchFile | undefined => {
  const file = SELF_CHECK_BATCH_FILE.read(env);
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as BatchFile) : undefined;
};
