/**
 * One of the kit's own commands run as a user runs it (a child process, `fei-kit …`), timed by the
 * wall clock, its output kept in a log file rather than printed: the bench prints only its figures.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { kitCommandArguments } from '../utilities/kit-root.ts';

export interface TimedRun {
  readonly code: number;
  readonly seconds: number;
  /** The whole output, stdout and stderr interleaved. */
  readonly output: string;
}

export const timedRun = (
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
): Promise<TimedRun> => timedNode(kitCommandArguments(args), env, logFile);

/** Node with these arguments, timed the same way (`cwd`: where it runs; default the bench's own). */
export const timedNode = (
  nodeArguments: readonly string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  cwd?: string,
): Promise<TimedRun> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const log = createWriteStream(logFile);
    let output = '';
    const child = spawn(process.execPath, [...nodeArguments], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(cwd ? { cwd } : {}),
    });
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      log.end();
      resolve({
        code: code ?? (signal ? 128 : 1),
        seconds: (performance.now() - started) / 1000,
        output,
      });
    });
  });
