/** Mutants of part 4's PUT. Hooks: handlers/update-event.ts. */
import { randomUUID } from 'node:crypto';
import { externalIdOf } from '../event-store.ts';
import { UPDATE_HOOKS } from '../handlers/update-event.ts';
import type { JsonObject, JsonValue } from '../json.ts';
import { validateEvent } from '../validation.ts';
import { mutant } from './define.ts';

const reference = UPDATE_HOOKS;

/** The event with the payload of another (or none, if that one had none). */
const withPayloadOf = (previous: JsonObject, event: JsonObject): JsonObject => {
  const { payload: _sent, ...rest } = event;
  return Object.hasOwn(previous, 'payload') ? { ...rest, payload: previous.payload as JsonValue } : rest;
};

export const UPDATE_MUTANTS = [
  mutant(
    'put-not-applied',
    ['UPDATE-APPLIES'],
    'PUT validates and answers success but does not store the new values.',
    {
      applyUpdate: (ctx, existing, event) => {
        const holder = ctx.store.findByExternalId(existing.tenantId, externalIdOf(event));
        if (holder && holder.uuid !== existing.uuid) throw ctx.hooks.duplicateAnswer();
        return existing; // …and the update is never written
      },
    },
  ),
  mutant(
    'put-assigns-new-uuid',
    ['UPDATE-APPLIES'],
    'PUT stores the update under a new uuid; the old uuid then answers 404.',
    {
      applyUpdate: (ctx, existing, event) => {
        const updated = reference.applyUpdate(ctx, existing, event);
        ctx.store.remove(updated);
        return ctx.store.insert(updated.tenantId, randomUUID(), event, ctx.clock());
      },
    },
  ),
  mutant(
    'put-keeps-old-payload',
    ['UPDATE-APPLIES'],
    'PUT updates the top-level fields but keeps the stored payload (kept in a column the update does not write).',
    {
      applyUpdate: (ctx, existing, event) =>
        reference.applyUpdate(ctx, existing, withPayloadOf(existing.event, event)),
    },
  ),
  mutant('put-not-validated', ['UPDATE-VALIDATES'], 'PUT stores its body without validating it.', {
    validateUpdate: (ctx, body) => {
      const result = validateEvent(body, ctx);
      return result.ok ? result : { ok: true, event: body };
    },
  }),
  mutant(
    'put-stored-before-validation',
    ['UPDATE-VALIDATES'],
    'PUT writes its body before validating it: an invalid PUT answers 400 but the stored event has changed.',
    {
      validateUpdate: (ctx, body, existing) => {
        const result = validateEvent(body, ctx);
        if (!result.ok) ctx.store.overwrite(existing, body, ctx.clock()); // …and no rollback
        return result;
      },
    },
  ),
  mutant(
    'put-creates-on-unknown-uuid',
    ['UPDATE-UNKNOWN-404'],
    'PUT of an unknown uuid creates the event under that uuid (an upsert) instead of 404 ERR-4002.',
    {
      // An unknown uuid is taken for an empty event of the caller's, which the update then fills in.
      eventForUpdate: (ctx, tenantId, id) =>
        ctx.store.find(tenantId, id) ?? {
          uuid: id,
          tenantId,
          event: {},
          createdAt: ctx.clock(),
          updatedAt: ctx.clock(),
        },
    },
  ),
];
