/**
 * How many Playwright workers a conformance run gets unless told otherwise (`--workers`). The
 * @ratelimit checks spend most of their time waiting out their tenant's windows, on a worker of their
 * own beside the others. Against the reference server the rest is CPU work: one worker per core.
 * Against a deployment it is round trips and the tenants' budgets, which the workers share
 * (pacing/pacing-broker.ts): four workers beside the rate-limit checks' keep a budget busy even at a long
 * round trip.
 */
import { availableParallelism, cpus } from 'node:os';

export const REMOTE_WORKERS = 5;

export const defaultWorkers = (embedded: boolean, cores: number = availableParallelism()): number =>
  embedded ? cores + 1 : REMOTE_WORKERS;

/**
 * The workers a Playwright command line asks for (`--workers 3`, `--workers=3`, `-j 3`, or a share of
 * the CPUs, `--workers 50%`, read as Playwright reads it), if any.
 */
export const workersOfArguments = (
  args: readonly string[],
  /** The CPUs Playwright counts a share of. */
  cpuCount: number = cpus().length,
): number | undefined => {
  // The last one given counts, as Playwright reads its options.
  let workers: number | undefined;
  for (const [index, argument] of args.entries()) {
    const value =
      /^(?:--workers|-j)=(\d+%?)$/.exec(argument)?.[1] ??
      (argument === '--workers' || argument === '-j' ? args[index + 1] : undefined);
    if (value === undefined) continue;
    const percent = /^(\d+)%$/.exec(value)?.[1];
    if (/^\d+$/.test(value)) workers = Number(value);
    else if (percent !== undefined) workers = Math.max(1, Math.floor(cpuCount * (Number(percent) / 100)));
  }
  return workers;
};
