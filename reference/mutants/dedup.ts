/** Mutants of deduplication by externalId (part 4, rules 1, 4 and 5). Hooks: handlers/dedup.ts, update-event.ts. */
import { setTimeout as delay } from 'node:timers/promises';
import { externalIdOf } from '../event-store.ts';
import { DEDUP_HOOKS, type DedupHooks } from '../handlers/dedup.ts';
import { UPDATE_HOOKS, type UpdateHooks } from '../handlers/update-event.ts';
import type { JsonValue } from '../json.ts';
import { problem } from '../problem.ts';
import { validateEvent } from '../validation.ts';
import { mutant } from './define.ts';
import { perStore } from './per-store.ts';

/** externalIds a mutant holds on to beside the store's index ("tenant externalId", or "* externalId"). */
const reservedOf = perStore(() => new Set<string>());

/** The reference's insert, refused first when a mutant holds on to the externalId (the key of `keyOf`). */
const insertUnlessReserved =
  (keyOf: (tenantId: string, externalId: string) => string): DedupHooks['insertUnlessDuplicate'] =>
  (ctx, tenantId, uuid, event) => {
    if (reservedOf(ctx.store).has(keyOf(tenantId, externalIdOf(event)))) throw ctx.hooks.duplicateAnswer();
    return DEDUP_HOOKS.insertUnlessDuplicate(ctx, tenantId, uuid, event);
  };
const tenantKey = (tenantId: string, externalId: string): string => `${tenantId} ${externalId}`;

/** How long the dedup-not-atomic mutant "talks to its database" between check and insert. */
const NOT_ATOMIC_GAP_MS = 25;

/** One database round trip on one host: the narrowest check-then-insert window a real deployment has. */
const ROUND_TRIP_GAP_MS = 1;

/** The duplicate check, then "a database round trip", then the insert: a window for simultaneous POSTs. */
const checkThenInsert =
  (gapMs: number): DedupHooks['insertUnlessDuplicate'] =>
  async (ctx, tenantId, uuid, event) => {
    if (ctx.store.findByExternalId(tenantId, externalIdOf(event))) throw ctx.hooks.duplicateAnswer();
    await delay(gapMs);
    return ctx.store.insert(tenantId, uuid, event, ctx.clock());
  };

/**
 * An in-flight lock on the externalId alone (`SET lock:{externalId} NX`) held while the event is written
 * ("a database round trip"): a POST of another tenant with that externalId meanwhile is refused as a
 * duplicate. Sequential POSTs never meet it.
 */
const lockedWhileWritten =
  (gapMs: number): DedupHooks['insertUnlessDuplicate'] =>
  async (ctx, tenantId, uuid, event) => {
    const lock = `* ${externalIdOf(event)}`;
    const locks = reservedOf(ctx.store);
    if (locks.has(lock)) throw ctx.hooks.duplicateAnswer();
    locks.add(lock);
    try {
      await delay(gapMs);
      return DEDUP_HOOKS.insertUnlessDuplicate(ctx, tenantId, uuid, event);
    } finally {
      locks.delete(lock);
    }
  };

/** PUT's duplicate check of a new externalId, then "a database round trip", then the write. */
const checkThenUpdate =
  (gapMs: number): UpdateHooks['applyUpdate'] =>
  async (ctx, existing, event) => {
    const holder = ctx.store.findByExternalId(existing.tenantId, externalIdOf(event));
    if (holder && holder.uuid !== existing.uuid) throw ctx.hooks.duplicateAnswer();
    await delay(gapMs);
    return ctx.store.overwrite(
      ctx.store.find(existing.tenantId, existing.uuid) ?? existing,
      event,
      ctx.clock(),
    );
  };

/**
 * A rename writes its new externalId into a key table without the tenant (the create path checks that
 * table too): once tenant A has given an event a new externalId by PUT, another tenant's POST with it
 * is refused as a duplicate. POSTs alone never fill the table.
 */
