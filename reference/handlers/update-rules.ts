/**
 * What a PUT may change, in the readings that restrict it: fields that never change once created
 * (GAP-PUT-BODY) and statuses an event never leaves (GAP-STATUS-TRANSITIONS). A refused update is
 * answered cleanly (409 with the 7.1 body, or 400/422 with the 7.2 body naming the field) and changes
 * nothing. The reference restricts neither.
 */
import type { Refusal } from '../behaviour.ts';
import type { ServerContext } from '../context.ts';
import type { StoredEvent } from '../event-store.ts';
import { type FieldPath, formatFieldPath } from '../field-path.ts';
import type { JsonObject } from '../json.ts';
import { type HttpProblem, problem } from '../problem.ts';
import { validationProblem } from '../validation-answer.ts';

interface Objection {
  readonly path: FieldPath;
  readonly message: string;
}

const refusal = (
  { status, errorCode }: Refusal<number>,
  objections: readonly Objection[],
  ctx: ServerContext,
): HttpProblem =>
  status === 409
    ? problem(409, errorCode)
    : validationProblem(
        status,
        objections.map(({ path, message }) => ({
          field: formatFieldPath(path, ctx.behaviour.fieldPath),
          errorCode,
          message,
        })),
      );

/** The answer refusing an update of `existing` to `event`, or undefined when the update may go ahead. */
export const updateRefusal = (
  ctx: ServerContext,
  existing: StoredEvent,
  event: JsonObject,
): HttpProblem | undefined => {
  const { immutableOnUpdate, statusTransitions } = ctx.behaviour;
  const changed = immutableOnUpdate.fields.filter((field) => event[field] !== existing.event[field]);
  if (changed.length > 0) {
    return refusal(
      immutableOnUpdate,
      changed.map((field) => ({
        path: [field],
        message: `${field} cannot be changed once the event exists`,
      })),
      ctx,
    );
  }
  const from = existing.event.status;
  if (
    typeof from === 'string' &&
    event.status !== from &&
    (statusTransitions.finalStatuses as readonly string[]).includes(from)
  ) {
    return refusal(
      statusTransitions,
      [{ path: ['status'], message: `status ${from} is final: it cannot change to ${String(event.status)}` }],
      ctx,
    );
  }
  return undefined;
};

/**
 * The answer refusing any PUT of `existing`, before its body is read, in the reading that freezes an
 * event in a final status (statusTransitions.frozen); undefined otherwise.
 */
export const frozenEventRefusal = (ctx: ServerContext, existing: StoredEvent): HttpProblem | undefined => {
  const { statusTransitions } = ctx.behaviour;
  const status = existing.event.status;
  if (!statusTransitions.frozen || typeof status !== 'string') return undefined;
  if (!(statusTransitions.finalStatuses as readonly string[]).includes(status)) return undefined;
  return refusal(
    statusTransitions,
    [{ path: ['status'], message: `an event ${status} takes no update` }],
    ctx,
  );
};
