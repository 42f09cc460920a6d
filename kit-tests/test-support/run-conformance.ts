import type { ChildProcess } from 'node:child_process';
import { type PlaywrightArguments, readPlaywrightArguments } from '../../config/playwright-arguments.ts';
import { workersOfArguments } from '../../config/run-workers.ts';
import { type KitScriptRun, runKit } from '../../utilities/test-support/run-kit.ts';

export type ConformanceRun = Pick<KitScriptRun, 'code' | 'output' | 'stdout' | 'seconds'>;

/**
 * A run filtered to a few checks (`--grep`) gets one worker unless the test asks for more: Playwright
 * starts a worker for each check up to the run's count, and a worker's start costs more CPU than a
 * few checks. The checks are the same either way; a test about workers names its count.
 */
export const withOneWorkerWhenFiltered = (args: readonly string[]): readonly string[] => {
  let read: PlaywrightArguments;
  try {
    read = readPlaywrightArguments(args, { checkValues: false });
  } catch {
    return args; // arguments the run must refuse, as given
  }
  const filtered = read.options.some((option) => option.spec.long === '--grep');
  return filtered && workersOfArguments(read.forPlaywright) === undefined ? [...args, '--workers=1'] : args;
};

/**
 * Runs `fei-kit conformance` as a user would, with only the given environment (and PATH), its
 * stdout and stderr together. Asynchronous, so a server in the test's own process can answer it.
 */
export const runConformance = (
  env: Record<string, string>,
  args: readonly string[] = [],
  /** Given the running process and a way to read its output so far (to interrupt it, say). */
  onStart?: (child: ChildProcess, output: () => string) => void,
): Promise<ConformanceRun> =>
  runKit(
    ['conformance', ...withOneWorkerWhenFiltered(args)],
    { PATH: process.env.PATH, KIT_IGNORE_DOTENV: 'true', ...env },
    { timeoutMs: 170_000, ...(onStart ? { onStart } : {}) },
  );