const renamedKeysOfAllTenants: Pick<DedupHooks, 'insertUnlessDuplicate'> & Pick<UpdateHooks, 'applyUpdate'> =
  {
    insertUnlessDuplicate: (ctx, tenantId, uuid, event) => {
      const externalId = externalIdOf(event);
      const othersHold = [...reservedOf(ctx.store)].some((key) => {
        const space = key.indexOf(' ');
        return key.slice(space + 1) === externalId && key.slice(0, space) !== tenantId;
      });
      if (othersHold) throw ctx.hooks.duplicateAnswer();
      return DEDUP_HOOKS.insertUnlessDuplicate(ctx, tenantId, uuid, event);
    },
    applyUpdate: (ctx, existing, event) => {
      const updated = UPDATE_HOOKS.applyUpdate(ctx, existing, event);
      if (externalIdOf(event) !== externalIdOf(existing.event))
        reservedOf(ctx.store).add(tenantKey(existing.tenantId, externalIdOf(event)));
      return updated;
    },
  };

/** Saves of each externalId counted ("tenant externalId"), for the mutant that releases one per rename. */
const savesOf = perStore(() => new Map<string, number>());

/**
 * Key-usage rows: one added on every save of an event under its externalId, one removed per rename, the
 * key held while any is left. An event updated and then renamed keeps its old externalId held: a POST
 * or a PUT with it is refused as a duplicate, though no event holds it.
 */
const keyRowsPerSave: Pick<DedupHooks, 'insertUnlessDuplicate'> & Pick<UpdateHooks, 'applyUpdate'> = {
  insertUnlessDuplicate: insertUnlessReserved(tenantKey),
  applyUpdate: (ctx, existing, event) => {
    const [before, after] = [externalIdOf(existing.event), externalIdOf(event)];
    const keys = reservedOf(ctx.store);
    if (before !== after && keys.has(tenantKey(existing.tenantId, after))) throw ctx.hooks.duplicateAnswer();
    const updated = UPDATE_HOOKS.applyUpdate(ctx, existing, event);
    const counts = savesOf(ctx.store);
    const row = tenantKey(existing.tenantId, before);
    const rows = (counts.get(row) ?? 1) + (before === after ? 1 : -1);
    counts.set(row, rows);
    if (before !== after && rows > 0) keys.add(row);
    return updated;
  },
};

/**
 * A PUT's transaction swaps the keys (the old externalId released, the new one claimed) before the body
 * is validated, and a refusal does not roll it back: the event keeps its old externalId unheld.
 */
const keysSwappedBeforeValidation: Pick<DedupHooks, 'insertUnlessDuplicate'> &
  Pick<UpdateHooks, 'validateUpdate'> = {
  insertUnlessDuplicate: insertUnlessReserved(tenantKey),
  validateUpdate: (ctx, body, existing) => {
    const result = UPDATE_HOOKS.validateUpdate(ctx, body, existing);
    if (
      !result.ok &&
      typeof body.externalId === 'string' &&
      body.externalId !== externalIdOf(existing.event)
    ) {
      ctx.store.forgetExternalId(existing);
      reservedOf(ctx.store).add(tenantKey(existing.tenantId, body.externalId));
    }
    return result;
  },
};

/**
 * A rename claims its new key, writes ("a database round trip" later), then releases the key it read
 * before the write: two renames of one event that cross both release the first externalId and keep
 * both new ones claimed, one of them held by no event.
 */
const renameReleasesKeyReadBefore: Pick<DedupHooks, 'insertUnlessDuplicate'> &
  Pick<UpdateHooks, 'applyUpdate'> = {
  insertUnlessDuplicate: insertUnlessReserved(tenantKey),
  applyUpdate: async (ctx, existing, event) => {
    const [before, after] = [externalIdOf(existing.event), externalIdOf(event)];
    if (before === after) return UPDATE_HOOKS.applyUpdate(ctx, existing, event);
    const keys = reservedOf(ctx.store);
    keys.add(tenantKey(existing.tenantId, after));
    await delay(NOT_ATOMIC_GAP_MS);
    const current = ctx.store.find(existing.tenantId, existing.uuid) ?? existing;
    const updated = ctx.store.overwrite(current, event, ctx.clock());
    keys.delete(tenantKey(existing.tenantId, before));
    return updated;
  },
};

