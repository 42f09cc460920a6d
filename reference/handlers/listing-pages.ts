/**
 * How each reading of a listing (GAP-OTHER-OPERATIONS: paging not shown) reads its paging parameters
 * and shapes a page. Every reading shows the same events in the same order (oldest first); they differ
 * only in the names they read and answer with, as independent deployments do:
 * - `paged`: `page` (from 1) and `size` (1 to 100, default 20), `{ items, page, size, totalItems }`;
 * - `page-and-page-size`: `page` (from 1) and `pageSize` (1 to 100, default 50), `{ items, page, pageSize,
 *   total }` (a `size` is not its name, and is ignored as any unknown parameter is);
 * - `cursor`: `limit` (1 to 100, default 10) and an opaque `cursor` that carries the query (the tenant
 *   it pages for and where the next page starts), `{ data, nextCursor }`, with the next page also named
 *   in a `Link` header (RFC 8288);
 * - `unpaged`: every event at once, as a JSON array; paging parameters are ignored.
 */
import type { ListingReading } from '../behaviour.ts';

export type ListingQueryValue = string | string[] | undefined;

/** Which events of the filtered list a request asks for, and what the page is called for the hooks. */
export interface PageRequest {
  readonly start: number;
  readonly count: number;
  /** The page's ordinal, from 1 (a mutant's later pages are those after the first). */
  readonly ordinal: number;
  /** The tenant a cursor was given to, when the request carries one. */
  readonly cursorTenant?: string;
}

/** A whole number from `min` to `max`, or undefined for anything else (a repeated parameter included). */
export const wholeNumber = (value: ListingQueryValue, fallback: number, min: number, max: number) => {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
};

export const MAX_PAGE_SIZE = 100;
const DEFAULT_SIZES: Record<Exclude<ListingReading, 'none'>, number> = {
  paged: 20,
  'page-and-page-size': 50,
  cursor: 10,
  unpaged: Number.POSITIVE_INFINITY,
};

const encodeCursor = (tenantId: string, start: number): string =>
  Buffer.from(`tenant:${tenantId};after:${start}`, 'utf8').toString('base64url');
const decodeCursor = (cursor: ListingQueryValue): { start: number; tenant?: string } | undefined => {
  if (cursor === undefined) return { start: 0 };
  if (typeof cursor !== 'string') return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^tenant:([0-9A-Za-z-]{1,64});after:(\d{1,7})$/.exec(text);
  return match ? { tenant: match[1] as string, start: Number(match[2]) } : undefined;
};

/** The page a request asks for, or undefined when a paging parameter cannot be read. */
export const pageRequest = (
  reading: Exclude<ListingReading, 'none'>,
  query: Record<string, ListingQueryValue>,
): PageRequest | undefined => {
  if (reading === 'unpaged') return { start: 0, count: Number.POSITIVE_INFINITY, ordinal: 1 };
  const sizeName = reading === 'paged' ? 'size' : reading === 'cursor' ? 'limit' : 'pageSize';
  const count = wholeNumber(query[sizeName], DEFAULT_SIZES[reading], 1, MAX_PAGE_SIZE);
  if (count === undefined) return undefined;
  if (reading === 'cursor') {
    const cursor = decodeCursor(query.cursor);
    if (cursor === undefined) return undefined;
    const { start, tenant } = cursor;
    return {
      start,
      count,
      ordinal: Math.floor(start / count) + 1,
      ...(tenant ? { cursorTenant: tenant } : {}),
    };
  }
  const page = wholeNumber(query.page, 1, 1, 1_000_000);
  return page === undefined ? undefined : { start: (page - 1) * count, count, ordinal: page };
};

/** The answer's body and any header it carries, for a page of `items` out of `total` matching events. */
export const pageAnswer = (
  reading: Exclude<ListingReading, 'none'>,
  request: PageRequest,
  items: readonly unknown[],
  total: number,
  linkBase: string,
  tenantId: string,
): { body: unknown; headers: Record<string, string> } => {
  const { start, count, ordinal } = request;
  switch (reading) {
    case 'unpaged':
      return { body: items, headers: {} };
    case 'paged':
      return { body: { items, page: ordinal, size: count, totalItems: total }, headers: {} };
    case 'page-and-page-size':
      return { body: { items, page: ordinal, pageSize: count, total }, headers: {} };
    case 'cursor': {
      const next = start + count < total ? encodeCursor(tenantId, start + count) : null;
      const separator = linkBase.includes('?') ? '&' : '?';
      const headers: Record<string, string> =
        next === null ? {} : { link: `<${linkBase}${separator}limit=${count}&cursor=${next}>; rel="next"` };
      return { body: { data: items, nextCursor: next }, headers };
    }
  }
};
