/**
 * Which reading of part 8's window a deployment chose (GAP-RATE-LIMIT-WINDOW, only observed, never a
 * verdict), as pure functions over counts and timings. The bound the checks assert is the oracle's
 * (oracle/rate-limit-bound.ts). The readings in mind, all with a capacity of `limit` per `window`:
 *
 * - fixed window, started by a tenant's first request or aligned to the clock: at most `limit` per
 *   window, the whole budget back at once when a window ends;
 * - sliding window: at most `limit` in any span of one window, capacity back as requests age out;
 * - token bucket: `limit` tokens, refilled continuously at `limit` per window.
 *
 * A burst shorter than one window touches at most two fixed windows: a fixed window's boundary may fall
 * inside the burst (each part then fits its own window), a token bucket refills
 * `limit × duration / window` during it, a sliding window admits the limit alone. After a whole window
 * of silence, every reading serves the full limit again.
 */

/**
 * The most any reading admits in a burst of `durationMs` from a fresh window when no fixed window's
 * boundary can fall inside it: the limit, and what a token bucket refills meanwhile (whole requests).
 * More than that in one burst, only a fixed window aligned to the clock admits, its boundary inside it.
 */
export const maxAdmittedWithinOneWindow = (limit: number, durationMs: number, windowMs: number): number =>
  Math.floor(limit + (limit * durationMs) / windowMs);

/**
 * Whether a second burst, sent after a whole window of silence that followed a first burst that
 * started at `firstStartedAt`, ended soon enough that no boundary of a fixed window aligned to the
 * clock can fall inside it, if one fell inside the first (it then ended before the first's start plus
 * two windows: the boundary after it is a window after the one in the first burst).
 */
export const noBoundaryInside = (
  firstStartedAt: number,
  second: { readonly startedAt: number; readonly endedAt: number },
  previousAnsweredAt: number,
  windowMs: number,
): boolean =>
  second.startedAt >= previousAnsweredAt + windowMs && second.endedAt < firstStartedAt + 2 * windowMs;

export interface SecondBurstFigures {
  /** Served in the second burst, after a whole window of silence, no clock-aligned window's boundary inside it. */
  readonly served: number;
  /** The most a continuous reading admits in the second burst (maxAdmittedWithinOneWindow). */
  readonly most: number;
  readonly limit: number;
}

/**
 * GAP-RATE-LIMIT-WINDOW as a second burst shows it. No more than the limit and a continuous refill,
 * where the first was served more: a fixed window aligned to the clock, whose boundary fell inside the
 * first. More again: a token bucket that refills in steps (a step may land inside any burst), or a
 * limit above the one stated; the spec names no algorithm, so the two cannot be told apart and neither
 * is a verdict.
 */
export const readingOfSecondBurst = (burst: SecondBurstFigures): string =>
  burst.served <= burst.most
    ? 'more than the limit served in a burst across a window boundary, no more than the limit in one clear of any: a fixed window aligned to the clock'
    : `${burst.served} served in a burst after a whole window of silence where no clock-aligned window's boundary could fall, more than the limit of ${burst.limit} and a continuous refill (${burst.most}): a token bucket that refills in steps, or a limit above the one stated`;

export interface BurstFigures {
  readonly limit: number;
  readonly windowMs: number;
  /** Requests answered with anything but 429. */
  readonly admitted: number;
  /** From the burst's first request to the first 429's answer. */
  readonly msToFirst429: number;
  /** Requests in flight at once (those already sent when the first 429 came may still be admitted). */
  readonly concurrency: number;
}

/** GAP-RATE-LIMIT-WINDOW as a burst from a fresh window shows it, or undefined when it cannot tell. */
export const readingOfBurst = (burst: BurstFigures): string | undefined => {
  const extra = burst.admitted - burst.limit;
  if (extra < 0) return undefined;
  if (extra === 0) return 'exactly the limit served in a burst, then 429: a fixed or sliding window';
  const refill = (burst.limit * burst.msToFirst429) / burst.windowMs;
  if (extra <= refill * 1.5 + burst.concurrency) {
    return 'the limit plus a refill in proportion to the time taken served in a burst: a token bucket';
  }
  return 'more than the limit and its refill served in a burst: a fixed window aligned to the clock, whose boundary fell inside the burst';
};

export interface RecoveryFigures {
  readonly limit: number;
  readonly windowMs: number;
  /** When the burst that used up the budget from a fresh window began (ms, monotonic clock). */
  readonly burstStartedAt: number;
  /** Whether that burst sent half the limit, then paused half a window before going on. */
  readonly burstPausedAtHalf: boolean;
  /** When the tenant was last seen throttled before the first retry. */
  readonly lastThrottledAt: number;
  /** When the retry that was served went out, and whether it was the first retry. */
  readonly servedAt: number;
  readonly servedOnFirstRetry: boolean;
  /** Of a burst sent at once right after being served again, how many were served before a 429. */
  readonly servedRightAfter: number | undefined;
}

/** GAP-RATE-LIMIT-WINDOW as a throttled tenant's recovery shows it, or undefined when it cannot tell. */
export const readingOfRecovery = (r: RecoveryFigures): string | undefined => {
  if (r.servedOnFirstRetry && r.servedAt - r.lastThrottledAt < r.windowMs / 4) {
    return 'served again moments after a 429, capacity returning continuously: a token bucket';
  }
  if (r.servedRightAfter === undefined) return undefined;
  // A paused burst used half the limit in the window's first half: when the window ends, a fixed window
  // gives the whole limit back at once, a sliding window only the half that has aged out.
  const wholeLimitBack = r.servedRightAfter >= 0.9 * r.limit;
  if (!wholeLimitBack) {
    return r.burstPausedAtHalf && r.servedRightAfter <= 0.75 * r.limit
      ? 'capacity returned as earlier requests aged out of the window: a sliding window'
      : undefined;
  }
  const oneWindowAfterStart = r.burstStartedAt + r.windowMs;
  return r.servedAt >= oneWindowAfterStart - r.windowMs / 20
    ? 'the whole limit back at once one window after the first request: a fixed window started by the first request'
    : 'the whole limit back at once before a window had passed since the first request: a fixed window aligned to the clock';
};