/** How long the create path of the mutant with its own in-flight set "writes". */
const CREATE_PATH_GAP_MS = 10;
const pendingCreatesOf = perStore(() => new Set<string>());

/**
 * The create path serialises POSTs through its own in-flight set and inserts without looking again;
 * the update path sees committed rows only. A PUT renaming an event to the externalId a POST is
 * writing finds it free, and both succeed.
 */
const createPathOwnLock: Pick<DedupHooks, 'insertUnlessDuplicate'> = {
  insertUnlessDuplicate: async (ctx, tenantId, uuid, event) => {
    const key = tenantKey(tenantId, externalIdOf(event));
    const pending = pendingCreatesOf(ctx.store);
    if (pending.has(key) || ctx.store.findByExternalId(tenantId, externalIdOf(event)))
      throw ctx.hooks.duplicateAnswer();
    pending.add(key);
    try {
      await delay(CREATE_PATH_GAP_MS);
      return ctx.store.insert(tenantId, uuid, event, ctx.clock());
    } finally {
      pending.delete(key);
    }
  },
};

/**
 * How long the dedup-keys-expire mutant's cache keeps a key: past the four seconds in which the suite's
 * update checks look again, within the minutes a run lasts.
 */
const KEY_TTL_MS = 8_000;

export const DEDUP_MUTANTS = [
  mutant('dedup-missing', ['DEDUP-EXTERNAL-ID'], 'No deduplication: every POST creates a new event.', {
    insertUnlessDuplicate: (ctx, tenantId, uuid, event) =>
      ctx.store.insert(tenantId, uuid, event, ctx.clock()),
  }),
  mutant(
    'dedup-keys-expire',
    ['DEDUP-EXTERNAL-ID'],
    'The duplicate check reads a cache whose keys expire 8 s after they were written: an externalId POSTed again later creates a second event.',
    {
      insertUnlessDuplicate: (ctx, tenantId, uuid, event) => {
        const held = ctx.store.findByExternalId(tenantId, externalIdOf(event));
        if (held && ctx.clock() - held.createdAt > KEY_TTL_MS)
          return ctx.store.insert(tenantId, uuid, event, ctx.clock());
        return DEDUP_HOOKS.insertUnlessDuplicate(ctx, tenantId, uuid, event);
      },
    },
  ),
  mutant(
    'duplicate-overwrites-original',
    ['DEDUP-EXTERNAL-ID'],
    'A duplicate POST answers 400 ERR-4001 but has already replaced the stored event with its body.',
    {
      insertUnlessDuplicate: (ctx, tenantId, uuid, event) => {
        const created = ctx.store.create(tenantId, uuid, event, ctx.clock());
        if ('created' in created) return created.created;
        ctx.store.replace(created.duplicateOf, event, ctx.clock());
        throw ctx.hooks.duplicateAnswer();
      },
    },
  ),
  mutant('duplicate-gives-409', ['DEDUP-EXTERNAL-ID'], 'A duplicate externalId answers 409 instead of 400.', {
    duplicateAnswer: () => problem(409, 'ERR-4001'),
  }),
  mutant(
    'dedup-global-across-tenants',
    ['DEDUP-PER-TENANT'],
    'externalId is unique across all tenants instead of per tenant.',
    { dedupScope: () => '*' },
  ),
  mutant(
    'dedup-not-atomic',
    ['DEDUP-CONCURRENT'],
    'Check-then-insert across an await: simultaneous POSTs of one new externalId can all succeed.',
    { insertUnlessDuplicate: checkThenInsert(NOT_ATOMIC_GAP_MS) },
  ),
  mutant(
    'dedup-window-1ms',
    ['DEDUP-CONCURRENT'],
    'The duplicate check and the insert are one database round trip (1 ms) apart: POSTs of one new externalId that arrive together can all succeed.',
    { insertUnlessDuplicate: checkThenInsert(ROUND_TRIP_GAP_MS) },
  ),
  mutant(
    'dedup-lock-across-tenants',
    ['DEDUP-PER-TENANT'],
    'An in-flight lock on the externalId alone is held while an event is written (one database round trip, 1 ms): another tenant POSTing that externalId meanwhile gets ERR-4001.',
    { insertUnlessDuplicate: lockedWhileWritten(ROUND_TRIP_GAP_MS) },
  ),
  mutant(
    'rename-key-across-tenants',
    ['DEDUP-PER-TENANT'],
    "A PUT that gives an event a new externalId writes it to a key table without the tenant, which POSTs are checked against: another tenant's POST with that externalId gets ERR-4001.",
    renamedKeysOfAllTenants,
  ),
  mutant(
    'rename-after-update-keeps-key',
    ['DEDUP-EXTERNAL-ID'],
    'A key row is added on every save of an event and one removed per rename: an event updated, then renamed, keeps its old externalId held, so a POST or PUT with it gets ERR-4001 though no event holds it.',
    keyRowsPerSave,
  ),
  mutant(
    'refused-put-swaps-key',
    ['DEDUP-EXTERNAL-ID'],
    "A PUT swaps the event's externalId keys before its body is validated and a refusal keeps the swap: the new externalId is held by no event, the old one free though the event still has it.",
    keysSwappedBeforeValidation,
  ),
  mutant(
    'type-change-frees-key',
    ['DEDUP-EXTERNAL-ID'],
    "A PUT changing an event's type moves it to the other type's table, whose keys POSTs of the first type are not checked against: the externalId is free again.",
    {
      applyUpdate: (ctx, existing, event) => {
        const updated = UPDATE_HOOKS.applyUpdate(ctx, existing, event);
        if (event.type !== existing.event.type) ctx.store.forgetExternalId(updated);
        return updated;
      },
    },
  ),
  mutant(
    'put-dedup-ignores-rejected',
    ['DEDUP-EXTERNAL-ID'],
    "PUT's uniqueness query leaves out REJECTED events: a PUT may give an event the externalId of the tenant's rejected event.",
    {
      applyUpdate: (ctx, existing, event) => {
        const holder = ctx.store.findByExternalId(existing.tenantId, externalIdOf(event));
        if (holder && holder.uuid !== existing.uuid && holder.event.status !== 'REJECTED')
          throw ctx.hooks.duplicateAnswer();
        return ctx.store.overwrite(existing, event, ctx.clock(), {
          reindex: !holder || holder.uuid === existing.uuid,
        });
      },
    },
  ),
  mutant(
    'crossed-renames-keep-key',
    ['DEDUP-EXTERNAL-ID'],
    'A rename claims its new externalId, writes, then releases the one it read before writing: two renames of one event that cross keep both new externalIds held, one by no event.',
    renameReleasesKeyReadBefore,
  ),
  mutant(
    'create-and-rename-race',
    ['DEDUP-EXTERNAL-ID'],
    'POSTs are serialised by their own in-flight set and the update path sees committed rows only: a PUT renaming an event to the externalId a POST is writing succeeds, and so does the POST.',
    createPathOwnLock,
  ),
  mutant(
    'put-dedup-window-1ms',
    ['DEDUP-EXTERNAL-ID'],
    'PUT checks that a new externalId is free one database round trip (1 ms) before writing it: PUTs that arrive together can give several events one externalId.',
    { applyUpdate: checkThenUpdate(ROUND_TRIP_GAP_MS) },
  ),
  mutant(
    'dedup-case-insensitive',
    ['DEDUP-EXTERNAL-ID'],
    'externalIds are compared case-insensitively (a case-insensitive collation): "ABC" is a duplicate of "abc".',
    { dedupKey: (externalId) => externalId.toLowerCase() },
  ),
  mutant(
    'dedup-accent-insensitive',
    ['DEDUP-EXTERNAL-ID'],
    'externalIds are compared ignoring accents but not letter case (an _CS_AI collation): "café" is a duplicate of "cafe".',
    { dedupKey: (externalId) => externalId.normalize('NFD').replace(/\p{M}/gu, '') },
  ),
  mutant(
    'dedup-zero-width-stripped',
    ['DEDUP-EXTERNAL-ID'],
    'externalIds are compared with their zero-width characters stripped (a normalisation before the lookup): "z\u200bw" is a duplicate of "zw".',
    { dedupKey: (externalId) => externalId.replace(/[\u200b-\u200d\u2060\ufeff]/g, '') },
  ),
  mutant(
    'dedup-digits-compared-as-number',
    ['DEDUP-EXTERNAL-ID'],
    'An externalId of digits only is keyed as a number: "000123" is a duplicate of "123".',
    { dedupKey: (externalId) => (/^\d+$/.test(externalId) ? String(Number(externalId)) : externalId) },
  ),
  mutant(
    'put-duplicate-external-id-allowed',
    ['DEDUP-EXTERNAL-ID'],
    "PUT may change an event's externalId to one another event of the tenant already holds.",
    {
      applyUpdate: (ctx, existing, event) => ctx.store.overwrite(existing, event, ctx.clock()),
    },
  ),
  mutant(
    'put-external-id-not-reindexed',
    ['DEDUP-EXTERNAL-ID'],
    'A PUT that changes externalId leaves the dedup index on the old one: the new externalId can be POSTed again.',
    {
      applyUpdate: (ctx, existing, event) => {
        const holder = ctx.store.findByExternalId(existing.tenantId, externalIdOf(event));
        if (holder && holder.uuid !== existing.uuid) throw ctx.hooks.duplicateAnswer();
        return ctx.store.overwrite(existing, event, ctx.clock(), { reindex: false });
      },
    },
  ),
  mutant(
    'put-old-external-id-kept-reserved',
    ['DEDUP-EXTERNAL-ID'],
    'A PUT that changes externalId keeps the old one reserved (a unique index over every externalId an event ever had): a POST of the old externalId, which no event holds any more, gets 400 ERR-4001.',
    {
      applyUpdate: (ctx, existing, event) => {
        const before = externalIdOf(existing.event);
        const updated = UPDATE_HOOKS.applyUpdate(ctx, existing, event);
        if (before !== externalIdOf(event)) reservedOf(ctx.store).add(tenantKey(existing.tenantId, before));
        return updated;
      },
      insertUnlessDuplicate: insertUnlessReserved(tenantKey),
    },
  ),
  mutant(
    'duplicate-post-updates-status',
    ['DEDUP-EXTERNAL-ID'],
    'A duplicate POST answers 400 ERR-4001 but its status has been written to the stored event (an upsert of the status column before the unique check).',
    {
      insertUnlessDuplicate: (ctx, tenantId, uuid, event) => {
        const created = ctx.store.create(tenantId, uuid, event, ctx.clock());
        if ('created' in created) return created.created;
        const { duplicateOf } = created;
        ctx.store.overwrite(
          duplicateOf,
          { ...duplicateOf.event, status: event.status as JsonValue },
          ctx.clock(),
        );
        throw ctx.hooks.duplicateAnswer();
      },
    },
  ),
  mutant(
    'invalid-post-reserves-external-id',
    ['DEDUP-EXTERNAL-ID', 'CREATE-RETURNS-UUID'],
    'A POST refused by validation has already reserved its externalId: the corrected POST with the same externalId gets 400 ERR-4001.',
    {
      validateCreation: (ctx, body, tenantId) => {
        const result = validateEvent(body, ctx);
        if (!result.ok && typeof body.externalId === 'string')
          reservedOf(ctx.store).add(tenantKey(tenantId, body.externalId));
        return result;
      },
      insertUnlessDuplicate: insertUnlessReserved(tenantKey),
    },
  ),
  mutant(
    'refused-put-frees-external-id',
    ['DEDUP-EXTERNAL-ID', 'UPDATE-VALIDATES'],
    "A PUT refused by validation has already taken the event's externalId out of the dedup index: a POST of that externalId is then accepted as new.",
    {
      validateUpdate: (ctx, body, existing) => {
        const result = validateEvent(body, ctx);
        if (!result.ok) ctx.store.forgetExternalId(existing); // the index is updated first, and not restored
        return result;
      },
    },
  ),
  mutant(
    'duplicate-put-frees-external-id',
    ['DEDUP-EXTERNAL-ID'],
    "A PUT that renames the event to an externalId another event holds lets the event's own externalId go before the duplicate is found: refused with ERR-4001, it leaves that externalId free for a new POST.",
    {
      validateUpdate: (ctx, body, existing) => {
        const wanted = body.externalId;
        const renamed = typeof wanted === 'string' && wanted !== externalIdOf(existing.event);
        if (renamed && ctx.store.findByExternalId(existing.tenantId, wanted) !== undefined)
          ctx.store.forgetExternalId(existing); // the old key dropped first, the new one then refused
        return validateEvent(body, ctx);
      },
    },
  ),
  mutant(
    'dedup-global-after-update',
    ['DEDUP-PER-TENANT'],
    'An externalId written by a PUT is indexed without its tenant: afterwards no other tenant can POST that externalId (400 ERR-4001).',
    {
      applyUpdate: (ctx, existing, event) => {
        const updated = UPDATE_HOOKS.applyUpdate(ctx, existing, event);
        reservedOf(ctx.store).add(`* ${externalIdOf(event)}`);
        return updated;
      },
      insertUnlessDuplicate: insertUnlessReserved((_tenantId, externalId) => `* ${externalId}`),
    },
  ),
  mutant(
    'dedup-prefix-64',
    ['DEDUP-EXTERNAL-ID'],
    'externalIds are unique on their first 64 characters only (a unique index on a prefix of a TEXT column): two that share those are duplicates.',
    { dedupKey: (externalId) => externalId.slice(0, 64) },
  ),
  mutant(
    'dedup-url-decoded',
    ['DEDUP-EXTERNAL-ID'],
    'externalIds are compared decoded as if from a URL: "a%2F1" is a duplicate of "a/1".',
    {
      dedupKey: (externalId) => {
        try {
          return decodeURIComponent(externalId);
        } catch {
          return externalId;
        }
      },
    },
  ),
  mutant(
    'dedup-ignores-trailing-spaces',
    ['DEDUP-EXTERNAL-ID'],
    'externalIds are compared without trailing spaces (a padded CHAR column): "a " is a duplicate of "a".',
    { dedupKey: (externalId) => externalId.trimEnd() },
  ),
  mutant(
    'put-dedup-trims',
    ['DEDUP-EXTERNAL-ID'],
    'PUT checks its externalId against the trimmed externalIds of the tenant\'s other events (a hand-written lookup beside the exact unique index POST uses): a PUT of "a " is refused as a duplicate of "a".',
    {
      applyUpdate: (ctx, existing, event) => {
        const wanted = externalIdOf(event).trim();
        const clash = ctx.store
          .ofTenant(existing.tenantId)
          .some((other) => other.uuid !== existing.uuid && externalIdOf(other.event).trim() === wanted);
        if (clash) throw ctx.hooks.duplicateAnswer();
        return UPDATE_HOOKS.applyUpdate(ctx, existing, event);
      },
    },
  ),
  mutant(
    'put-dedup-across-tenants',
    ['DEDUP-PER-TENANT'],
    "PUT checks a new externalId against every tenant's events: it may not take one another tenant holds (400 ERR-4001).",
    {
      applyUpdate: (ctx, existing, event) => {
        const holders = ctx.store.holdersOfExternalId(externalIdOf(event));
        if (holders.some((holder) => holder.uuid !== existing.uuid)) throw ctx.hooks.duplicateAnswer();
        return UPDATE_HOOKS.applyUpdate(ctx, existing, event);
      },
    },
  ),
  mutant(
    'put-own-external-id-is-duplicate',
    ['UPDATE-APPLIES', 'DEDUP-EXTERNAL-ID'],
    'The duplicate check of PUT does not leave out the event itself: a PUT that keeps its own externalId is refused with 400 ERR-4001.',
    {
      applyUpdate: (ctx, existing, event) => {
        if (ctx.store.findByExternalId(existing.tenantId, externalIdOf(event)))
          throw ctx.hooks.duplicateAnswer();
        return UPDATE_HOOKS.applyUpdate(ctx, existing, event);
      },
    },
  ),
];
