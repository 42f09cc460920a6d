/** Mutants of deduplication by externalId (part 4, rules 1, 4 and 5). Hooks: handlers/dedup.ts, update-event.ts. */
import { setTimeout as delay } from 'node:timers/promises';
import { externalIdOf } from '../event-store.ts';
import { problem } from '../problem.ts';
import { mutant } from './define.ts';

/** How long the dedup-not-atomic mutant "talks to its database" between check and insert. */
const NOT_ATOMIC_GAP_MS = 25;

export const DEDUP_MUTANTS = [
  mutant('dedup-missing', ['DEDUP-EXTERNAL-ID'], 'No deduplication: every POST creates a new event.', {
    insertUnlessDuplicate: (ctx, tenantId, uuid, event) =>
      ctx.store.insert(tenantId, uuid, event, ctx.clock()),
  }),
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
    {
      insertUnlessDuplicate: async (ctx, tenantId, uuid, event) => {
        if (ctx.store.findByExternalId(tenantId, externalIdOf(event))) throw ctx.hooks.duplicateAnswer();
        await delay(NOT_ATOMIC_GAP_MS); // "the database round trip" between check and insert
        return ctx.store.insert(tenantId, uuid, event, ctx.clock());
      },
    },
  ),
  mutant(
    'dedup-case-insensitive',
    ['DEDUP-EXTERNAL-ID'],
    'externalIds are compared case-insensitively (a case-insensitive collation): "ABC" is a duplicate of "abc".',
    { dedupKey: (externalId) => externalId.toLowerCase() },
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
];
