/**
 * How a listing pages, as its own answer says (GAP-OTHER-OPERATIONS: paging is not shown, so the
 * deployment's own means decide): a next link (an RFC 8288 `Link` header with `rel="next"`, or `next`,
 * `links.next`, `_links.next.href` in the body), a cursor or page token to send back (`nextCursor`,
 * `next_page_token`, `cursor.next`, …), a page number echoed beside a page size under whatever names
 * the answer uses (`page`/`pageSize`, `page`/`per_page`, Spring's `number`/`size`, with `total`,
 * `totalPages` and the like), or an offset and a limit. An answer that offers none of these is `none`:
 * the walk then tries the kit's own guess. Pure: it reads answers, sends nothing.
 */
import type { ListingParameters } from '../../config/index.ts';

export type { ListingParameters };

export type PagingOffer =
  /** The next page is this link (as the answer wrote it: absolute, a path or a query). */
  | { readonly kind: 'link'; readonly next: string }
  /** The next page is this request parameter set to this value. */
  | { readonly kind: 'cursor'; readonly parameter: string; readonly value: string }
  /** Page numbers: the request parameters named as the answer echoes them. */
  | {
      readonly kind: 'page-number';
      readonly pageParameter: string;
      readonly sizeParameter: string | undefined;
      readonly page: number;
      /** The page count, when the answer says it (or a total and the size it echoes do). */
      readonly lastPage: number | undefined;
    }
  | {
      readonly kind: 'offset';
      readonly offsetParameter: string;
      readonly limitParameter: string;
      readonly offset: number;
      readonly total: number | undefined;
    }
  /** The answer says no more pages follow (a null cursor or next link beside its items). */
  | { readonly kind: 'last' }
  | { readonly kind: 'none' };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The objects of an answer that may hold paging: the body and its usual paging envelopes. */
const pagingHolders = (json: unknown): Json[] => {
  if (!isObject(json)) return [];
  const nested = ['meta', 'pagination', 'paging', 'page', 'pageInfo', 'page_info', 'links', '_links'];
  return [json, ...nested.map((name) => json[name]).filter(isObject)];
};

/** The target of a `Link` header's `rel="next"`, if any (RFC 8288; several links, comma-separated). */
export const nextLinkHeader = (link: string | undefined): string | undefined => {
  if (link === undefined) return undefined;
  for (const match of link.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+)*)/g)) {
    const rels = /;\s*rel\s*=\s*"?([^";,]+)"?/i.exec(match[2] ?? '')?.[1] ?? '';
    if (rels.toLowerCase().split(/\s+/).includes('next')) return match[1];
  }
  return undefined;
};

const NEXT_LINK_NAMES = [
  'next',
  'nextLink',
  'next_link',
  'nextPageUrl',
  'next_page_url',
  'nextUrl',
  'next_url',
];
/** A link as a body writes it: a string, or `{ href }`. */
const linkValue = (value: unknown): string | null | undefined => {
  if (value === null) return null;
  if (typeof value === 'string') return /^(https?:\/\/|\/|\?)/.test(value) ? value : undefined;
  return isObject(value) && typeof value.href === 'string' ? value.href : undefined;
};

/** `nextCursor` → `cursor`, `next_page_token` → `page_token`, `nextPageToken` → `pageToken`. */
const CURSOR_NAME = /^next[_-]?((?:page[_-]?)?(?:cursor|token)|page[_-]?token)$/i;
const parameterOfCursor = (name: string): string => {
  const rest = name.replace(/^next[_-]?/i, '');
  return rest.charAt(0).toLowerCase() + rest.slice(1);
};

const PAGE_NAMES = [
  'page',
  'pageNumber',
  'page_number',
  'currentPage',
  'current_page',
  'pageIndex',
  'number',
];
const SIZE_NAMES = ['pageSize', 'page_size', 'per_page', 'perPage', 'size', 'limit', 'pageLimit'];
const TOTAL_NAMES = ['total', 'totalItems', 'total_items', 'totalElements', 'totalCount', 'total_count'];
const PAGES_NAMES = ['totalPages', 'total_pages', 'pageCount', 'page_count', 'lastPage', 'last_page'];
const OFFSET_NAMES = ['offset', 'skip', 'start'];

const firstNumber = (holder: Json, names: readonly string[]): [string, number] | undefined => {
  for (const name of names) {
    const value = holder[name];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return [name, value];
  }
  return undefined;
};

/** What an answer (its parsed body and `Link` header) offers to reach its next page. */
export const pagingOffer = (json: unknown, linkHeader: string | undefined): PagingOffer => {
  const headerLink = nextLinkHeader(linkHeader);
  if (headerLink !== undefined) return { kind: 'link', next: headerLink };
  const holders = pagingHolders(json);
  let endSaid = false;
  for (const holder of holders) {
    for (const name of NEXT_LINK_NAMES) {
      const value = linkValue(holder[name]);
      if (typeof value === 'string') return { kind: 'link', next: value };
      if (value === null) endSaid = true;
    }
    for (const [name, value] of Object.entries(holder)) {
      if (!CURSOR_NAME.test(name)) continue;
      if (typeof value === 'string' && value !== '')
        return { kind: 'cursor', parameter: parameterOfCursor(name), value };
      if (value === null || value === '') endSaid = true;
    }
    if (isObject(holder.cursor) && typeof holder.cursor.next === 'string' && holder.cursor.next !== '')
      return { kind: 'cursor', parameter: 'cursor', value: holder.cursor.next };
  }
  for (const holder of holders) {
    const page = firstNumber(holder, PAGE_NAMES);
    const size = firstNumber(holder, SIZE_NAMES);
    const total = firstNumber(holder, TOTAL_NAMES)?.[1];
    const offset = firstNumber(holder, OFFSET_NAMES);
    if (offset && size)
      return {
        kind: 'offset',
        offsetParameter: offset[0],
        limitParameter: size[0],
        offset: offset[1],
        total,
      };
    if (!page) continue;
    const pages = firstNumber(holder, PAGES_NAMES)?.[1];
    const base = page[0] === 'number' ? 0 : Math.min(page[1], 1);
    const counted = total !== undefined && size && size[1] > 0 ? Math.ceil(total / size[1]) : undefined;
    const count = pages ?? counted;
    return {
      kind: 'page-number',
      // Spring's page object echoes `number`; its request parameter is `page`.
      pageParameter: page[0] === 'number' ? 'page' : page[0],
      sizeParameter: size?.[0],
      page: page[1],
      lastPage: count === undefined ? undefined : base + Math.max(count, 1) - 1,
    };
  }
  return endSaid ? { kind: 'last' } : { kind: 'none' };
};

/** The offer a provider's description declares, for a listing whose answers say nothing of paging. */
export const declaredOffer = (declared: ListingParameters | undefined): PagingOffer | undefined => {
  if (declared?.page !== undefined)
    return {
      kind: 'page-number',
      pageParameter: declared.page,
      sizeParameter: declared.size,
      page: declared.firstPage,
      lastPage: undefined,
    };
  if (declared?.offset !== undefined && declared.size !== undefined)
    return {
      kind: 'offset',
      offsetParameter: declared.offset,
      limitParameter: declared.size,
      offset: 0,
      total: undefined,
    };
  return undefined;
};
