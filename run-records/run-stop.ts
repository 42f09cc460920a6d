/**
 * Stopping a run that can no longer say anything about the target. A worker that sees the target go
 * away (several requests in a row with no answer, or gateway pages instead of the service's answers)
 * or sees its tenant throttled although it paces itself under the limit, or a tenant's credentials
 * refused after they worked, writes one stop file into the
 * run's output folder; from then on every worker sends nothing more, the test in flight and every
 * later one are marked *not run*, and `fei-kit conformance` exits with the stop's code and line. The
 * tests already done keep their verdicts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type StopReason = 'target-lost' | 'throttled' | 'credentials-refused';

export interface RunStop {
  readonly reason: StopReason;
  /** When the cause began (ISO 8601). */
  readonly at: string;
  /** The one line `fei-kit conformance` prints. */
  readonly line: string;
  /** The throttled tenant, or the tenant whose credentials stopped working. */
  readonly tenant?: string;
}

/** Writes the stop unless one is there already: the first cause is the one reported. */
export const stopRun = (file: string, stop: RunStop): void => {
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${JSON.stringify(stop, null, 2)}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
};

export const readRunStop = (file: string): RunStop | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RunStop;
  } catch {
    return undefined;
  }
};

/** Looks at the stop file at most every `everyMs`: workers ask before every request. */
export class RunStopWatch {
  #checkedAt = Number.NEGATIVE_INFINITY;
  #stop: RunStop | undefined;

  readonly file: string;
  private readonly everyMs: number;
  constructor(file: string, everyMs: number = 200) {
    this.file = file;
    this.everyMs = everyMs;
  }

  current(): RunStop | undefined {
    if (this.#stop) return this.#stop;
    const now = performance.now();
    if (now - this.#checkedAt < this.everyMs) return undefined;
    this.#checkedAt = now;
    // Asked before every request: a missing file is the rule, and an error thrown for it cost five
    // times the look.
    if (!existsSync(this.file)) return undefined;
    this.#stop = readRunStop(this.file);
    return this.#stop;
  }
}
