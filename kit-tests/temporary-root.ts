/**
 * A temporary folder for one step of the kit tests, given to its processes as TMPDIR: every folder
 * the kit tests make with `mkdtemp(tmpdir())` (outputs of whole runs, certified clients' folders,
 * listings) goes under it, and it is removed when the step passes, kept and named when it fails. Left
 * in the machine's temporary folder, they were about 160 folders and 75 MB a run of the kit tests.
 *
 * Playwright keeps its compiled TypeScript under the temporary folder too: its cache stays where it
 * was, so that a step does not compile the kit's files afresh.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export interface TemporaryRoot {
  readonly folder: string;
  /** The step's variables: its temporary folder, and Playwright's compile cache kept where it was. */
  readonly env: Readonly<Record<string, string>>;
  /** Removes the folder after a step that passed; after one that failed, keeps it and says where. */
  readonly finish: (passed: boolean) => string | undefined;
}

/** The start of every step folder's name. */
const STEP_FOLDER_PREFIX = 'fei-kit-tests-';

/** Where Playwright keeps its compiled files when nothing says otherwise (its own default). */
const playwrightCacheOf = (parent: string): string =>
  process.platform === 'win32'
    ? join(parent, 'playwright-transform-cache')
    : join(parent, `playwright-transform-cache-${process.geteuid?.() ?? ''}`);

export const temporaryRoot = (
  name: string,
  env: NodeJS.ProcessEnv = process.env,
  parent: string = tmpdir(),
): TemporaryRoot => {
  const folder = mkdtempSync(join(parent, `${STEP_FOLDER_PREFIX}${name}-`));
  // As Playwright reads them: an empty value is no value.
  const cache = env.PLAYWRIGHT_TRANSFORM_CACHE_DIR || env.PWTEST_CACHE_DIR || playwrightCacheOf(parent);
  return {
    folder,
    env: { TMPDIR: folder, PLAYWRIGHT_TRANSFORM_CACHE_DIR: cache },
    finish: (passed) => finishTemporaryFolder(folder, passed),
  };
};

/** Removes a step's folder after it passed; after it failed, keeps it. The line to say, if any. */
export const finishTemporaryFolder = (folder: string, passed: boolean): string | undefined => {
  if (!passed) return `the temporary files of the failed tests are kept in ${folder}`;
  try {
    // A process a test left running may still be writing there: a few attempts.
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
    return undefined;
  } catch (error) {
    return `the temporary files in ${folder} could not all be removed: ${(error as Error).message}`;
  }
};

/** Whether a temporary folder is one of a step's (this module's naming). */
export const isStepFolder = (folder: string): boolean => basename(folder).startsWith(STEP_FOLDER_PREFIX);
