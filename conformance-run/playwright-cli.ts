import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { playwrightEnvironment } from '../utilities/kit-root.ts';

const require = createRequire(import.meta.url);

export interface PlaywrightExit {
  readonly code: number;
  /** The signal the kit's own process received while Playwright ran, if any. */
  readonly signal: NodeJS.Signals | undefined;
}

/** A signal this soon after the first is the same interruption relayed (by npm, by tsx, by a terminal). */
const SAME_INTERRUPTION_MS = 3_000;

/**
 * Runs Playwright's CLI as a child with the given env; resolves with its exit code. The child runs in a
 * process group of its own, so a terminal's Ctrl-C reaches it once, through the kit: a SIGINT or
 * SIGTERM of the kit is passed on as one SIGINT, the signal Playwright stops gracefully on (finishing
 * its reporters, so that what ran is kept). Another signal, later, stops it at once.
 */
export const runPlaywrightChild = (
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<PlaywrightExit> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [require.resolve('@playwright/test/cli'), ...args], {
      env: playwrightEnvironment(env),
      stdio: 'inherit',
      detached: true,
    });
    let received: NodeJS.Signals | undefined;
    let receivedAt = 0;
    const forward = (signal: NodeJS.Signals) => {
      if (!received) {
        received = signal;
        receivedAt = performance.now();
        child.kill('SIGINT');
      } else if (performance.now() - receivedAt > SAME_INTERRUPTION_MS) {
        child.kill('SIGKILL');
      }
    };
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      resolve({ code: code ?? (signal ? 128 : 1), signal: received });
    });
  });

/** Runs Playwright's CLI as a child; resolves with its exit code. */
export const runPlaywright = async (
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> => (await runPlaywrightChild(args, env)).code;
