/**
 * Walking a listing a deployment adds, page by page with a small page size, so that every page it
 * offers is seen (a later page may come from another query than the first). Paging is not shown: the
 * walk asks for `page` (from 1) and `size`, and stops at a page with no new item, an empty page, a
 * refusal, or its cap; a deployment that ignores the parameters shows one page and ends the walk there.
 */
import { listedUuid, listingItems } from '../../oracle/index.ts';
import { EVENTS_PATH } from '../../spec/index.ts';
import type { ServiceClient, ServiceResponse } from './service-client.ts';

export interface ListingPage {
  /** How a message names the page: `tenant A's listing (?from=…&page=2&size=3)`. */
  readonly where: string;
  readonly response: ServiceResponse;
  /** Its items, or undefined when the answer holds no array of items. */
  readonly items: readonly unknown[] | undefined;
}

export interface ListingWalk {
  readonly pages: readonly ListingPage[];
  /** False when the walk stopped at its cap with new items still coming. */
  readonly complete: boolean;
}

/** The path of one page of a listing filtered by `filter` (`from=…&to=…`, or empty). */
export const listingPagePath = (filter: string, page: number, size: number): string =>
  `${EVENTS_PATH}?${filter === '' ? '' : `${filter}&`}page=${page}&size=${size}`;

export const walkListing = async (
  client: ServiceClient,
  filter: string,
  { size, maxPages, owner }: { size: number; maxPages: number; owner: string },
): Promise<ListingWalk> => {
  const pages: ListingPage[] = [];
  const seen = new Set<string>();
  for (let page = 1; page <= maxPages; page += 1) {
    const path = listingPagePath(filter, page, size);
    const response = await client.send({ method: 'GET', path });
    const items = response.status >= 200 && response.status < 300 ? listingItems(response) : undefined;
    pages.push({ where: `${owner}'s listing (${path.slice(EVENTS_PATH.length)})`, response, items });
    if (items === undefined || items.length === 0) return { pages, complete: true };
    const uuids = items.map(listedUuid);
    const fresh = uuids.filter((uuid) => uuid === undefined || !seen.has(uuid));
    if (fresh.length === 0 || uuids.every((uuid) => uuid === undefined)) return { pages, complete: true };
    for (const uuid of uuids) if (uuid !== undefined) seen.add(uuid);
  }
  return { pages, complete: false };
};
