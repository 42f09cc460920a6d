/**
 * Mutants of part 4's POST and GET: the answer to a creation, the identifier in paths, and the event
 * stored or shown other than as sent. Hooks: handlers/create-event.ts, read-event.ts, event-view.ts,
 * path-id.ts, error-answers.ts.
 */
import { randomUUID } from 'node:crypto';
import { EVENTS_PATH, isUuid } from '../../spec/index.ts';
import type { ServerContext } from '../context.ts';
import { externalIdOf, type StoredEvent } from '../event-store.ts';
import { ownEvent, RETRIEVAL_HOOKS } from '../handlers/read-event.ts';
import { UPDATE_HOOKS } from '../handlers/update-event.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import { problem, referenceProblem } from '../problem.ts';
import { mutant } from './define.ts';
import { perStore } from './per-store.ts';

/** amount and every multiCurrencyAmounts[].amount passed through a function. */
const withAmounts = (event: JsonObject, convert: (amount: number) => JsonValue): JsonObject => {
  const changed: JsonObject = { ...event };
  if (typeof changed.amount === 'number') changed.amount = convert(changed.amount);
  const items = changed.multiCurrencyAmounts;
  if (Array.isArray(items)) {
    changed.multiCurrencyAmounts = items.map((item: JsonValue) =>
      isJsonObject(item) && typeof item.amount === 'number'
        ? { ...item, amount: convert(item.amount) }
        : item,
    );
  }
  return changed;
};

/** The events a read cache holds, per store (uuid → event as first read). */
const cacheOf = perStore(() => new Map<string, StoredEvent>());

/** Every string with its characters outside ASCII as "?". */
const asciiOnly = (value: JsonValue): JsonValue => {
  if (typeof value === 'string') return value.replace(/[\u{80}-\u{10FFFF}]/gu, '?');
  if (Array.isArray(value)) return value.map(asciiOnly);
  if (isJsonObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asciiOnly(v)]));
  return value;
};

/** A path id read as the start of a uuid: what the mutant's lookup is told, marked so. */
const PREFIX_MARK = 'prefix:';

/** The tenant's event whose uuid starts with the marked path id, or the lookup's own answer. */
const byUuidPrefix =
  <A extends unknown[]>(
    lookup: (ctx: ServerContext, tenantId: string, id: string, ...rest: A) => StoredEvent,
  ) =>
  (ctx: ServerContext, tenantId: string, id: string, ...rest: A): StoredEvent => {
    if (!id.startsWith(PREFIX_MARK)) return lookup(ctx, tenantId, id, ...rest);
    const start = id.slice(PREFIX_MARK.length);
    const found = ctx.store.ofTenant(tenantId).find((stored) => stored.uuid.startsWith(start));
    if (!found) throw ctx.hooks.unknownEventAnswer();
    return found;
  };

