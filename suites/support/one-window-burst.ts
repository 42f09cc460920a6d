/**
 * Whether a burst from a fresh window was served more than one window admits, the limit being
 * exceeded by a little as well as by much. From one burst the checks tolerate up to twice the limit
 * (rate-limit-reading.ts): a fixed window aligned to the clock may have its boundary inside the burst.
 * But no other reading serves more than the limit and a token bucket's refill in the time taken; when
 * a burst did, a second one after a whole window of silence, ended before the first's start plus two
 * windows, has no boundary of that window inside it: more than the limit and the refill there breaks
 * every reading.
 */
import type { RateLimitSettings } from '../../config/index.ts';
import type { Exhaustion } from './rate-limit-burst.ts';
import { rateLimitTenantActivity, waitForFreshWindow, windowMsOf } from './rate-limit-burst.ts';
import { maxAdmittedWithinOneWindow, noBoundaryInside } from './rate-limit-reading.ts';

export type OneWindowOutcome =
  /** No more than the limit and its refill: nothing more to tell. */
  | { readonly kind: 'within' }
  /** More, and the second burst took too long to tell a window's boundary from a deviation. */
  | { readonly kind: 'undecided'; readonly why: string }
  /** A second burst that no boundary can fall inside: its figures, judged by judgeServedWithinOneWindow. */
  | {
      readonly kind: 'judged';
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
    return {
      kind: 'undecided',
      why: `${first.admitted} requests were served in a burst of ${Math.round(first.endedAt - first.startedAt)} ms from a fresh window, more than the limit and a token bucket's refill (${mostIn(first, limit)}): only a window aligned to the clock whose boundary fell inside the burst admits that, and the second burst that would tell took too long (it must end within two windows of the first's start)`,
    };
  }
  return {
    kind: 'judged',
    served: second.admitted,
    durationMs: second.endedAt - second.startedAt,
    most: mostIn(second, limit),
    second,
  };
};
