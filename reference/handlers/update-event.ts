/**
 * PUT /financial-events/{uuid}: the calling tenant's event replaced in place by a body validated like a
 * POST's (same uuid, same owner), unless another event of the tenant holds the new externalId. An
 * unknown or foreign uuid is 404 ERR-4002 before the body is judged; a refused PUT changes nothing.
 * The behaviour's readings of GAP-PUT-BODY and GAP-STATUS-TRANSITIONS may merge the body instead, or
 * refuse some changes (update-rules.ts); success answers as it reads GAP-PUT-STATUS.
 */
import type { FastifyReply } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { StoredEvent } from '../event-store.ts';
import type { JsonObject } from '../json.ts';
import type { HttpProblem } from '../problem.ts';
import { type Failure, type ValidationResult, validateEvent } from '../validation.ts';
import { failedValidation } from '../validation-answer.ts';
import { presentEvent } from './event-view.ts';
import { refusalAfterHandlerOf, refusedOnceTried, tenantOf } from './guard.ts';
import { pathIdOf } from './path-id.ts';
import { type EventRequest, ownEvent } from './read-event.ts';
import { eventBodyOf } from './request-body.ts';
import { frozenEventRefusal, updateRefusal } from './update-rules.ts';

export interface UpdateHooks {
  /**
   * ISOLATION-PUT: what a PUT writes before its event is looked up: nothing (a mutant writes the
   * body's history row first, whoever owns the event).
   */
  writtenBeforeLookup(ctx: ServerContext, tenantId: string, id: string, body: JsonObject): void;
  /**
   * UPDATE-UNKNOWN-404, ISOLATION-PUT: the event a PUT of this id updates, or a thrown answer (`body`,
   * the PUT's, for a lookup that reads it: the reference's never does).
   */
  eventForUpdate(ctx: ServerContext, tenantId: string, id: string, body: JsonObject): StoredEvent;
  /** UPDATE-VALIDATES: a PUT's body judged like a POST's, changing nothing when it fails. */
  validateUpdate(ctx: ServerContext, body: JsonObject, existing: StoredEvent): ValidationResult;
  /**
   * UPDATE-APPLIES, DEDUP-EXTERNAL-ID: writes the update in place, unless the new externalId is taken
   * (then throws). The reference's is synchronous; a mutant's may await (a database round trip).
   */
  applyUpdate(
    ctx: ServerContext,
    existing: StoredEvent,
    event: JsonObject,
  ): StoredEvent | Promise<StoredEvent>;
  /** UPDATE-VALIDATES, VAL-BODY-SHAPE: the answer to a PUT whose body failed validation. */
  refusedUpdateAnswer(ctx: ServerContext, failures: readonly Failure[]): HttpProblem;
}

declare module '../context.ts' {
  interface ReferenceHooks extends UpdateHooks {}
}

/** The reference's own hooks: its write is synchronous, which the mutants that wrap it rely on. */
interface ReferenceUpdateHooks extends UpdateHooks {
  applyUpdate(ctx: ServerContext, existing: StoredEvent, event: JsonObject): StoredEvent;
}

export const UPDATE_HOOKS: ReferenceUpdateHooks = Object.freeze({
  writtenBeforeLookup: () => undefined,
  eventForUpdate: ownEvent,
  validateUpdate: (ctx: ServerContext, body: JsonObject) => validateEvent(body, ctx),
  applyUpdate: (ctx: ServerContext, existing: StoredEvent, event: JsonObject) => {
    const replaced = ctx.store.replace(existing, event, ctx.clock());
    if ('duplicateOf' in replaced) throw ctx.hooks.duplicateAnswer();
    return replaced.updated;
  },
  refusedUpdateAnswer: (ctx: ServerContext, failures: readonly Failure[]) => failedValidation(failures, ctx),
});

/**
 * GAP-PUT-BODY, the merge reading: the body's fields over the stored ones. externalId, which 2.1 states
 * is required of a PUT body too, is never taken from the stored event.
 */
const mergedUpdate = (existing: StoredEvent, body: JsonObject): JsonObject => {
  const { externalId: _stored, ...kept } = existing.event;
  return { ...kept, ...body };
};

const answerUpdated = (reply: FastifyReply, stored: StoredEvent, ctx: ServerContext): void => {
  switch (ctx.behaviour.putSuccess) {
    case 'event-200':
      reply.code(200).send(presentEvent(stored, ctx));
      return;
    case 'uuid-200':
      reply.code(200).send({ uuid: stored.uuid });
      return;
    case 'no-content-204':
      reply.code(204).send();
      return;
  }
};

/** A PUT's update validated and applied; a lookup, a body or a change that fails throws its refusal. */
const updatedEvent = (ctx: ServerContext, request: EventRequest): StoredEvent | Promise<StoredEvent> => {
  const { hooks } = ctx;
  const tenant = tenantOf(request);
  const body = eventBodyOf(request, ctx);
  const id = pathIdOf(request.params.uuid, ctx);
  hooks.writtenBeforeLookup(ctx, tenant.id, id, body);
  const existing = hooks.eventForUpdate(ctx, tenant.id, id, body);
  const frozen = frozenEventRefusal(ctx, existing);
  if (frozen) throw frozen;
  const candidate = ctx.behaviour.putSemantics === 'merge' ? mergedUpdate(existing, body) : body;
  const result = hooks.validateUpdate(ctx, candidate, existing);
  if (!result.ok) throw hooks.refusedUpdateAnswer(ctx, result.failures);
  const refusal = updateRefusal(ctx, existing, result.event);
  if (refusal) throw refusal;
  return hooks.applyUpdate(ctx, existing, hooks.storedForm(result.event));
};

/** The handler (synchronous unless writing is: Fastify then awaits the promise it returns). */
export const updateEvent =
  (ctx: ServerContext) =>
  (request: EventRequest, reply: FastifyReply): Promise<void> | undefined => {
    const credentialsRefusal = refusalAfterHandlerOf(request);
    if (credentialsRefusal !== undefined)
      return refusedOnceTried(() => updatedEvent(ctx, request), credentialsRefusal);
    const stored = updatedEvent(ctx, request);
    if (stored instanceof Promise) return stored.then((updated) => answerUpdated(reply, updated, ctx));
    answerUpdated(reply, stored, ctx);
    return undefined;
  };
