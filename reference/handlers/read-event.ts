/** GET /financial-events/{uuid}: the calling tenant's event, or 404 ERR-4002 exactly as for an unknown uuid. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { StoredEvent } from '../event-store.ts';
import { presentEvent } from './event-view.ts';
import { tenantOf } from './guard.ts';
import { pathIdOf } from './path-id.ts';

export type EventRequest = FastifyRequest<{ Params: { uuid: string } }>;

export interface RetrievalHooks {
  /**
   * RETRIEVE-UNKNOWN-404, ISOLATION-GET: the event a GET shows for a path id (`rawId` as sent, `id`
   * normalised), or a thrown answer.
   */
  eventForRead(ctx: ServerContext, tenantId: string, id: string, rawId: string): StoredEvent;
}

/** The tenant's own event of this uuid; another tenant's is not found (ISOLATION-*). */
export const ownEvent = (ctx: ServerContext, tenantId: string, id: string): StoredEvent => {
  const stored = ctx.store.find(tenantId, id);
  if (!stored) throw ctx.hooks.unknownEventAnswer();
  return stored;
};

export const RETRIEVAL_HOOKS: RetrievalHooks = Object.freeze({
  eventForRead: (ctx: ServerContext, tenantId: string, id: string) => ownEvent(ctx, tenantId, id),
});

export const readEvent =
  (ctx: ServerContext) =>
  (request: EventRequest, reply: FastifyReply): void => {
    const tenant = tenantOf(request);
    const raw = request.params.uuid;
    reply.send(presentEvent(ctx.hooks.eventForRead(ctx, tenant.id, pathIdOf(raw, ctx), raw), ctx));
  };
