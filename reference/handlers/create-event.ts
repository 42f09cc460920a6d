/** POST /financial-events: validate the whole body, deduplicate, store, answer 201 {uuid}. */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { StoredEvent } from '../event-store.ts';
import type { JsonObject } from '../json.ts';
import { validateEvent } from '../validation.ts';
import { failedValidation } from '../validation-answer.ts';
import { tenantOf } from './guard.ts';
import { eventBodyOf } from './request-body.ts';

/** What a successful POST answers. */
export interface CreatedAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** undefined: no body at all. */
  readonly body?: unknown;
}

export interface CreationHooks {
  /** CREATE-RETURNS-UUID: the uuid a new event gets. */
  newEventUuid(event: JsonObject): string;
  /** CREATE-RETURNS-UUID: 201 with {uuid}. */
  createdAnswer(stored: StoredEvent): CreatedAnswer;
}

export const CREATION_HOOKS: CreationHooks = Object.freeze({
  newEventUuid: () => randomUUID(),
  createdAnswer: (stored: StoredEvent) => ({ status: 201, body: { uuid: stored.uuid } }),
});

export const createEvent =
  (ctx: ServerContext) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const { hooks } = ctx;
    const tenant = tenantOf(request);
    const result = validateEvent(eventBodyOf(request, ctx), ctx);
    if (!result.ok) throw failedValidation(result.failures, ctx);
    const event = hooks.storedForm(result.event);
    const stored = await hooks.insertUnlessDuplicate(ctx, tenant.id, hooks.newEventUuid(event), event);
    const answer = hooks.createdAnswer(stored);
    if (answer.headers) reply.headers(answer.headers);
    return reply.code(answer.status).send(answer.body);
  };
