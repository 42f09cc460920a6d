/**
 * A paging token or link of one tenant's listing, sent by another tenant: the other tenant walks its
 * own listing in small pages, and the tenant asks for each later page exactly as the other's walk did
 * (its cursor, its link, its page number). Whatever a deployment's token carries, a tenant's read
 * shows only its own events; the check judges the answers (oracle), this file only sends.
 */
import { listedUuid } from '../../oracle/index.ts';
import type { ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import { walkListing } from './listing-walk.ts';

/**
 * Small pages under the names the readings of a listing use (a page size of 1), so that a handful of
 * the other tenant's events fill more than one page; a name a deployment does not know is ignored as
 * any unknown parameter, and a deployment that refuses them is walked without them.
 */
const SMALL_PAGE_HINTS = 'limit=1&size=1&pageSize=1';

export interface ReplayedPage {
  /** How a message names it: `tenant A's GET of tenant B's page (?cursor=…)`. */
  readonly where: string;
  readonly response: ServiceResponse;
}

export interface Replay {
  readonly pages: readonly ReplayedPage[];
  /** The uuids the other tenant's own walk showed it: its events, which the owner's answers must not show. */
  readonly othersUuids: readonly string[];
}

/** `owner` asks for the later pages of `other`'s walk of `filter`, at most `maxPages` of them. */
export const replayOthersPages = async (
  owner: { readonly client: ServiceClient; readonly name: string },
  other: { readonly client: ServiceClient; readonly name: string },
  filter: string,
  maxPages: number,
): Promise<Replay> => {
  const walk = async (query: string) =>
    walkListing(other.client, query, { size: 1, maxPages: maxPages + 1, owner: other.name });
  const hinted = await walk(filter === '' ? SMALL_PAGE_HINTS : `${filter}&${SMALL_PAGE_HINTS}`);
  const firstRefused = (hinted.pages[0]?.response.status ?? 500) >= 300;
  const pages = firstRefused ? (await walk(filter)).pages : hinted.pages;
  const replayed: ReplayedPage[] = [];
  for (const page of pages.slice(1, 1 + maxPages)) {
    const response = await owner.client.send({ method: 'GET', path: page.path });
    replayed.push({ where: `${owner.name}'s GET of ${other.name}'s later page (${page.where})`, response });
  }
  const othersUuids = pages.flatMap((page) => (page.items ?? []).map(listedUuid));
  return { pages: replayed, othersUuids: othersUuids.filter((uuid) => uuid !== undefined) };
};
