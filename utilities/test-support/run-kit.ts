import { type ChildProcess, spawn } from 'node:child_process';
import { kitCommandArguments } from '../kit-root.ts';

export interface KitScriptRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout and stderr together, in the order they came. */
  readonly output: string;
  readonly seconds: number;
}

/**
 * Runs one of the kit's commands as a user runs it (`fei-kit <args…>`, through its bin), with exactly
 * the given environment, its output collected. Asynchronous, so a server in the test's own process can
 * answer it. `onStart` gets the running process and its output so far (to interrupt it, say).
 */
export const runKit = (
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  options: {
    readonly timeoutMs?: number;
    readonly onStart?: (child: ChildProcess, output: () => string) => void;
  } = {},
): Promise<KitScriptRun> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, kitCommandArguments(args), {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
    });
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
      output += chunk;
    });
    options.onStart?.(child, () => output);
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout, stderr, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
