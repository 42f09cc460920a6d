/**
 * The bound part 8's window sets on a burst, whichever reading of the window a deployment chose (fixed,
 * started by the first request or aligned to the clock; sliding; a token bucket of the same capacity):
 * a burst shorter than one window touches at most two fixed windows, so no reading admits more than
 * twice the limit in it (a fixed window's boundary may fall inside the burst; a token bucket refills
 * `limit × duration / window` during it; a sliding window admits the limit alone). More served than
 * that without a 429 is a deviation, however slowly the kit sent.
 */

/** The most requests any reading admits in a burst of `durationMs` (`limit` in each fixed window it touches). */
export const maxAdmittedInBurst = (limit: number, durationMs: number, windowMs: number): number =>
  limit * (1 + Math.max(1, Math.ceil(durationMs / windowMs)));

/** Why a burst that met no 429 stopped. */
export type Unthrottled =
  /** More were served than any reading of the window admits in the time taken: a deviation. */
  | {
      readonly kind: 'too-many-served';
      readonly served: number;
      readonly withinMs: number;
      readonly most: number;
    }
  /** The kit could not send faster than the limit refills: nothing is proven either way. */
  | { readonly kind: 'too-slow'; readonly served: number; readonly withinMs: number };

/**
 * `served` requests answered without a 429 within `withinMs` of a burst's start: more than the bound
 * proves the limit was not kept; undefined while they are within it.
 */
export const servedPastBound = (
  served: number,
  withinMs: number,
  limit: number,
  windowMs: number,
): Extract<Unthrottled, { kind: 'too-many-served' }> | undefined => {
  const most = maxAdmittedInBurst(limit, withinMs, windowMs);
  return served > most ? { kind: 'too-many-served', served, withinMs, most } : undefined;
};
