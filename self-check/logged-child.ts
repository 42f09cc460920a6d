/**
 * A child process of the self-check: in its own process group (so that one that hangs is stopped with
 * everything it started), its output into a log file, killed when its time is up.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

export interface LoggedChildOptions {
  readonly env: NodeJS.ProcessEnv;
  readonly logFile: string;
  readonly timeoutMs: number;
  /** Called with the child's pid while it runs, and undefined when it ends (to stop it on Ctrl-C). */
  readonly onChild?: (pid: number | undefined) => void;
}

export interface LoggedChildExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
}

export const runLoggedChild = (
  command: string,
  args: readonly string[],
  options: LoggedChildOptions,
): Promise<LoggedChildExit> =>
  new Promise((resolve) => {
    const log = createWriteStream(options.logFile);
    const child = spawn(command, [...args], {
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    options.onChild?.(child.pid);
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      },
      Math.max(1, options.timeoutMs),
    );
    child.on('error', (error) => {
      log.write(`could not start ${command}: ${error.message}\n`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.onChild?.(undefined);
      log.end();
      resolve({ code, signal, timedOut });
    });
  });
