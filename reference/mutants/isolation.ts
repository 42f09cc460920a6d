/** Mutants of tenant isolation (part 1, part 4 rule 3). Hooks: handlers/read-event.ts, update-event.ts. */
import type { ServerContext } from '../context.ts';
import type { StoredEvent } from '../event-store.ts';
import { ownEvent } from '../handlers/read-event.ts';
import { UPDATE_HOOKS } from '../handlers/update-event.ts';
import type { ReferenceHooks } from '../hooks.ts';
import type { JsonObject } from '../json.ts';
import { HttpProblem, problem, simpleBody } from '../problem.ts';
import { mutant } from './define.ts';

/** The event of this uuid whoever owns it. */
const anyTenantsEvent = (ctx: ServerContext, _tenantId: string, id: string): StoredEvent => {
  const stored = ctx.store.findInAnyTenant(id);
  if (!stored) throw ctx.hooks.unknownEventAnswer();
  return stored;
};

/**
 * A PUT body's `uuid`, a field 2.1 does not list, taken as the event to write (mass assignment: the
 * body mapped onto the entity, its id included, then saved), whoever owns it; accepted as a field.
 */
const eventNamedByBody: Partial<ReferenceHooks> = {
  eventForUpdate: (ctx, tenantId, id, body) =>
    (typeof body.uuid === 'string' ? ctx.store.findInAnyTenant(body.uuid) : undefined) ??
    ownEvent(ctx, tenantId, id),
  validateUpdate: (ctx, body, existing) => {
    const { uuid: _mapped, ...event } = body;
    return UPDATE_HOOKS.validateUpdate(ctx, event, existing);
  },
};

/** 404 ERR-4002 with the spec's title and a ProblemDetails detail saying why. */
const notFoundDetailed = (detail: string): HttpProblem => {
  const body = { ...simpleBody(404, 'ERR-4002'), detail };
  return new HttpProblem(404, body);
};

/** The tenant's own event; another tenant's answers 403, revealing that it exists. */
const ownEventOr403 = (ctx: ServerContext, tenantId: string, id: string): StoredEvent => {
  if (!ctx.store.find(tenantId, id) && ctx.store.findInAnyTenant(id)) throw problem(403, 'ERR-1003');
  return ownEvent(ctx, tenantId, id);
};

/**
 * A write a PUT makes before its event's owner is checked, done to the event of the path's uuid when
 * it is another tenant's (the tenant's own PUT goes on to its real update).
 */
const beforeOwnerCheck =
  (
    write: (ctx: ServerContext, stored: StoredEvent, body: JsonObject) => void,
  ): ReferenceHooks['writtenBeforeLookup'] =>
  (ctx, tenantId, id, body) => {
    const stored = ctx.store.findInAnyTenant(id);
    if (stored && stored.tenantId !== tenantId) write(ctx, stored, body);
  };

/**
 * A PUT that loads the event of the path's uuid whoever owns it and checks the owner last: another
 * tenant's uuid gets `before` (a refusal of the body, judged against that event) or else 404 ERR-4002.
 */
const ownerCheckedAfter =
  (before: (ctx: ServerContext, stored: StoredEvent, body: JsonObject) => HttpProblem | undefined) =>
  (ctx: ServerContext, tenantId: string, id: string, body: JsonObject): StoredEvent => {
    const stored = ctx.store.findInAnyTenant(id);
    if (stored === undefined || stored.tenantId === tenantId) return ownEvent(ctx, tenantId, id);
    throw before(ctx, stored, body) ?? ctx.hooks.unknownEventAnswer();
  };

