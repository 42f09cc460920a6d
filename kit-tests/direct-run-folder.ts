/**
 * The kit tests run by Playwright alone (`npm run test:kit`, `npx playwright test -c
 * playwright.kit.config.ts …`, a contributor's one file) get a temporary folder of their own, as each
 * step of `npm test` does (temporary-root.ts): without one, every whole run, certified client and
 * listing they make stays in the machine's temporary folder, about 160 folders a run of the `kit`
 * project. A reporter of the kit tests' configuration, it makes the folder when Playwright's runner
 * starts it, before any worker starts (the workers inherit the runner's TMPDIR), removes it when the run
 * passed and names it when not. A run given other reporters on the command line (`--reporter dot`)
 * has none of this: its files stay where the machine's temporary folder is.
 */
import { tmpdir } from 'node:os';
import type { FullResult, Reporter } from '@playwright/test/reporter';
import { finishTemporaryFolder, isStepFolder, temporaryRoot } from './temporary-root.ts';

/**
 * The variables of a run of the kit tests that no step gave a folder: a folder made for it (TMPDIR),
 * and where Playwright's compiled files stay; none under a step's folder or in a worker.
 */
export const directRunEnvironment = (
  env: NodeJS.ProcessEnv,
  parent: string = tmpdir(),
): Readonly<Record<string, string>> | undefined =>
  env.TEST_WORKER_INDEX !== undefined || isStepFolder(parent)
    ? undefined
    : temporaryRoot('direct', env, parent).env;

interface DirectRunFolderOptions {
  /** The variables the folder is set in: the runner's own unless a test gives others. */
  readonly env?: NodeJS.ProcessEnv;
  readonly parent?: string;
  readonly say?: (line: string) => void;
}

export default class DirectRunFolder implements Reporter {
  /** The folder this run made, if it made one. */
  readonly folder: string | undefined;
  readonly #say: (line: string) => void;

  constructor(options: DirectRunFolderOptions = {}) {
    const env = options.env ?? process.env;
    const made = directRunEnvironment(env, options.parent);
    if (made) Object.assign(env, made);
    this.folder = made?.TMPDIR;
    this.#say = options.say ?? ((line) => process.stdout.write(`${line}\n`));
  }

  printsToStdio(): boolean {
    return false;
  }

  onEnd(result: FullResult): void {
    if (this.folder === undefined) return;
    const line = finishTemporaryFolder(this.folder, result.status === 'passed');
    if (line) this.#say(line);
  }
}
