/**
 * Walking a listing a deployment adds, every page it offers, by the means it offers (a later page may
 * come from another query than the first). The first request carries the filter alone; its answer says
 * how to go on (listing-paging.ts): a next link or cursor is followed; echoed page numbers or an offset
 * are walked from the start with small pages under the answer's own parameter names; a provider's
 * description names them when the answers do not; and only when nothing says how, the kit's own guess
 * (`page` from 1 and `size`). The walk stops at a page with no new item, an empty page, the page after
 * the last one the answer names, a refusal, or its cap; a walk cut short by its cap says so (`complete: false`).
 */
import { listedUuid, listingItems } from '../../oracle/index.ts';
import { EVENTS_PATH } from '../../spec/index.ts';
import type { ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import { describedListingParameters } from './listing-description.ts';
import { declaredOffer, type ListingParameters, type PagingOffer, pagingOffer } from './listing-paging.ts';

export interface ListingPage {
  /** How a message names the page: `tenant A's listing (?from=…&page=2&pageSize=3)`. */
  readonly where: string;
  /** The path it was asked for, below the target's base (a paging token in it is the walker's own). */
  readonly path: string;
  readonly response: ServiceResponse;
  /** Its items, or undefined when the answer holds no array of items. */
  readonly items: readonly unknown[] | undefined;
}

export interface ListingWalk {
  readonly pages: readonly ListingPage[];
  /** False when the walk stopped at its cap with more pages offered. */
  readonly complete: boolean;
  /** How the walk went from page to page, for the observation: `page numbers (page, pageSize)`. */
  readonly means: string;
}

export interface WalkOptions {
  /** The page size the walk asks for where it can name one. */
  readonly size: number;
  readonly maxPages: number;
  /** Whose listing, for messages: `tenant A`. */
  readonly owner: string;
  /** The paging parameters of the provider's own description: by default the run's, if it was given one. */
  readonly declared?: ListingParameters;
}

/** `path?query` with more parameters appended. */
const withParameters = (path: string, parameters: Record<string, string | number>): string => {
  const added = new URLSearchParams(
    Object.entries(parameters).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return `${path}${path.includes('?') ? '&' : '?'}${added}`;
};

/** The path (below the target's base) of a link an answer gave, or undefined for one elsewhere. */
const pathOfLink = (link: string, response: ServiceResponse, sentPath: string): string | undefined => {
  const requestUrl = response.exchange.request.url;
  const base = requestUrl.endsWith(sentPath) ? requestUrl.slice(0, -sentPath.length) : undefined;
  if (base === undefined) return undefined;
  const resolved = new URL(link, requestUrl).href;
  return resolved.startsWith(`${base}/`) ? resolved.slice(base.length) : undefined;
};

const describe = (offer: PagingOffer, guessed: boolean): string => {
  switch (offer.kind) {
    case 'link':
      return 'next links';
    case 'cursor':
      return `a cursor (${offer.parameter})`;
    case 'page-number':
      return `${guessed ? "the kit's guess of " : ''}page numbers (${[offer.pageParameter, offer.sizeParameter].filter(Boolean).join(', ')})`;
    case 'offset':
      return `an offset (${offer.offsetParameter}, ${offer.limitParameter})`;
    case 'last':
      return 'one page (the answer names no next)';
    default:
      return 'one page';
  }
};

const GUESS: PagingOffer = {
  kind: 'page-number',
  pageParameter: 'page',
  sizeParameter: 'size',
  page: 1,
  lastPage: undefined,
};

/**
 * Fetches and records a page into `pages`; `fresh` when it showed something not in `seen` (the walk
 * may go on), whose uuids it adds.
 */
const pageFetcher =
  (client: ServiceClient, owner: string, pages: ListingPage[], seen: Set<string>) =>
  async (path: string): Promise<{ response: ServiceResponse; fresh: boolean }> => {
    const response = await client.send({ method: 'GET', path });
    const ok = response.status >= 200 && response.status < 300;
    const items = ok ? listingItems(response) : undefined;
    pages.push({
      where: `${owner}'s listing (${path.slice(EVENTS_PATH.length) || 'no query'})`,
      path,
      response,
      items,
    });
    if (items === undefined || items.length === 0) return { response, fresh: false };
    const uuids = items.map(listedUuid);
    if (uuids.every((uuid) => uuid === undefined)) return { response, fresh: false };
    const fresh = uuids.some((uuid) => uuid === undefined || !seen.has(uuid));
    for (const uuid of uuids) if (uuid !== undefined) seen.add(uuid);
    return { response, fresh };
  };

export const walkListing = async (
  client: ServiceClient,
  filter: string,
  { size, maxPages, owner, declared = describedListingParameters() }: WalkOptions,
): Promise<ListingWalk> => {
  const pages: ListingPage[] = [];
  const seen = new Set<string>();
  const fetch = pageFetcher(client, owner, pages, seen);
  const start = filter === '' ? EVENTS_PATH : `${EVENTS_PATH}?${filter}`;
  const first = await fetch(start);
  if (first.response.status < 200 || first.response.status >= 300)
    return { pages, complete: true, means: 'one page' };
  const offered = pagingOffer(first.response.json, first.response.headers.link);
  const chosen = offered.kind === 'none' ? (declaredOffer(declared) ?? GUESS) : offered;
  const guessed = offered.kind === 'none' && chosen === GUESS;
  const means = describe(chosen, guessed);
  const done = (complete: boolean): ListingWalk => ({ pages, complete, means });

  if (chosen.kind === 'link' || chosen.kind === 'cursor') {
    // Followed from the first answer, as each answer names the next.
    let offer: PagingOffer = chosen;
    let path = start;
    let response = first.response;
    while (pages.length < maxPages) {
      let next: string | undefined;
      if (offer.kind === 'link') next = pathOfLink(offer.next, response, path);
      else if (offer.kind === 'cursor') {
        const sized = declared?.size === undefined ? {} : { [declared.size]: size };
        next = withParameters(start, { ...sized, [offer.parameter]: offer.value });
      }
      if (next === undefined) return done(true);
      const page = await fetch(next);
      if (!page.fresh || page.response.status >= 300) return done(true);
      path = next;
      response = page.response;
      offer = pagingOffer(response.json, response.headers.link);
    }
    return done(offer.kind !== 'link' && offer.kind !== 'cursor');
  }
  // Walked again from the start in small pages: the first answer's items count as new again.
  seen.clear();
  if (chosen.kind === 'offset') {
    for (let offset = 0; pages.length < maxPages; offset += size) {
      const page = await fetch(
        withParameters(start, { [chosen.offsetParameter]: offset, [chosen.limitParameter]: size }),
      );
      const said = pagingOffer(page.response.json, page.response.headers.link);
      if (!page.fresh || (said.kind === 'offset' && said.total !== undefined && offset >= said.total))
        return done(true);
    }
    return done(false);
  }
  if (chosen.kind !== 'page-number') return done(true);
  // Page numbers from the first (0 or 1, as the answer or description says), small pages where a size is named.
  const firstPage = Math.min(chosen.page, 1);
  const sized = chosen.sizeParameter === undefined ? {} : { [chosen.sizeParameter]: size };
  for (let number = firstPage; pages.length < maxPages; number += 1) {
    const page = await fetch(withParameters(start, { [chosen.pageParameter]: number, ...sized }));
    const said = pagingOffer(page.response.json, page.response.headers.link);
    // One page past the last the answer names: a count kept right beside pages that lost the filter.
    const last = said.kind === 'page-number' && said.lastPage !== undefined && number > said.lastPage;
    if (!page.fresh || last || said.kind === 'last') return done(true);
  }
  return done(false);
};
