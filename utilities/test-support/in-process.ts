import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface InProcessRun {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout and stderr together, in the order they came. */
  readonly output: string;
  /** What the command left in its working folder. */
  readonly left: string[];
}

/**
 * Runs a command's entry in this process as its spawned bin would run: a working folder of its own
 * with nothing in it, exactly the given environment (PATH without k6 and HOME the folder unless
 * given), stdout and stderr collected apart. A spawned process costs a Node start-up and the kit's
 * modules loaded again per case; kit tests that check many cases of one command call its entry here
 * and keep a spawned run for each kind of fact. Tests of one worker run one at a time, so the
 * process-wide state it swaps (working folder, environment, the two streams' write) is restored
 * before another test can see it.
 */
export const runInProcess = async (
  entry: () => Promise<number>,
  env: Record<string, string> = {},
): Promise<InProcessRun> => {
  const folder = mkdtempSync(join(tmpdir(), 'kit-cli-'));
  const cwd = process.cwd();
  const savedEnv = { ...process.env };
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  let stdout = '';
  let stderr = '';
  let output = '';
  const collect =
    (append: (text: string) => void) =>
    (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      append(text);
      output += text;
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    };
  try {
    process.chdir(folder);
    for (const name of Object.keys(process.env)) delete process.env[name];
    Object.assign(process.env, { PATH: '/usr/bin:/bin', HOME: folder, ...env });
    process.stdout.write = collect((text) => {
      stdout += text;
    }) as typeof process.stdout.write;
    process.stderr.write = collect((text) => {
      stderr += text;
    }) as typeof process.stderr.write;
    const status = await entry();
    return { status, stdout, stderr, output, left: readdirSync(folder) };
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    for (const name of Object.keys(process.env)) delete process.env[name];
    Object.assign(process.env, savedEnv);
    process.chdir(cwd);
    rmSync(folder, { recursive: true, force: true });
  }
};
