/**
 * The rate-limit checks' part of the plan: the requests and time they take for the rate-limit tenant's
 * limit, and what the plan can tell before the run of whether this machine can exceed that limit at
 * all. A burst goes out burstConcurrency requests at a time (32, or more for a far deployment: as many
 * as send five limits a window, 512 at most), so it can send about that many per round trip (the
 * preflight's); the limit is exceeded within a window only above
 * `requestsPerWindow / windowSeconds` a second. Below it, every burst that must exceed the limit sends
 * for GIVE_UP_AFTER_WINDOWS windows and is inconclusive (suites/bursts/rate-limit-burst.ts).
 *
 * The model of the file (suites/rate-limit.spec.ts): three bursts of the limit (the 429 check, the two
 * ALL-REQUESTS checks), the recovery's burst of up to the limit, about 2.5 windows of waiting (two fresh
 * windows and two half windows, partly side by side with the bursts), the burst right after the window
 * comes back (up to one and a half times the limit), and the counter's stretches
 * (suites/bursts/counter-stretch.ts): one per axis, each a few rounds of its lanes (more of them for a far
 * deployment), inside the 429 check's window while they fit in its first 0.6, a fresh window and a burst more for
 * each further 0.6 of a window they take.
 */
import type { RateLimitSettings } from '../config/index.ts';
import { COUNTER_AXES } from '../suites/bursts/counter-axes.ts';
import {
  COUNTER_CONCURRENCY,
  counterConcurrency,
  START_BEFORE_SHARE,
} from '../suites/bursts/counter-stretch.ts';
import {
  burstConcurrency,
  GIVE_UP_AFTER_WINDOWS,
  rateLimitTestTimeoutMs,
} from '../suites/bursts/rate-limit-burst.ts';

/** The round trip assumed when none was measured (the embedded reference server, on this machine). */
const EMBEDDED_ROUND_TRIP_MS = 5;

/** Bursts of the limit the file sends, and windows it waits (measured against the reference server). */
const BURSTS = 4;
const WINDOWS_WAITED = 2.5;

/** The burst right after the window comes back, in bursts of the limit. */
const CAME_BACK_BURST = 1.5;

/** Requests of a counter's stretch, as measured against the reference server: a few rounds of its lanes. */
const STRETCH_REQUESTS = 8 * COUNTER_CONCURRENCY;

/**
 * The counter's stretches: their requests, their time, and the fresh windows and bursts they add. A
 * stretch sends its requests as many at a time as it keeps in flight at this round trip
 * (counterConcurrency: more for a far deployment), each taking a round trip.
 */
export const counterCost = (
  limit: RateLimitSettings,
  roundTripMs: number | undefined,
): { requests: number; seconds: number; extraWindows: number; lanes: number } => {
  const roundTrip = Math.max(1, roundTripMs ?? EMBEDDED_ROUND_TRIP_MS);
  const lanes = counterConcurrency(
    { limit: limit.requestsPerWindow, windowMs: limit.windowSeconds * 1000 },
    roundTrip,
  );
  const requests = COUNTER_AXES * STRETCH_REQUESTS;
  const seconds = (requests * roundTrip) / 1000 / lanes;
  const extraWindows = Math.max(0, Math.ceil(seconds / (START_BEFORE_SHARE * limit.windowSeconds)) - 1);
  return { requests, seconds, extraWindows, lanes };
};

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

/** Requests a second a burst can send with this round trip, at the lanes it keeps in flight there. */
export const burstReach = (limit: RateLimitSettings, roundTripMs: number | undefined): number =>
  burstConcurrency(limit, roundTripMs) / (Math.max(1, roundTripMs ?? EMBEDDED_ROUND_TRIP_MS) / 1000);

export const rateLimitPlan = (limit: RateLimitSettings, roundTripMs: number | undefined): RateLimitPlan => {
  const windowSeconds = limit.windowSeconds;
  const needed = limit.requestsPerWindow / windowSeconds;
  const reach = burstReach(limit, roundTripMs);
  const timeoutSeconds = rateLimitTestTimeoutMs(limit) / 1000;
  const warnings: string[] = [];
  if (reach <= needed) {
    // Each burst that must exceed the limit gives up after a few windows, having sent what it could.
    const giveUpSeconds = GIVE_UP_AFTER_WINDOWS * windowSeconds;
    const longest = windowSeconds + giveUpSeconds;
    warnings.push(
      `the rate-limit tenant's limit of ${limit.requestsPerWindow} per ${windowSeconds} s needs more than ${Math.ceil(needed)} requests a second to exceed within a window; ${burstConcurrency(limit, roundTripMs)} at a time over a ${roundTripMs ?? EMBEDDED_ROUND_TRIP_MS} ms round trip reach about ${Math.round(reach)}: the checks that must exceed it will likely be inconclusive after ${GIVE_UP_AFTER_WINDOWS} windows each, unless the target throttles sooner`,
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
  const counter = counterCost(limit, roundTripMs);
  const bursts = BURSTS + CAME_BACK_BURST + (ownRecoveryBurst ? 1 : 0) + counter.extraWindows;
  return {
    requests: Math.round(bursts * limit.requestsPerWindow) + counter.requests + 100,
    seconds:
      WINDOWS_WAITED * windowSeconds +
      (BURSTS + CAME_BACK_BURST) * burstSeconds +
      (ownRecoveryBurst ? 1.5 * windowSeconds + burstSeconds : 0) +
      counter.seconds +
      counter.extraWindows * (windowSeconds + burstSeconds),
    why: `about ${WINDOWS_WAITED} windows of ${windowSeconds} s, ${BURSTS + CAME_BACK_BURST} bursts of ${limit.requestsPerWindow} at about ${Math.round(reach)} a second, and the counter's ${COUNTER_AXES} stretches of about ${STRETCH_REQUESTS} requests, ${counter.lanes} at a time`,
    longestCheckSeconds: longest,
    timeoutSeconds,
    warnings,
  };
};

const timeoutWarning = (seconds: number, timeoutSeconds: number): string =>
  `a rate-limit check may take about ${Math.round(seconds)} s, longer than its time-out of ${Math.round(timeoutSeconds)} s: it would stop unfinished`;