export const ISOLATION_MUTANTS = [
  mutant(
    'isolation-etag-on-404',
    ['ISOLATION-GET'],
    "The ETag is computed from the row before the tenant's scope is applied: the 404 for another tenant's uuid carries one, the 404 for an unknown uuid none.",
    {
      eventForRead: (ctx, tenantId, id) => {
        const own = ctx.store.find(tenantId, id);
        if (own) return own;
        const other = ctx.store.findInAnyTenant(id);
        const answer = ctx.hooks.unknownEventAnswer();
        if (!other) throw answer;
        throw new HttpProblem(answer.status, answer.body, {
          ...answer.headers,
          etag: `W/"${other.version}"`,
        });
      },
    },
  ),
  mutant(
    'foreign-put-writes-version',
    ['ISOLATION-PUT'],
    "A PUT's history row is written before the event's owner is checked: another tenant's PUT answers 404 ERR-4002 and leaves the event as it was, but its body is among that event's versions (GET ?versions=true).",
    {
      writtenBeforeLookup: beforeOwnerCheck((ctx, stored, body) =>
        ctx.store.addVersion(stored, body, ctx.clock()),
      ),
    },
    { versions: 'on-request' },
  ),
  mutant(
    'foreign-put-writes-audit-entry',
    ['ISOLATION-PUT'],
    "An audit trail written by uuid before the tenant-scoped lookup: another tenant's PUT answers 404 ERR-4002 and leaves the event as it was, but adds an entry of its own (version, status, time; none of the body's other data) to that event's GET ?versions=true.",
    {
      writtenBeforeLookup: beforeOwnerCheck((ctx, stored, body) =>
        ctx.store.addVersion(stored, { status: body.status ?? null }, ctx.clock()),
      ),
    },
    { versions: 'on-request' },
  ),
  mutant(
    'foreign-put-saves-unchanged',
    ['ISOLATION-PUT'],
    "An ORM's save of the loaded entity before the owner is checked: another tenant's PUT answers 404 ERR-4002 and leaves the body as it was, but the event's updatedAt and version move as if it had been updated.",
    {
      writtenBeforeLookup: beforeOwnerCheck((ctx, stored) => {
        ctx.store.overwrite(stored, stored.event, ctx.clock());
      }),
    },
    { getExtraFields: 'timestamps-and-version' },
  ),
  mutant(
    'foreign-put-frees-external-id',
    ['DEDUP-EXTERNAL-ID'],
    "A PUT releases the event's externalId reservation (to take the body's) before its owner is checked: another tenant's PUT answers 404 ERR-4002 and changes nothing anyone reads, but the owner's next POST of that externalId is accepted again.",
    {
      writtenBeforeLookup: beforeOwnerCheck((ctx, stored) => ctx.store.forgetExternalId(stored)),
    },
  ),
  mutant(
    'isolation-leak-on-get',
    ['ISOLATION-GET'],
    "GET finds events of every tenant: another tenant's uuid returns its event.",
    { eventForRead: anyTenantsEvent },
  ),
  mutant(
    'isolation-leak-on-get-upper-case-uuid',
    ['ISOLATION-GET'],
    "An older route matches a path uuid in upper case and looks it up without the tenant: another tenant's uuid so spelled returns its event; in lower case it is not found.",
    {
      eventForRead: (ctx, tenantId, id, rawId) =>
        rawId === rawId.toLowerCase() ? ownEvent(ctx, tenantId, id) : anyTenantsEvent(ctx, tenantId, id),
    },
  ),
  mutant(
    'isolation-leak-on-put',
    ['ISOLATION-PUT'],
    "PUT finds events of every tenant: another tenant's event is overwritten.",
    { eventForUpdate: anyTenantsEvent },
  ),
  mutant(
    'put-writes-event-named-in-body',
    ['ISOLATION-PUT'],
    "PUT writes the event whose uuid its body carries (the body mapped onto the entity, id included), whoever owns it: a tenant's PUT of its own event overwrites another tenant's.",
    eventNamedByBody,
  ),
  mutant(
    'isolation-403-on-get',
    ['ISOLATION-GET'],
    "GET of another tenant's uuid answers 403 ERR-1003, revealing that it exists.",
    { eventForRead: ownEventOr403 },
  ),
  mutant(
    'isolation-403-on-put',
    ['ISOLATION-PUT'],
    "PUT of another tenant's uuid answers 403 ERR-1003, revealing that it exists.",
    { eventForUpdate: ownEventOr403 },
  ),
  mutant(
    'isolation-404-body-reveals-event-on-put',
    ['ISOLATION-PUT'],
    "PUT of another tenant's uuid answers 404 ERR-4002 and changes nothing, but its body carries that tenant's event (a debug field of the not-found exception).",
    {
      eventForUpdate: (ctx, tenantId, id) => {
        const foreign = ctx.store.find(tenantId, id) ? undefined : ctx.store.findInAnyTenant(id);
        if (foreign) throw new HttpProblem(404, { ...simpleBody(404, 'ERR-4002'), event: foreign.event });
        return ownEvent(ctx, tenantId, id);
      },
    },
  ),
  mutant(
    'isolation-404-detail-differs-on-put',
    ['ISOLATION-PUT'],
    'PUT of another tenant\'s uuid answers 404 ERR-4002 with an unknown uuid\'s title, but a detail of its own: "The financial event belongs to another client" where an unknown uuid\'s says "The financial event does not exist".',
    {
      eventForUpdate: (ctx, tenantId, id) => {
        const own = ctx.store.find(tenantId, id);
        if (own) return own;
        throw notFoundDetailed(
          ctx.store.findInAnyTenant(id)
            ? 'The financial event belongs to another client'
            : 'The financial event does not exist',
        );
      },
    },
  ),
  mutant(
    'foreign-put-validated-before-owner-check',
    ['ISOLATION-PUT'],
    "A PUT validates its body before it checks the event's owner: another tenant's uuid with an invalid body answers 400 with the failures, where an unknown uuid answers 404 ERR-4002 (with a valid body, 404 and nothing changes).",
    {
      eventForUpdate: ownerCheckedAfter((ctx, stored, body) => {
        const result = ctx.hooks.validateUpdate(ctx, body, stored);
        return result.ok ? undefined : ctx.hooks.refusedUpdateAnswer(ctx, result.failures);
      }),
    },
  ),
  mutant(
    'foreign-put-dedup-before-owner-check',
    ['ISOLATION-PUT'],
    "A PUT checks its externalId among the events of the event's owner before it checks the owner: another tenant's uuid with an externalId that tenant holds answers 400 ERR-4001, where an unknown uuid answers 404 ERR-4002.",
    {
      eventForUpdate: ownerCheckedAfter((ctx, stored, body) => {
        const holder =
          typeof body.externalId === 'string'
            ? ctx.store.findByExternalId(stored.tenantId, body.externalId)
            : undefined;
        return holder !== undefined && holder.uuid !== stored.uuid ? ctx.hooks.duplicateAnswer() : undefined;
      }),
    },
  ),
  mutant(
    'isolation-404-title-differs-on-get',
    ['ISOLATION-GET'],
    'GET of another tenant\'s uuid answers 404 ERR-4002, with another title than an unknown uuid\'s ("Financial event belongs to another client").',
    {
      eventForRead: (ctx, tenantId, id) => {
        if (!ctx.store.find(tenantId, id) && ctx.store.findInAnyTenant(id)) {
          throw problem(404, 'ERR-4002', 'Financial event belongs to another client');
        }
        return ownEvent(ctx, tenantId, id);
      },
    },
  ),
];
