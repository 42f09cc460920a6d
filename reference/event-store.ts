/**
 * The events of every tenant, in memory. Each event belongs to the tenant that created it; its
 * externalId is unique within a dedup scope (the tenant, unless a mutant widens it). Every method is
 * synchronous, so a check-and-insert can never interleave with another request: that is what makes
 * deduplication atomic under concurrent POSTs.
 */
import type { JsonObject } from './json.ts';

export interface StoredEvent {
  readonly uuid: string;
  readonly tenantId: string;
  /**
   * The event exactly as accepted. The store owns it: whoever hands an event in never changes it
   * again, and whatever shows one works on a copy. (Not frozen: freezing every event costs a tenth of
   * the server's own time per POST; `readonly` and copies keep it unchanged.)
   */
  readonly event: Readonly<JsonObject>;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** 1 when created, one more for every update written. */
  readonly version: number;
  /** The states an update replaced, oldest first, when the store keeps versions (GAP-PUT-BODY). */
  readonly earlier?: readonly EventVersion[];
}

/** A state of an event an update replaced: its version, the event as it was, and since when. */
export interface EventVersion {
  readonly version: number;
  readonly event: Readonly<JsonObject>;
  readonly since: number;
}

export type CreateResult = { readonly created: StoredEvent } | { readonly duplicateOf: StoredEvent };
export type ReplaceResult = { readonly updated: StoredEvent } | { readonly duplicateOf: StoredEvent };

const newStoredEvent = (uuid: string, tenantId: string, event: JsonObject, now: number): StoredEvent => ({
  uuid,
  tenantId,
  event,
  createdAt: now,
  updatedAt: now,
  version: 1,
});

export const externalIdOf = (event: JsonObject): string =>
  Object.hasOwn(event, 'externalId') ? String(event.externalId) : '';

export class EventStore {
  private readonly byUuid = new Map<string, StoredEvent>();
  /** dedup scope → externalId → uuid */
  private readonly byExternalId = new Map<string, Map<string, string>>();

  private readonly scopeOf: (tenantId: string) => string;
  private readonly keyOf: (externalId: string) => string;
  private readonly keepVersions: boolean;
  /**
   * `scopeOf` maps a tenant to its dedup scope: itself (per-tenant uniqueness) unless a mutant says
   * otherwise; `keyOf` maps an externalId to its dedup key: itself (exact comparison) unless a mutant
   * says otherwise; `keepVersions` keeps the state each update replaces (a reading of versions on
   * update): memory for history.
   */
  constructor(
    scopeOf: (tenantId: string) => string = (tenantId) => tenantId,
    keyOf: (externalId: string) => string = (externalId) => externalId,
    keepVersions: boolean = false,
  ) {
    this.scopeOf = scopeOf;
    this.keyOf = keyOf;
    this.keepVersions = keepVersions;
  }

  private index(tenantId: string): Map<string, string> {
    const scope = this.scopeOf(tenantId);
    let index = this.byExternalId.get(scope);
    if (!index) {
      index = new Map();
      this.byExternalId.set(scope, index);
    }
    return index;
  }

  /** The event of this uuid if it belongs to the tenant; another tenant's event is not found. */
  find(tenantId: string, uuid: string): StoredEvent | undefined {
    const stored = this.byUuid.get(uuid);
    return stored?.tenantId === tenantId ? stored : undefined;
  }

  /** The event of this uuid whoever owns it: for the isolation mutants only. */
  findInAnyTenant(uuid: string): StoredEvent | undefined {
    return this.byUuid.get(uuid);
  }

  findByExternalId(tenantId: string, externalId: string): StoredEvent | undefined {
    const uuid = this.index(tenantId).get(this.keyOf(externalId));
    return uuid === undefined ? undefined : this.byUuid.get(uuid);
  }

  /** Atomic: creates the event unless its externalId is already taken in the tenant's scope. */
  create(tenantId: string, uuid: string, event: JsonObject, now: number): CreateResult {
    const index = this.index(tenantId);
    const key = this.keyOf(externalIdOf(event));
    const holder = index.get(key);
    const existing = holder === undefined ? undefined : this.byUuid.get(holder);
    if (existing) return { duplicateOf: existing };
    const created = newStoredEvent(uuid, tenantId, event, now);
    this.byUuid.set(uuid, created);
    index.set(key, uuid);
    return { created };
  }

