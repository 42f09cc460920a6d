/**
 * GET /financial-events, in the readings that offer a listing (GAP-OTHER-OPERATIONS: not shown): the
 * calling tenant's events, oldest first, filtered by creation time (`from`, `to`: ISO 8601, both
 * inclusive) and paged as the reading pages them (listing-pages.ts), each item as GET shows the event.
 * A parameter it cannot read is 400 with the 7.1 body.
 *
 * What the spec states holds here as on its own endpoints: the three headers are checked and the
 * request counts toward the tenant's limit (the route's guard, with the listing's hooks), and only
 * the tenant's own events are shown (data is isolated per tenant, part 1).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CheckedCredentials } from '../authentication.ts';
import type { ServerContext } from '../context.ts';
import type { StoredEvent } from '../event-store.ts';
import { type HttpProblem, referenceProblem } from '../problem.ts';
import { presentEvent } from './event-view.ts';
import { guardRequest, tenantOf } from './guard.ts';
import { type ListingQueryValue, pageAnswer, pageRequest } from './listing-pages.ts';

export interface ListingHooks {
  /**
   * ISOLATION-LISTING: whose events a listing request pages through: the caller's. A cursor given to
   * another tenant is a parameter the listing cannot read (a mutant serves the cursor's tenant).
   */
  listingOwner(ctx: ServerContext, callerId: string, cursorTenant: string | undefined): string;
  /** ISOLATION-LISTING: the events a tenant's listing may show, on a page of it (from 1). */
  eventsForListing(ctx: ServerContext, tenantId: string, page: number): readonly StoredEvent[];
  /** AUTH-*, TENANT-HEADER-*: which credentials a listing is checked for (every request carries both). */
  listingCredentialsChecked(
    ctx: ServerContext,
    method: string,
    sentToken: string | undefined,
  ): CheckedCredentials;
  /** RATE-LIMIT-ALL-REQUESTS: whether a listing counts toward the tenant's limit. */
  listingCountsTowardLimit(ctx: ServerContext, method: string): boolean;
  /** ERROR-BODY-SHAPE: the answer to a listing parameter that cannot be read. */
  listingParameterAnswer(): HttpProblem;
}

declare module '../context.ts' {
  interface ReferenceHooks extends ListingHooks {}
}

export const LISTING_HOOKS: ListingHooks = Object.freeze({
  listingOwner: (ctx: ServerContext, callerId: string, cursorTenant: string | undefined) => {
    if (cursorTenant !== undefined && cursorTenant !== callerId) throw ctx.hooks.listingParameterAnswer();
    return callerId;
  },
  eventsForListing: (ctx: ServerContext, tenantId: string) => ctx.store.ofTenant(tenantId),
  listingCredentialsChecked: (ctx: ServerContext, method: string, sentToken: string | undefined) =>
    ctx.hooks.credentialsChecked(method, sentToken),
  listingCountsTowardLimit: (ctx: ServerContext, method: string) => ctx.hooks.countsTowardLimit(method),
  listingParameterAnswer: () => referenceProblem('listingParameter'),
});

export type ListingQuery = Record<string, ListingQueryValue>;

const instant = (value: ListingQueryValue, fallback: number): number | undefined => {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
};

/** The route's guard: the endpoints' own (authentication, then the rate limit) with the listing's hooks. */
export const listingGuard = (ctx: ServerContext) =>
  guardRequest({
    ...ctx,
    hooks: {
      ...ctx.hooks,
      credentialsChecked: (method, sent) => ctx.hooks.listingCredentialsChecked(ctx, method, sent),
      countsTowardLimit: (method) => ctx.hooks.listingCountsTowardLimit(ctx, method),
    },
  });

export const listEvents =
  (ctx: ServerContext) =>
  (request: FastifyRequest<{ Querystring: ListingQuery }>, reply: FastifyReply): void => {
    const reading = ctx.behaviour.listing;
    if (reading === 'none') return;
    const tenant = tenantOf(request);
    const query = request.query ?? {};
    const asked = pageRequest(reading, query);
    const from = instant(query.from, Number.NEGATIVE_INFINITY);
    const to = instant(query.to, Number.POSITIVE_INFINITY);
    if (asked === undefined || from === undefined || to === undefined)
      throw ctx.hooks.listingParameterAnswer();
    const owner = ctx.hooks.listingOwner(ctx, tenant.id, asked.cursorTenant);
    const matching = ctx.hooks
      .eventsForListing(ctx, owner, asked.ordinal)
      .filter((stored) => stored.createdAt >= from && stored.createdAt <= to);
    const items = matching
      .slice(asked.start, asked.start + asked.count)
      .map((stored) => presentEvent(stored, ctx));
    const filter = new URLSearchParams();
    for (const name of ['from', 'to'] as const) {
      const value = query[name];
      if (typeof value === 'string') filter.set(name, value);
    }
    const base = `${request.url.split('?')[0]}${filter.size > 0 ? `?${filter}` : ''}`;
    const { body, headers } = pageAnswer(reading, asked, items, matching.length, base, owner);
    reply.headers(headers).send(body);
  };
