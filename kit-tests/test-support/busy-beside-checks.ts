/**
 * Busy processes beside conformance runs' checks, and only beside them: they start when the first run
 * says its checks begin (Playwright's "Running" line, printed before any check starts) and stop once
 * every run has said its checks ended (the run's request counts, printed after Playwright ends), so
 * that each run's checks meet them from their first request to their last. The runs' start-up and
 * close (the listing, the preflight, Playwright's load, the certificate) are not what a busy machine
 * must not change, and spinning beside them only burned CPU the other kit tests need. A run whose end
 * line never comes keeps them spinning to the end, as before.
 */
import type { ChildProcess } from 'node:child_process';
import { type BusyProcesses, startBusyProcesses } from '../../bench/busy-processes.ts';

/** Playwright's line before the first check of a run starts. */
const CHECKS_BEGIN = /^Running \d+ tests? using \d+ workers?/m;
/** The kit's first line after Playwright has ended (pacing/request-budget.ts). */
const CHECKS_ENDED = /requests sent by the run/;

export interface BusyBesideChecks {
  /** Handed to each run's `onStart`: watches its output. */
  readonly watch: (child: ChildProcess, output: () => string) => void;
  /** Whether they were started: every run's checks had them beside it. */
  readonly started: () => boolean;
  /** Ends them, if they still run. */
  readonly stop: () => Promise<void>;
}

/** `count` busy processes beside the checks of `runs` runs, each spinning at most `maxSeconds`. */
export const busyBesideChecks = (count: number, runs: number, maxSeconds: number): BusyBesideChecks => {
  let busy: BusyProcesses | undefined;
  let ended = 0;
  const stop = async () => busy?.stop();
  const watch = (child: ChildProcess, output: () => string) => {
    let begun = false;
    let done = false;
    child.stdout?.on('data', () => {
      const text = output();
      if (!begun && CHECKS_BEGIN.test(text)) {
        begun = true;
        busy ??= startBusyProcesses(count, maxSeconds);
      }
      if (begun && !done && CHECKS_ENDED.test(text)) {
        done = true;
        ended += 1;
        if (ended === runs) void stop();
      }
    });
  };
  return { watch, started: () => busy !== undefined, stop };
};
