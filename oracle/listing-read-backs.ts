/**
 * ISOLATION-LISTING is judged item by item from the caller's own GET of each uuid a listing shows
 * (listing.ts): which items are read back, and whether the read-backs could say whose each item is.
 * An item whose read-back is neither the caller's event nor "not found" shows nothing either way: the
 * check cannot say the listing kept to the caller's events.
 */
import { type HttpAnswer, isSuccess } from './http-answer.ts';
import { type Judgement, judgementOf, notEstablished } from './judgement.ts';
import { listedUuid, ownershipOf } from './listing.ts';
import { answerSummary } from './listing-offered.ts';

/** The uuids of a page to read back: none on a page that was no success; never the caller's own known events. */
export const uuidsToReadBack = (
  page: HttpAnswer,
  items: readonly unknown[] | undefined,
  own: ReadonlySet<string>,
): string[] =>
  isSuccess(page.status)
    ? (items ?? []).map(listedUuid).filter((uuid): uuid is string => uuid !== undefined && !own.has(uuid))
    : [];

/** One listed item, read back by the caller. */
export interface ReadBack {
  readonly uuid: string;
  readonly readBack: HttpAnswer;
}

/**
 * The read-backs of every item a walk looked at, in the order looked at: each says whose the item is,
 * or the claim is not established (the items that could not, named).
 */
export const judgeReadBacksKnown = (looked: readonly ReadBack[]): Judgement => {
  const unverified = looked
    .filter(({ readBack }) => ownershipOf(readBack) === 'unknown')
    .map(({ uuid, readBack }) => `${uuid} (${answerSummary(readBack)})`);
  return unverified.length === 0
    ? judgementOf([])
    : notEstablished(
        'inconclusive',
        `items tenant A could not read back, neither its own nor refused: ${unverified.join(', ')}`,
      );
};
