/**
 * The rate-limit checks' part of the plan: the requests and time they take for the rate-limit tenant's
 * limit, and what the plan can tell before the run of whether this machine can exceed that limit at
 * all. A burst goes out BURST_CONCURRENCY requests at a time, so it can send about BURST_CONCURRENCY
 * per round trip (the preflight's); the limit is exceeded within a window only above
 * `requestsPerWindow / windowSeconds` a second. Below it, every burst that must exceed the limit sends
 * for GIVE_UP_AFTER_WINDOWS windows and is inconclusive (suites/bursts/rate-limit-burst.ts).
 *
 * The model of the file (suites/rate-limit.spec.ts): three bursts of the limit (the 429 check, the two
 * ALL-REQUESTS checks), the recovery's burst of up to the limit, and about 2.5 windows of waiting (two
 * fresh windows and two half windows, partly side by side with the bursts).
 */
import type { RateLimitSettings } from '../config/index.ts';
import {
  BURST_CONCURRENCY,
  GIVE_UP_AFTER_WINDOWS,
  rateLimitTestTimeoutMs,
} from '../suites/bursts/rate-limit-burst.ts';

/** The round trip assumed when none was measured (the embedded reference server, on this machine). */
const EMBEDDED_ROUND_TRIP_MS = 5;

/** Bursts of the limit the file sends, and windows it waits (measured against the reference server). */
const BURSTS = 4;
const WINDOWS_WAITED = 2.5;

export interface RateLimitPlan {
  readonly requests: number;
  readonly seconds: number;
  /** The longest single rate-limit check, against its time-out (rateLimitTestTimeoutMs). */
  readonly longestCheckSeconds: number;
  readonly timeoutSeconds: number;
  /** How the estimate was reached, for the printed line. */
  readonly why: string;
  /** What the user must know before the run: a limit this machine may not outpace, a check past its time-out. */
  readonly warnings: readonly string[];
}

/** Requests a second a burst can send with this round trip. */
export const burstReach = (roundTripMs: number | undefined): number =>
  BURST_CONCURRENCY / (Math.max(1, roundTripMs ?? EMBEDDED_ROUND_TRIP_MS) / 1000);

export const rateLimitPlan = (limit: RateLimitSettings, roundTripMs: number | undefined): RateLimitPlan => {
  const windowSeconds = limit.windowSeconds;
  const needed = limit.requestsPerWindow / windowSeconds;
  const reach = burstReach(roundTripMs);
  const timeoutSeconds = rateLimitTestTimeoutMs(limit) / 1000;
  const warnings: string[] = [];
  if (reach <= needed) {
    // Each burst that must exceed the limit gives up after a few windows, having sent what it could.
    const giveUpSeconds = GIVE_UP_AFTER_WINDOWS * windowSeconds;
    const longest = windowSeconds + giveUpSeconds;
    warnings.push(
      `the rate-limit tenant's limit of ${limit.requestsPerWindow} per ${windowSeconds} s needs more than ${Math.ceil(needed)} requests a second to exceed within a window; ${BURST_CONCURRENCY} at a time over a ${roundTripMs ?? EMBEDDED_ROUND_TRIP_MS} ms round trip reach about ${Math.round(reach)}: the checks that must exceed it will likely be inconclusive after ${GIVE_UP_AFTER_WINDOWS} windows each, unless the target throttles sooner`,
    );
    if (longest > timeoutSeconds) warnings.push(timeoutWarning(longest, timeoutSeconds));
    return {
      requests: Math.round(BURSTS * giveUpSeconds * reach),
      seconds: BURSTS * giveUpSeconds + WINDOWS_WAITED * windowSeconds,
      why: `${BURSTS} bursts at about ${Math.round(reach)} a second, each giving up after ${GIVE_UP_AFTER_WINDOWS} windows of ${windowSeconds} s`,
      longestCheckSeconds: longest,
      timeoutSeconds,
      warnings,
    };
  }
  const burstSeconds = limit.requestsPerWindow / reach;
  // The longest check: a fresh window, half the limit, half a window, the other half.
  const longest = windowSeconds * 1.5 + burstSeconds;
  if (longest > timeoutSeconds) warnings.push(timeoutWarning(longest, timeoutSeconds));
  // The recovery check reuses the last paused burst while it began less than 0.9 of a window before;
  // when its second half ends later, the check waits for a fresh window and pauses a burst of its own.
  const ownRecoveryBurst = windowSeconds / 2 + burstSeconds / 2 > 0.9 * windowSeconds;
  return {
    requests: (BURSTS + (ownRecoveryBurst ? 1 : 0)) * limit.requestsPerWindow + 100,
    seconds:
      WINDOWS_WAITED * windowSeconds +
      BURSTS * burstSeconds +
      (ownRecoveryBurst ? 1.5 * windowSeconds + burstSeconds : 0),
    why: `about ${WINDOWS_WAITED} windows of ${windowSeconds} s and ${BURSTS} bursts of ${limit.requestsPerWindow} at about ${Math.round(reach)} a second`,
    longestCheckSeconds: longest,
    timeoutSeconds,
    warnings,
  };
};

const timeoutWarning = (seconds: number, timeoutSeconds: number): string =>
  `a rate-limit check may take about ${Math.round(seconds)} s, longer than its time-out of ${Math.round(timeoutSeconds)} s: it would stop unfinished`;
