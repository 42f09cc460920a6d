import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Runs Playwright's CLI as a child with the given env; resolves with its exit code. */
export const runPlaywright = (
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [require.resolve('@playwright/test/cli'), ...args], {
      env,
      stdio: 'inherit',
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.once('SIGINT', forward).once('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
