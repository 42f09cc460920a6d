import { type ChildProcess, spawn } from 'node:child_process';

export interface ConformanceRun {
  readonly code: number | null;
  readonly output: string;
  readonly seconds: number;
}

/**
 * Runs `scripts/conformance.ts` as a user would, with only the given environment (and PATH), its
 * stdout and stderr together. Asynchronous, so a server in the test's own process can answer it.
 */
export const runConformance = (
  env: Record<string, string>,
  args: readonly string[] = [],
  /** Given the running process and a way to read its output so far (to interrupt it, say). */
  onStart?: (child: ChildProcess, output: () => string) => void,
): Promise<ConformanceRun> =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/conformance.ts', ...args], {
      env: { PATH: process.env.PATH, KIT_IGNORE_DOTENV: 'true', ...env },
      timeout: 170_000,
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    onStart?.(child, () => output);
    child.on('close', (code) => resolve({ code, output, seconds: (performance.now() - started) / 1000 }));
  });
