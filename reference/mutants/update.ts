/** Mutants of part 4's PUT. Hooks: handlers/update-event.ts. */
import { randomUUID } from 'node:crypto';
import { externalIdOf } from '../event-store.ts';
import { UPDATE_HOOKS } from '../handlers/update-event.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import { validateEvent } from '../validation.ts';
import { mutant } from './define.ts';
import { perStore } from './per-store.ts';

/** The events a refused PUT left marked, per server. */
const stuckOf = perStore(() => new Set<string>());

const reference = UPDATE_HOOKS;

/** The event with the payload of another (or none, if that one had none). */
const withPayloadOf = (previous: JsonObject, event: JsonObject): JsonObject => {
  const { payload: _sent, ...rest } = event;
  return Object.hasOwn(previous, 'payload') ? { ...rest, payload: previous.payload as JsonValue } : rest;
};

export const UPDATE_MUTANTS = [
  mutant(
    'put-undone-later',
    ['UPDATE-APPLIES'],
    'A replay of the creation log a second behind writes each created event again: an update applied within that second is undone.',
    {
      applyUpdate: (ctx, existing, event) => {
        const updated = UPDATE_HOOKS.applyUpdate(ctx, existing, event);
        setTimeout(() => ctx.store.replace(updated, existing.event, ctx.clock()), 1_000).unref();
        return updated;
      },
    },
  ),
  mutant(
    'put-after-refusal-stuck',
    ['UPDATE-APPLIES'],
    'A PUT refused for its body leaves its event marked (a transaction kept rollback-only): every later PUT of that event answers as applied and changes nothing.',
    {
      validateUpdate: (ctx, body, existing) => {
        const result = validateEvent(body, ctx);
        if (!result.ok) stuckOf(ctx.store).add(existing.uuid);
        return result;
      },
      applyUpdate: (ctx, existing, event) =>
        stuckOf(ctx.store).has(existing.uuid) ? existing : UPDATE_HOOKS.applyUpdate(ctx, existing, event),
    },
  ),
  mutant(
    'put-currency-not-updatable',
    ['UPDATE-APPLIES'],
    "currencyCode is mapped as not updatable (JPA's @Column(updatable = false)): a PUT changing it answers success, and GET still shows the old currency.",
    {
      applyUpdate: (ctx, existing, event) =>
        reference.applyUpdate(ctx, existing, { ...event, currencyCode: existing.event.currencyCode ?? null }),
    },
  ),
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
          version: 0,
        },
    },
  ),
  mutant(
    'refused-put-applies-valid-fields',
    ['UPDATE-VALIDATES'],
    'A PUT refused by validation still writes the fields of it that passed (an update field by field, each validated on its own).',
    {
      validateUpdate: (ctx, body, existing) => {
        const result = validateEvent(body, ctx);
        if (!result.ok) {
          const failed = new Set(result.failures.map((failure) => String(failure.path[0])));
          const passed = Object.fromEntries(Object.entries(body).filter(([field]) => !failed.has(field)));
          ctx.store.overwrite(existing, { ...existing.event, ...passed }, ctx.clock());
        }
        return result;
      },
    },
  ),
  mutant(
    'duplicate-put-applies-other-fields',
    ['DEDUP-EXTERNAL-ID', 'UPDATE-VALIDATES'],
    'A PUT refused with 400 ERR-4001 (its new externalId is taken) has already written its other fields.',
    {
      applyUpdate: (ctx, existing, event) => {
        const holder = ctx.store.findByExternalId(existing.tenantId, externalIdOf(event));
        if (holder && holder.uuid !== existing.uuid) {
          ctx.store.overwrite(
            existing,
            { ...event, externalId: existing.event.externalId as JsonValue },
            ctx.clock(),
          );
          throw ctx.hooks.duplicateAnswer();
        }
        return reference.applyUpdate(ctx, existing, event);
      },
    },
  ),
  mutant(
    'put-answers-update-not-stored',
    ['UPDATE-APPLIES'],
    'PUT answers 200 with the updated event, built from the request, but never stores it.',
    {
      applyUpdate: (ctx, existing, event) => {
        const holder = ctx.store.findByExternalId(existing.tenantId, externalIdOf(event));
        if (holder && holder.uuid !== existing.uuid) throw ctx.hooks.duplicateAnswer();
        return { ...existing, event, updatedAt: ctx.clock(), version: existing.version + 1 };
      },
    },
  ),
  mutant(
    'put-keeps-old-multi-currency-amounts',
    ['UPDATE-APPLIES'],
    'PUT leaves multiCurrencyAmounts as they were (a child table the update does not write).',
    {
      applyUpdate: (ctx, existing, event) => {
        const { multiCurrencyAmounts: _sent, ...rest } = event;
        const kept = Object.hasOwn(existing.event, 'multiCurrencyAmounts')
          ? { ...rest, multiCurrencyAmounts: existing.event.multiCurrencyAmounts as JsonValue }
          : rest;
        return reference.applyUpdate(ctx, existing, kept);
      },
    },
  ),
  mutant(
    'put-type-change-merges-payload',
    ['UPDATE-APPLIES', 'RETRIEVE-RETURNS-EVENT'],
    "PUT merges the new payload into the stored one instead of replacing it: after a change of type the old type's payload fields are still there.",
    {
      applyUpdate: (ctx, existing, event) => {
        const before = existing.event.payload;
        const after = event.payload;
        const merged =
          isJsonObject(before as JsonValue) && isJsonObject(after as JsonValue)
            ? { ...event, payload: { ...(before as JsonObject), ...(after as JsonObject) } }
            : event;
        return reference.applyUpdate(ctx, existing, merged);
      },
    },
  ),
];