export const CREATION_RETRIEVAL_MUTANTS = [
  mutant(
    'client-uuid-honoured',
    ['CREATE-RETURNS-UUID'],
    "Unknown top-level fields are kept, and a uuid among them is the new event's id: the client chooses it.",
    {
      newEventUuid: (event) =>
        typeof event.uuid === 'string' && isUuid(event.uuid) ? event.uuid.toLowerCase() : randomUUID(),
    },
    { unknownTopLevelFields: 'keep' },
  ),
  mutant(
    'path-id-prefix-match',
    ['RETRIEVE-UNKNOWN-404'],
    "A path id that is not a UUID is looked up as the start of one (uuid::text LIKE the id and a %): part of an event's uuid finds it, by GET and PUT.",
    {
      nonUuidPathId: (raw) =>
        /^[0-9a-f-]{4,35}$/i.test(raw) ? `${PREFIX_MARK}${raw.toLowerCase()}` : undefined,
      eventForRead: byUuidPrefix(RETRIEVAL_HOOKS.eventForRead),
      eventForUpdate: byUuidPrefix(UPDATE_HOOKS.eventForUpdate),
    },
  ),
  mutant(
    'put-body-uuid-wins',
    ['UPDATE-UNKNOWN-404'],
    "Unknown top-level fields are dropped, and PUT's uuid is bound from the body over the path: a PUT of an unknown uuid updates the event its body names.",
    {
      eventForUpdate: (ctx, tenantId, id, body) =>
        UPDATE_HOOKS.eventForUpdate(
          ctx,
          tenantId,
          typeof body.uuid === 'string' && isUuid(body.uuid) ? body.uuid.toLowerCase() : id,
          body,
        ),
    },
    { unknownTopLevelFields: 'drop' },
  ),
  mutant('create-returns-200', ['CREATE-RETURNS-UUID'], 'POST of a valid event answers 200 instead of 201.', {
    createdAnswer: (stored) => ({ status: 200, body: { uuid: stored.uuid } }),
  }),
  mutant(
    'create-body-empty',
    ['CREATE-RETURNS-UUID'],
    'POST answers 201 with an empty body and the event in a Location header, instead of a JSON body holding uuid.',
    { createdAnswer: (stored) => ({ status: 201, headers: { location: `${EVENTS_PATH}/${stored.uuid}` } }) },
  ),
  mutant(
    'create-uuid-is-external-id',
    ['CREATE-RETURNS-UUID', 'PATH-ID-IS-UUID'],
    'The event is keyed by its externalId: POST returns {uuid: externalId} and paths take the externalId.',
    { newEventUuid: (event) => externalIdOf(event), nonUuidPathId: (raw) => raw },
  ),
  mutant(
    'path-uuid-v4-only',
    ['RETRIEVE-UNKNOWN-404', 'UPDATE-UNKNOWN-404'],
    'The path id must match a version 4 pattern: a uuid of another version (a time-based v1, a v7) is refused 400 ERR-2002 instead of 404 ERR-4002.',
    {
      uuidPathId: (raw) => {
        if (raw[14] !== '4') throw problem(400, 'ERR-2002');
        return raw.toLowerCase();
      },
    },
  ),
  mutant(
    'get-by-external-id-accepted',
    ['PATH-ID-IS-UUID'],
    'GET also finds an event by its externalId in the path.',
    {
      nonUuidPathId: (raw) => raw,
      eventForRead: (ctx, tenantId, id, rawId) =>
        ctx.store.find(tenantId, id) ??
        ctx.store.findByExternalId(tenantId, rawId) ??
        ownEvent(ctx, tenantId, id),
    },
  ),
  mutant(
    'put-by-external-id-accepted',
    ['PATH-ID-IS-UUID'],
    'PUT also finds an event by its externalId in the path (an upsert by the tenant’s own reference), and updates it.',
    {
      eventForUpdate: (ctx, tenantId, id) =>
        ctx.store.find(tenantId, id) ??
        ctx.store.findByExternalId(tenantId, id) ??
        ownEvent(ctx, tenantId, id),
    },
  ),
  mutant(
    'get-unknown-uuid-500',
    ['RETRIEVE-UNKNOWN-404'],
    'GET of an unknown uuid dereferences the missing event and answers 500 ERR-5001.',
    {
      eventForRead: (ctx, tenantId, id) => {
        const stored = ctx.store.find(tenantId, id);
        if (!stored) throw new TypeError("Cannot read properties of undefined (reading 'event')");
        return stored;
      },
    },
  ),
  mutant(
    'unknown-event-generic-404',
    ['RETRIEVE-UNKNOWN-404', 'UPDATE-UNKNOWN-404'],
    "An unknown uuid falls through to the router's generic 404 ERR-9404 instead of 404 ERR-4002.",
    { unknownEventAnswer: () => referenceProblem('routeNotFound') },
  ),
  mutant(
    'get-without-multi-currency-amounts',
    ['RETRIEVE-RETURNS-EVENT'],
    'GET leaves out multiCurrencyAmounts (kept in a table of its own that the read does not join).',
    {
      eventView: (view) => {
        delete view.multiCurrencyAmounts;
        return view;
      },
    },
  ),
  mutant(
    'amount-rounded-to-cents',
    ['RETRIEVE-RETURNS-EVENT'],
    'amount is stored rounded to two decimals, so 1.239 comes back as 1.24.',
    {
      storedForm: (event) =>
        typeof event.amount === 'number' ? { ...event, amount: Math.round(event.amount * 100) / 100 } : event,
    },
  ),
  mutant(
    'names-html-escaped',
    ['RETRIEVE-RETURNS-EVENT'],
    'Payload names are HTML-escaped before they are stored (output encoding applied to input): "Dupont & Fils" comes back as "Dupont &amp; Fils".',
    {
      storedForm: (event) =>
        isJsonObject(event.payload)
          ? {
              ...event,
              payload: Object.fromEntries(
                Object.entries(event.payload).map(([field, value]) => [
                  field,
                  field.endsWith('Name') && typeof value === 'string'
                    ? value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
                    : value,
                ]),
              ),
            }
          : event,
    },
  ),
  mutant(
    'external-id-trimmed',
    ['RETRIEVE-RETURNS-EVENT'],
    'externalId is stored trimmed, so " a " comes back as "a".',
    {
      storedForm: (event) =>
        typeof event.externalId === 'string' ? { ...event, externalId: event.externalId.trim() } : event,
    },
  ),
  mutant(
    'mca-repeated-items-collapsed',
    ['RETRIEVE-RETURNS-EVENT'],
    'multiCurrencyAmounts are stored as a set (a child table keyed by its values, INSERT IGNORE): an item repeated exactly comes back once.',
    {
      storedForm: (event) =>
        Array.isArray(event.multiCurrencyAmounts)
          ? {
              ...event,
              multiCurrencyAmounts: event.multiCurrencyAmounts.filter(
                (item, index, items) =>
                  items.findIndex((other) => JSON.stringify(other) === JSON.stringify(item)) === index,
              ),
            }
          : event,
    },
  ),
  mutant(
    'storage-three-byte-utf8',
    ['CREATE-RETURNS-UUID'],
    "Strings are stored in a three-byte UTF-8 column (MySQL's utf8): a valid event with a character beyond U+FFFF fails the insert, answered 500 ERR-5001.",
    {
      storedForm: (event) => {
        if (/[\u{10000}-\u{10FFFF}]/u.test(JSON.stringify(event)))
          throw new Error('Incorrect string value for column'); // the driver's error, unhandled
        return event;
      },
    },
  ),
  mutant(
    'personal-id-stored-as-number',
    ['RETRIEVE-RETURNS-EVENT'],
    'A personal id of digits only is stored in a numeric column: "007123" comes back as "7123".',
    {
      storedForm: (event) => {
        if (!isJsonObject(event.payload)) return event;
        const payload: JsonObject = { ...event.payload };
        for (const key of ['payerPersonalId', 'beneficiaryPersonalId']) {
          const id = payload[key];
          if (typeof id === 'string' && /^\d+$/.test(id)) payload[key] = String(Number(id));
        }
        return { ...event, payload };
      },
    },
  ),
  mutant(
    'original-status-not-stored',
    ['RETRIEVE-RETURNS-EVENT'],
    'originalStatus is accepted but not stored; GET returns the event without it.',
    {
      storedForm: (event) => {
        const { originalStatus: _dropped, ...rest } = event;
        return rest;
      },
    },
  ),
  mutant(
    'non-ascii-replaced',
    ['RETRIEVE-RETURNS-EVENT'],
    'Strings are stored in a single-byte column: every character outside ASCII comes back as "?".',
    { storedForm: (event) => asciiOnly(event) as JsonObject },
  ),
  mutant(
    'amount-stored-as-float32',
    ['RETRIEVE-RETURNS-EVENT'],
    'Amounts are stored as 32-bit floats (a REAL column): 136.2 comes back as 136.1999969482422.',
    { storedForm: (event) => withAmounts(event, Math.fround) },
  ),
  mutant(
    'get-after-put-serves-cached-event',
    ['UPDATE-APPLIES'],
    'GET answers from a cache filled by the first GET of an event and never invalidated: after a PUT it still shows the old event.',
    {
      eventForRead: (ctx, tenantId, id) => {
        const cache = cacheOf(ctx.store);
        const cached = cache.get(id);
        if (cached && cached.tenantId === tenantId) return cached;
        const stored = ownEvent(ctx, tenantId, id);
        cache.set(id, stored);
        return stored;
      },
    },
  ),
  mutant(
    'get-amount-rounded-to-cents',
    ['RETRIEVE-RETURNS-EVENT'],
    'The stored amounts are exact, but GET rounds every amount to two decimals (1.239 → 1.24: a money formatter in the response mapper).',
    { eventView: (view) => withAmounts(view, (amount) => Math.round(amount * 100) / 100) },
  ),
];
