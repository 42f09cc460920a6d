/** POST /financial-events: validate the whole body, deduplicate, store, answer 201 {uuid}. */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { StoredEvent } from '../event-store.ts';
import type { JsonObject } from '../json.ts';
import { type ValidationResult, validateEvent } from '../validation.ts';
import { failedValidation } from '../validation-answer.ts';
import { refusalAfterHandlerOf, refusedOnceTried, tenantOf } from './guard.ts';
import { eventBodyOf } from './request-body.ts';

/** What a successful POST answers. */
export interface CreatedAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** undefined: no body at all. */
  readonly body?: unknown;
}

export interface CreationHooks {
  /** VAL-*, DEDUP-EXTERNAL-ID: a POST's body judged (before anything is stored). */
  validateCreation(ctx: ServerContext, body: JsonObject, tenantId: string): ValidationResult;
  /** CREATE-RETURNS-UUID: the uuid a new event gets. */
  newEventUuid(event: JsonObject): string;
  /** CREATE-RETURNS-UUID: 201 with {uuid}. */
  createdAnswer(stored: StoredEvent): CreatedAnswer;
}

declare module '../context.ts' {
  interface ReferenceHooks extends CreationHooks {}
}

export const CREATION_HOOKS: CreationHooks = Object.freeze({
  validateCreation: (ctx: ServerContext, body: JsonObject) => validateEvent(body, ctx),
  newEventUuid: () => randomUUID(),
  createdAnswer: (stored: StoredEvent) => ({ status: 201, body: { uuid: stored.uuid } }),
});

const answerCreated = (reply: FastifyReply, stored: StoredEvent, ctx: ServerContext): void => {
  const answer = ctx.hooks.createdAnswer(stored);
  if (answer.headers) reply.headers(answer.headers);
  reply.code(answer.status).send(answer.body);
};

/** A POST's event validated, deduplicated and stored; a body that fails throws its refusal. */
const storedEvent = (ctx: ServerContext, request: FastifyRequest): StoredEvent | Promise<StoredEvent> => {
  const { hooks } = ctx;
  const tenant = tenantOf(request);
  const result = hooks.validateCreation(ctx, eventBodyOf(request, ctx), tenant.id);
  if (!result.ok) throw failedValidation(result.failures, ctx);
  const event = hooks.storedForm(result.event);
  return hooks.insertUnlessDuplicate(ctx, tenant.id, hooks.newEventUuid(event), event);
};

/** The handler (synchronous unless storing is: Fastify then awaits the promise it returns). */
export const createEvent =
  (ctx: ServerContext) =>
  (request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined => {
    const refusal = refusalAfterHandlerOf(request);
    if (refusal !== undefined) return refusedOnceTried(() => storedEvent(ctx, request), refusal);
    const stored = storedEvent(ctx, request);
    if (stored instanceof Promise) return stored.then((inserted) => answerCreated(reply, inserted, ctx));
    answerCreated(reply, stored, ctx);
    return undefined;
  };
