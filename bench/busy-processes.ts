/**
 * Processes that keep CPUs busy beside a measurement, as other jobs do on a shared CI runner: each a
 * Node process spinning until its deadline (so that none outlives the bench, even if the bench dies),
 * and ended by its own pid when the measurement is over.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface BusyProcesses {
  readonly count: number;
  /** Ends every one of them and waits until they are gone. */
  stop(): Promise<void>;
}

const spinUntil = (deadline: number): string => `const end = ${deadline}; while (Date.now() < end) {}`;

export const startBusyProcesses = (count: number, maxSeconds: number): BusyProcesses => {
  const deadline = Date.now() + maxSeconds * 1000;
  const children: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', spinUntil(deadline)], { stdio: 'ignore' }),
  );
  return {
    count,
    stop: async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      );
    },
  };
};
