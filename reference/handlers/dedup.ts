/**
 * Deduplication by externalId (part 4, rules 1 and 4): unique per tenant, compared exactly, checked and
 * inserted in one synchronous step so that simultaneous POSTs cannot both pass the check.
 */
import type { ServerContext } from '../context.ts';
import type { StoredEvent } from '../event-store.ts';
import type { JsonObject } from '../json.ts';
import { type HttpProblem, problem } from '../problem.ts';

export interface DedupHooks {
  /** DEDUP-PER-TENANT: the scope an externalId is unique in. */
  dedupScope(tenantId: string): string;
  /** DEDUP-EXTERNAL-ID: the key externalIds are compared by. */
  dedupKey(externalId: string): string;
  /** DEDUP-EXTERNAL-ID, DEDUP-CONCURRENT: stores a new event unless its externalId is taken (then throws). */
  insertUnlessDuplicate(
    ctx: ServerContext,
    tenantId: string,
    uuid: string,
    event: JsonObject,
  ): StoredEvent | Promise<StoredEvent>;
  /** DEDUP-EXTERNAL-ID: 400 ERR-4001. */
  duplicateAnswer(): HttpProblem;
}

declare module '../context.ts' {
  interface ReferenceHooks extends DedupHooks {}
}

export const DEDUP_HOOKS: DedupHooks = Object.freeze({
  dedupScope: (tenantId: string) => tenantId,
  dedupKey: (externalId: string) => externalId,
  insertUnlessDuplicate: (ctx: ServerContext, tenantId: string, uuid: string, event: JsonObject) => {
    const created = ctx.store.create(tenantId, uuid, event, ctx.clock());
    if ('duplicateOf' in created) throw ctx.hooks.duplicateAnswer();
    return created.created;
  },
  duplicateAnswer: () => problem(400, 'ERR-4001'),
});
