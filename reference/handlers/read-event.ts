/**
 * GET /financial-events/{uuid}: the calling tenant's event, or 404 ERR-4002 exactly as for an unknown
 * uuid. In the reading that keeps versions, `?versions=true` shows every state the event had instead
 * (GAP-GET-BODY), looked up the same way: another tenant's event is not found.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { StoredEvent } from '../event-store.ts';
import { presentEvent } from './event-view.ts';
import { tenantOf } from './guard.ts';
import { pathIdOf } from './path-id.ts';

export type EventRequest = FastifyRequest<{ Params: { uuid: string } }>;

/** A GET of an event: its path id, and `?versions=true` in the reading that keeps versions. */
export type ReadRequest = FastifyRequest<{ Params: { uuid: string }; Querystring: ReadQuery }>;
export type ReadQuery = { versions?: string | string[] };

export interface RetrievalHooks {
  /**
   * RETRIEVE-UNKNOWN-404, ISOLATION-GET: the event a GET shows for a path id (`rawId` as sent, `id`
   * normalised), or a thrown answer.
   */
  eventForRead(ctx: ServerContext, tenantId: string, id: string, rawId: string): StoredEvent;
  /** ISOLATION-GET: the event whose versions `?versions=true` shows, or a thrown answer. */
  eventForVersions(ctx: ServerContext, tenantId: string, id: string): StoredEvent;
}

declare module '../context.ts' {
  interface ReferenceHooks extends RetrievalHooks {}
}

/** The tenant's own event of this uuid; another tenant's is not found (ISOLATION-*). */
export const ownEvent = (ctx: ServerContext, tenantId: string, id: string): StoredEvent => {
  const stored = ctx.store.find(tenantId, id);
  if (!stored) throw ctx.hooks.unknownEventAnswer();
  return stored;
};

export const RETRIEVAL_HOOKS: RetrievalHooks = Object.freeze({
  eventForRead: (ctx: ServerContext, tenantId: string, id: string) => ownEvent(ctx, tenantId, id),
  eventForVersions: ownEvent,
});

/** Every state of an event, oldest first: each as GET showed it then, with its version and since when. */
const presentVersions = (stored: StoredEvent, ctx: ServerContext) => ({
  uuid: stored.uuid,
  versions: [
    ...(stored.earlier ?? []).map(({ version, event, since }) => ({ version, since, event })),
    { version: stored.version, since: stored.updatedAt, event: stored.event },
  ].map(({ version, since, event }) => ({
    version,
    since: new Date(since).toISOString(),
    event: presentEvent({ ...stored, event, version }, ctx),
  })),
});

export const readEvent =
  (ctx: ServerContext) =>
  (request: ReadRequest, reply: FastifyReply): void => {
    const tenant = tenantOf(request);
    const raw = request.params.uuid;
    if (ctx.behaviour.versions === 'on-request' && request.query?.versions === 'true') {
      reply.send(presentVersions(ctx.hooks.eventForVersions(ctx, tenant.id, pathIdOf(raw, ctx)), ctx));
      return;
    }
    reply.send(presentEvent(ctx.hooks.eventForRead(ctx, tenant.id, pathIdOf(raw, ctx), raw), ctx));
  };
