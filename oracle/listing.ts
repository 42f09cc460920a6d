/**
 * A listing a deployment adds (GAP-OTHER-OPERATIONS: its shape, paging and filters are not shown) still
 * keeps data isolated per tenant (part 1): every item it shows a tenant is that tenant's own event.
 * Ownership is proved by the item itself: its `uuid` (part 1 names the field) read back by the caller.
 * A GET of another tenant's uuid is 404 (part 3, rule 3), so an item the caller cannot read is not its
 * own. Any shape is a reading: a JSON array, or an object with one array of items (`items`, `data`,
 * `content`, …); an item may be the event or the event in a `data` envelope, as GET may show it.
 */
import { type HttpAnswer, isPlainObject, isSuccess, summarise } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { violationOf } from './violation.ts';

/** The items of a listing page, or undefined when the answer has no array of items to read. */
export const listingItems = (answer: HttpAnswer): readonly unknown[] | undefined => {
  const { json } = answer;
  if (Array.isArray(json)) return json;
  if (!isPlainObject(json)) return undefined;
  const arrays = Object.values(json).filter(Array.isArray);
  if (arrays.length === 1) return arrays[0];
  if (isPlainObject(json.data)) return listingItems({ ...answer, json: json.data });
  return undefined;
};

/** The `uuid` an item shows, directly or in a `data` envelope. */
export const listedUuid = (item: unknown): string | undefined => {
  if (!isPlainObject(item)) return undefined;
  if (typeof item.uuid === 'string') return item.uuid;
  return isPlainObject(item.data) && typeof item.data.uuid === 'string' ? item.data.uuid : undefined;
};

/** Whose an item is, as the caller's GET of its uuid shows: its own, another's, or not known. */
export type ListedOwnership = 'own' | 'not-own' | 'unknown';

export const ownershipOf = (readBackAsCaller: HttpAnswer): ListedOwnership => {
  if (isSuccess(readBackAsCaller.status)) return 'own';
  return readBackAsCaller.status === 404 ? 'not-own' : 'unknown';
};

/** ISOLATION-LISTING on one item: shown at `where`, read back by the caller with `readBackAsCaller`. */
export const judgeListedItem = (where: string, uuid: string, readBackAsCaller: HttpAnswer): Judgement =>
  judgementOf(
    ownershipOf(readBackAsCaller) === 'not-own'
      ? [
          violationOf(
            'ISOLATION-LISTING',
            `${where} shows the event ${uuid}, which is not the caller's: its GET by the caller gives ${summarise(readBackAsCaller)}`,
          ),
        ]
      : [],
  );

/**
 * ISOLATION-LISTING on a page as text, whatever its shape (items with no uuid to read back included):
 * it names none of the other tenant's events the check knows (their uuids and externalIds).
 */
export const judgeListingText = (
  where: string,
  answer: HttpAnswer,
  othersEvents: readonly string[],
): Judgement => {
  const shown = othersEvents.filter((marker) => answer.text.includes(marker));
  return judgementOf(
    shown.length === 0
      ? []
      : [violationOf('ISOLATION-LISTING', `${where} shows another tenant's event (${shown.join(', ')})`)],
  );
};
