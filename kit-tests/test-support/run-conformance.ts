import type { ChildProcess } from 'node:child_process';
import { type KitScriptRun, runKit } from './run-kit.ts';

export type ConformanceRun = Pick<KitScriptRun, 'code' | 'output' | 'stdout' | 'seconds'>;

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
    ['conformance', ...args],
    { PATH: process.env.PATH, KIT_IGNORE_DOTENV: 'true', ...env },
    { timeoutMs: 170_000, ...(onStart ? { onStart } : {}) },
  );
