/**
 * What a burst from a fresh window served beyond the limit and a continuous refill tells of the
 * window (GAP-RATE-LIMIT-WINDOW). From one burst the checks tolerate up to twice the limit
 * (rate-limit-reading.ts): a fixed window aligned to the clock may have its boundary inside the burst.
 * When a burst was served more than the limit and a continuous token bucket's refill, a second one
 * after a whole window of silence, ended before the first's start plus two windows, has no boundary of
 * such a window inside it: no more than the limit there shows that reading; more again shows a token
 * bucket that refills in steps or a limit above the one stated. That is an observation, never a
 * verdict: a bucket refilled in steps (a common library setting) serves a whole step at once, and
 * the spec names no algorithm.
 */
import type { RateLimitSettings } from '../../config/index.ts';
import type { Exhaustion } from './rate-limit-burst.ts';
import { rateLimitTenantActivity, waitForFreshWindow, windowMsOf } from './rate-limit-burst.ts';
import { maxAdmittedWithinOneWindow, noBoundaryInside } from './rate-limit-reading.ts';

export type OneWindowOutcome =
  /** No more than the limit and its refill: nothing more to tell. */
  | { readonly kind: 'within' }
  /** More, and the second burst took too long to be clear of a clock-aligned window's boundary. */
  | { readonly kind: 'undecided' }
  /** A second burst that no such boundary can fall inside: its figures (readingOfSecondBurst). */
  | {
      readonly kind: 'measured';
      readonly served: number;
      readonly durationMs: number;
      readonly most: number;
      readonly second: Exhaustion;
    };

const mostIn = (burst: Exhaustion, limit: RateLimitSettings): number =>
  maxAdmittedWithinOneWindow(limit.requestsPerWindow, burst.endedAt - burst.startedAt, windowMsOf(limit));

export const burstWithinOneWindow = async (
  first: Exhaustion,
  limit: RateLimitSettings,
  sendAgain: () => Promise<Exhaustion>,
): Promise<OneWindowOutcome> => {
  const windowMs = windowMsOf(limit);
  if (first.admitted <= mostIn(first, limit)) return { kind: 'within' };
  const previousAnsweredAt = rateLimitTenantActivity().lastAnsweredAt ?? first.endedAt;
  await waitForFreshWindow(limit);
  const second = await sendAgain();
  if (!noBoundaryInside(first.startedAt, second, previousAnsweredAt, windowMs)) {
    return { kind: 'undecided' };
  }
  return {
    kind: 'measured',
    served: second.admitted,
    durationMs: second.endedAt - second.startedAt,
    most: mostIn(second, limit),
    second,
  };
};
