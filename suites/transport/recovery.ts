/**
 * Waiting for an unavailable deployment to come back: a probe (a GET that creates nothing) is sent
 * after a wait that doubles from half a second, or the longer wait the deployment asked for
 * (Retry-After), until a probe is answered or the longest wait a run gives a restart has passed. The
 * waits grow so that several workers waiting at once send a handful of probes, not a stream.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export type ProbeOutcome =
  | { readonly available: true }
  | { readonly available: false; readonly detail: string; readonly retryAfterMs?: number };

export interface RecoveryClock {
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<unknown>;
}

export type Recovery =
  | { readonly back: true; readonly at: number; readonly probes: number }
  | { readonly back: false; readonly at: number; readonly probes: number; readonly detail: string };

/** The first wait without a Retry-After, and the most any one wait lasts. */
export const FIRST_PROBE_WAIT_MS = 500;
export const LONGEST_PROBE_WAIT_MS = 8_000;

const systemClock: RecoveryClock = { now: Date.now, sleep: (ms) => sleep(ms) };

/**
 * Probes until the deployment answers or `maxWaitMs` has passed since `since` (epoch ms); the first
 * wait is the one the unavailable answer asked for, if any.
 */
export const awaitRecovery = async (
  probe: () => Promise<ProbeOutcome>,
  options: { readonly since: number; readonly maxWaitMs: number; readonly retryAfterMs?: number },
  clock: RecoveryClock = systemClock,
): Promise<Recovery> => {
  let backoff = FIRST_PROBE_WAIT_MS;
  let asked = options.retryAfterMs;
  let detail = 'unavailable';
  for (let probes = 0; ; ) {
    const left = options.since + options.maxWaitMs - clock.now();
    if (left <= 0) return { back: false, at: clock.now(), probes, detail };
    // The wait Retry-After asks for when longer than the doubling one: a `Retry-After: 0` does not
    // make a stream of probes.
    const wait = Math.min(left, LONGEST_PROBE_WAIT_MS, Math.max(asked ?? 0, backoff));
    await clock.sleep(Math.max(0, wait));
    backoff = Math.min(LONGEST_PROBE_WAIT_MS, backoff * 2);
    const outcome = await probe();
    probes += 1;
    if (outcome.available) return { back: true, at: clock.now(), probes };
    detail = outcome.detail;
    asked = outcome.retryAfterMs;
  }
};
