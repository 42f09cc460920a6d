/**
 * Mutants of the operations a deployment adds where the spec is silent (a listing, versions of an
 * event): each is offered by the mutant's server (its `behaviour`), and what the spec states still
 * holds on it, so breaking one of those rules only there is caught. Hooks: handlers/list-events.ts,
 * handlers/read-event.ts.
 */
import { externalIdOf } from '../event-store.ts';
import type { ListingHooks } from '../handlers/list-events.ts';
import { HttpProblem, problem } from '../problem.ts';
import { mutant } from './define.ts';

const WITH_LISTING = Object.freeze({ listing: 'paged' } as const);
/** The listing as a provider's public deployment pages it: `page` and `pageSize`, default 50. */
const WITH_PUBLIC_LISTING = Object.freeze({ listing: 'page-and-page-size' } as const);

/** How far behind the lagging view is: events younger than this are only in the live table. */
const VIEW_LAG_MS = 3000;

/** Later pages from an offset query on another code path that lost the tenant filter. */
const laterPagesOfEveryTenant: ListingHooks['eventsForListing'] = (ctx, tenantId, page) =>
  page > 1 ? ctx.store.all() : ctx.store.ofTenant(tenantId);
const WITH_VERSIONS = Object.freeze({ versions: 'on-request' } as const);

export const ADDED_OPERATION_MUTANTS = [
  mutant(
    'listing-shows-every-tenant',
    ['ISOLATION-LISTING'],
    "The listing added beside the spec's endpoints queries every event, not the tenant's: it shows other tenants' events.",
    { eventsForListing: (ctx) => ctx.store.all() },
    WITH_LISTING,
  ),
  mutant(
    'listing-later-pages-every-tenant',
    ['ISOLATION-LISTING'],
    "The listing's first page is the tenant's own, but later pages come from an offset query on another code path that lost the tenant filter: they show every tenant's events.",
    { eventsForListing: laterPagesOfEveryTenant },
    WITH_LISTING,
  ),
  mutant(
    'public-listing-later-pages-every-tenant',
    ['ISOLATION-LISTING'],
    "The listing is paged as the public deployment pages it (page and pageSize, default 50, a size parameter ignored); its first page is the tenant's own, but later pages come from an offset query that lost the tenant filter.",
    { eventsForListing: laterPagesOfEveryTenant },
    WITH_PUBLIC_LISTING,
  ),
  mutant(
    'listing-view-lags-without-tenant-filter',
    ['ISOLATION-LISTING'],
    "The listing reads the tenant's recent events from the live table and older ones from a view refreshed every few seconds, whose query lost the tenant filter: every other tenant's events older than 3 s are appended to the tenant's own.",
    {
      eventsForListing: (ctx, tenantId) => {
        const refreshed = ctx.clock() - VIEW_LAG_MS;
        const lagged = ctx.store
          .all()
          .filter((stored) => stored.tenantId !== tenantId && stored.createdAt <= refreshed);
        return [...ctx.store.ofTenant(tenantId), ...lagged];
      },
    },
    WITH_LISTING,
  ),
  mutant(
    'listing-shows-every-payout',
    ['ISOLATION-LISTING'],
    "The listing's query misses its parentheses (tenant = ? AND type = 'INTERNAL_PAYIN' OR type = 'INTERNAL_PAYOUT'): it shows the tenant's events and every tenant's pay-outs.",
    {
      eventsForListing: (ctx, tenantId) =>
        ctx.store
          .all()
          .filter((stored) => stored.tenantId === tenantId || stored.event.type === 'INTERNAL_PAYOUT'),
    },
    WITH_LISTING,
  ),
  mutant(
    'listing-cursor-carries-tenant',
    ['ISOLATION-LISTING'],
    "The listing pages with an opaque cursor that carries its query, tenant filter included, and a cursor is served as it says: a tenant that sends another tenant's cursor is served that tenant's next page.",
    { listingOwner: (_ctx, callerId, cursorTenant) => cursorTenant ?? callerId },
    { listing: 'cursor' },
  ),
  mutant(
    'listing-token-not-checked',
    ['AUTH-TOKEN-MISSING', 'AUTH-TOKEN-INVALID'],
    "The listing's controller was added outside the security filter: it takes the tenant from X-Client-Id and never looks at the token.",
    { listingCredentialsChecked: () => ({ token: false, clientId: true }) },
    WITH_LISTING,
  ),
  mutant(
    'listing-not-rate-limited',
    ['RATE-LIMIT-ALL-REQUESTS'],
    'The listing is served from a read replica behind its own route, which the rate limiter does not count.',
    { listingCountsTowardLimit: () => false },
    WITH_LISTING,
  ),
  mutant(
    'listing-bad-parameter-plain-text',
    ['ERROR-BODY-SHAPE'],
    "A listing parameter the service cannot read (page=0, a date that is not one) gets the framework's text/plain 400.",
    { listingParameterAnswer: () => HttpProblem.plain(400, 'Bad Request') },
    WITH_LISTING,
  ),
  mutant(
    'versions-of-other-tenant-shown',
    ['ISOLATION-GET'],
    "GET ?versions=true reads the history table by uuid alone: another tenant's event's versions are shown.",
    {
      eventForVersions: (ctx, tenantId, id) => {
        const stored = ctx.store.findInAnyTenant(id) ?? ctx.store.find(tenantId, id);
        if (!stored) throw problem(404, 'ERR-4002');
        return stored;
      },
    },
    WITH_VERSIONS,
  ),
  mutant(
    'versions-keyed-by-external-id',
    ['ISOLATION-GET'],
    "GET ?versions=true reads the history by externalId alone: another tenant's event with the same externalId shows its states among the tenant's own.",
    {
      eventForVersions: (ctx, tenantId, id) => {
        const own = ctx.store.find(tenantId, id);
        if (!own) throw problem(404, 'ERR-4002');
        const others = ctx.store
          .holdersOfExternalId(externalIdOf(own.event))
          .filter((holder) => holder.tenantId !== own.tenantId)
          .flatMap((holder) => [
            ...(holder.earlier ?? []),
            { version: holder.version, event: holder.event, since: holder.updatedAt },
          ]);
        return { ...own, earlier: [...others, ...(own.earlier ?? [])] };
      },
    },
    WITH_VERSIONS,
  ),
];