  /** Inserts without the duplicate check (a mutant's path; create() is the real one). */
  insert(tenantId: string, uuid: string, event: JsonObject, now: number): StoredEvent {
    const stored = newStoredEvent(uuid, tenantId, event, now);
    this.byUuid.set(uuid, stored);
    this.index(tenantId).set(this.keyOf(externalIdOf(event)), uuid);
    return stored;
  }

  /**
   * Atomic: replaces the event in place (same uuid, same owner), unless the new externalId is held by
   * another event of the owner's scope.
   */
  replace(stored: StoredEvent, event: JsonObject, now: number): ReplaceResult {
    const holder = this.findByExternalId(stored.tenantId, externalIdOf(event));
    if (holder && holder.uuid !== stored.uuid) return { duplicateOf: holder };
    return { updated: this.overwrite(stored, event, now) };
  }

  /**
   * Replaces the event in place without the duplicate check (a mutant's path; replace() is the real
   * one). `reindex: false` leaves the dedup index on the old externalId (another mutant's path).
   */
  overwrite(stored: StoredEvent, event: JsonObject, now: number, { reindex = true } = {}): StoredEvent {
    if (reindex) {
      const index = this.index(stored.tenantId);
      const oldKey = this.keyOf(externalIdOf(stored.event));
      if (index.get(oldKey) === stored.uuid) index.delete(oldKey);
      index.set(this.keyOf(externalIdOf(event)), stored.uuid);
    }
    const replaced: EventVersion = { version: stored.version, event: stored.event, since: stored.updatedAt };
    const updated: StoredEvent = {
      ...stored,
      event,
      updatedAt: now,
      version: stored.version + 1,
      ...(this.keepVersions ? { earlier: [...(stored.earlier ?? []), replaced] } : {}),
    };
    this.byUuid.set(stored.uuid, updated);
    return updated;
  }

  /**
   * Adds a state to an event's versions without changing the event (a mutant's path: a history row
   * written apart from the event's own).
   */
  addVersion(stored: StoredEvent, event: JsonObject, now: number): void {
    const added: EventVersion = { version: stored.version, event, since: now };
    this.byUuid.set(stored.uuid, { ...stored, earlier: [...(stored.earlier ?? []), added] });
  }

  /** Takes an event's externalId out of the dedup index (a mutant's path). */
  forgetExternalId(stored: StoredEvent): void {
    const index = this.index(stored.tenantId);
    const key = this.keyOf(externalIdOf(stored.event));
    if (index.get(key) === stored.uuid) index.delete(key);
  }

  /** Every event holding this externalId, in any tenant (a mutant's path). */
  holdersOfExternalId(externalId: string): StoredEvent[] {
    const key = this.keyOf(externalId);
    const holders: StoredEvent[] = [];
    for (const index of this.byExternalId.values()) {
      const uuid = index.get(key);
      const stored = uuid === undefined ? undefined : this.byUuid.get(uuid);
      if (stored) holders.push(stored);
    }
    return holders;
  }

  /** Removes an event (a mutant's path: no operation of the spec deletes). */
  remove(stored: StoredEvent): void {
    this.byUuid.delete(stored.uuid);
    const index = this.index(stored.tenantId);
    const key = this.keyOf(externalIdOf(stored.event));
    if (index.get(key) === stored.uuid) index.delete(key);
  }

  /** A tenant's events, oldest first. */
  ofTenant(tenantId: string): StoredEvent[] {
    return [...this.byUuid.values()].filter((stored) => stored.tenantId === tenantId);
  }

  /** Every tenant's events, oldest first (a mutant's path: no listing shows another tenant's). */
  all(): StoredEvent[] {
    return [...this.byUuid.values()];
  }

  /** How many events a tenant holds, or all tenants together. */
  count(tenantId?: string): number {
    if (tenantId === undefined) return this.byUuid.size;
    let count = 0;
    for (const stored of this.byUuid.values()) if (stored.tenantId === tenantId) count += 1;
    return count;
  }
}
