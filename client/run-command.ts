/**
 * Runs the tenant's command as a child process: the caller's environment with the given names set over
 * it, its output passed through (line by line, each through redaction: a client that prints its token
 * does not leak it through the kit), within a time limit after which its whole process group is ended.
 */
import { spawn } from 'node:child_process';
import { redact } from '../utilities/redaction.ts';

export type CommandResult =
  | {
      readonly kind: 'exited';
      readonly code: number | null;
      readonly signal: string | null;
      readonly seconds: number;
    }
  | { readonly kind: 'not-found'; readonly message: string }
  | { readonly kind: 'timed-out'; readonly seconds: number }
  /** Ctrl-C or a termination reached the kit: the command was ended with it. */
  | { readonly kind: 'interrupted'; readonly signal: NodeJS.Signals };

/** Passes a stream through line by line, redacted; a partial last line goes out at the end. */
const redactingPipe = (write: (text: string) => void) => {
  let pending = '';
  return {
    chunk(data: Buffer): void {
      pending += data.toString('utf8');
      const end = pending.lastIndexOf('\n');
      if (end === -1) return;
      write(redact(pending.slice(0, end + 1)));
      pending = pending.slice(end + 1);
    },
    flush(): void {
      if (pending) write(redact(pending));
      pending = '';
    },
  };
};

const endGroup = (pid: number | undefined): void => {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
};

export const runCommand = (
  command: readonly string[],
  env: NodeJS.ProcessEnv,
  timeLimitSeconds: number,
): Promise<CommandResult> =>
  new Promise((resolve) => {
    const started = performance.now();
    const [file, ...args] = command as [string, ...string[]];
    // Its own process group, so that the time limit ends whatever the command started too.
    const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const out = redactingPipe((t) => process.stdout.write(t));
    const err = redactingPipe((t) => process.stderr.write(t));
    child.stdout.on('data', out.chunk);
    child.stderr.on('data', err.chunk);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      endGroup(child.pid);
    }, timeLimitSeconds * 1000);
    let interruptedBy: NodeJS.Signals | undefined;
    const interrupt = (signal: NodeJS.Signals): void => {
      interruptedBy = signal;
      endGroup(child.pid);
    };
    process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
    const done = (result: CommandResult): void => {
      clearTimeout(timer);
      process.off('SIGINT', interrupt).off('SIGTERM', interrupt);
      out.flush();
      err.flush();
      resolve(result);
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      done({
        kind: 'not-found',
        message:
          error.code === 'ENOENT'
            ? `command not found: ${file}`
            : `the command could not start: ${error.code ?? error.message}`,
      });
    });
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      done(
        interruptedBy
          ? { kind: 'interrupted', signal: interruptedBy }
          : timedOut
            ? { kind: 'timed-out', seconds }
            : { kind: 'exited', code, signal, seconds },
      );
    });
  });
