/**
 * The steps of the tenants' model-based property (fast-check commands), each by one tenant: create,
 * update its own event (renaming it, changing its type, or with a body refused), read it, read or update the other tenant's event by its uuid, POST again every
 * externalId it holds however old, POST the other tenant's externalId, and ask for the other tenant's
 * later listing pages with the other's paging token or link. Each step checks its own answer, then
 * the view of the tenant the step could reach is judged against the model (tenant-model.ts).
 *
 * Commands are generated before they run, so they carry data, not ids: an externalId is given when the
 * event is created (fresh for every run and every shrink), an event is picked by a number taken modulo
 * the events its tenant has.
 */
import type * as fc from 'fast-check';
import type { FinancialEvent, FinancialEventFields } from '../../generators/index.ts';
import {
  changedFields,
  judgeDuplicateRefused,
  judgeForeignQueryReadLikeUnknown,
  judgeForeignReadRefused,
  judgeForeignUpdateRefused,
  judgeListingText,
  judgeOtherTenantReadRevealsNothing,
  judgeUpdateShown,
  judgeUuidNotGivenBefore,
} from '../../oracle/index.ts';
import { eventPath } from '../../spec/index.ts';
import { windowFilter } from '../listing/listing-window.ts';
import { replayOthersPages } from '../listing/token-replay.ts';
import { propertyCheck } from '../property-runner/property-checks.ts';
import { expectedFailure } from '../samples/expected-failures.ts';
import { applyChange, type Change, describeChange } from './event-changes.ts';
import { postEvent, putEvent } from './property-requests.ts';
import {
  judgeTenantView,
  MAX_EVENTS_PER_TENANT,
  otherTenant,
  rebaseline,
  type SequenceModel,
  type SequenceSystem,
  type TenantName,
} from './tenant-model.ts';

export type Step = fc.AsyncCommand<SequenceModel, SequenceSystem>;

/** A step: what it does, how the counterexample names it, and when it may run (always, unless said). */
const step = (
  name: string,
  run: (model: SequenceModel, system: SequenceSystem) => Promise<void>,
  check: (model: Readonly<SequenceModel>) => boolean = () => true,
): Step => ({
  check,
  run: (model, system) => {
    system.tally.steps += 1;
    return run(model, system);
  },
  toString: () => name,
});

const hasRoom = (tenant: TenantName) => (model: Readonly<SequenceModel>) =>
  model[tenant].events.length < MAX_EVENTS_PER_TENANT;

const pickOf = (model: Readonly<SequenceModel>, tenant: TenantName, pick: number) => {
  const own = model[tenant];
  const index = pick % own.events.length;
  return { index, event: own.events[index] as FinancialEvent, uuid: own.uuids[index] as string };
};

/** Creates an event of `tenant` with these fields under `externalId`: 201 with a uuid never given before. */
const createEvent = async (
  tenant: TenantName,
  event: FinancialEvent,
  model: SequenceModel,
  system: SequenceSystem,
): Promise<void> => {
  const response = await postEvent(system.clients[tenant], event);
  const uuid = propertyCheck.created(response);
  propertyCheck.verdict(judgeUuidNotGivenBefore(system.uuidsGiven, uuid), response);
  system.uuidsGiven.push(uuid);
  model[tenant].events.push(event);
  model[tenant].uuids.push(uuid);
  // Held again, however it came back (a reuse of the other tenant's externalId too): no longer free.
  const freed = model[tenant].freed.indexOf(event.externalId);
  if (freed >= 0) model[tenant].freed.splice(freed, 1);
  await rebaseline(tenant, response, model, system);
};

/**
 * `tenant` PUTs `next` onto its event: applied, the model takes it as the event's state. PUT's rules are
 * not shown: a deployment may refuse an update cleanly, and then nothing changes. Either way the
 * tenant's view is judged, and an applied update read back. Resolves to whether it was applied.
 */
const putOwn = async (
  tenant: TenantName,
  { index, uuid }: { readonly index: number; readonly uuid: string },
  next: FinancialEvent,
  model: SequenceModel,
  system: SequenceSystem,
): Promise<boolean> => {
  const applied = propertyCheck.update(await putEvent(system.clients[tenant], uuid, next)) === 'applied';
  if (applied) model[tenant].events[index] = next;
  await judgeTenantView(tenant, 'own-other', model, system, applied ? index : undefined);
  // A success the read does not show broke UPDATE-APPLIES, whatever later steps would make of it.
  if (applied) propertyCheck.sameEvent(await system.clients[tenant].retrieve(uuid), next, judgeUpdateShown);
  return applied;
};

/**
 * After another tenant's write aimed at the owner's event, the owner's externalId is still its own: a
 * POST of the event again is a duplicate (a reservation released by the foreign write shows here).
 */
const stillTaken = async (
  owner: TenantName,
  event: FinancialEvent,
  system: SequenceSystem,
): Promise<void> => {
  propertyCheck.error(await postEvent(system.clients[owner], event), judgeDuplicateRefused);
};

export const creates = (tenant: TenantName, fields: FinancialEventFields): Step =>
  step(
    `${tenant} creates ${fields.type} ${fields.amount} ${fields.currencyCode}`,
    (model, system) => createEvent(tenant, { externalId: system.nextId(), ...fields }, model, system),
    hasRoom(tenant),
  );

export const updates = (tenant: TenantName, pick: number, change: Change): Step =>
  step(`${tenant} updates its event #${pick} (${describeChange(change)})`, async (model, system) => {
    const { index, event, uuid } = pickOf(model, tenant, pick);
    await putOwn(tenant, { index, uuid }, applyChange(event, change), model, system);
  });

/**
 * `tenant` updates its event to the other type, with a payload of that type: applied, or refused cleanly
 * (whether a type may change is not shown). Applied, the event keeps its externalId under its new type.
 */
export const retypes = (tenant: TenantName, pick: number, change: Change): Step =>
  step(`${tenant} changes the type of its event #${pick}`, async (model, system) => {
    const { index, event, uuid } = pickOf(model, tenant, pick);
    const type = event.type === 'INTERNAL_PAYIN' ? 'INTERNAL_PAYOUT' : 'INTERNAL_PAYIN';
    await putOwn(tenant, { index, uuid }, applyChange({ ...event, type }, change), model, system);
  });

/**
 * `tenant` updates its event and gives it a new externalId (in capitals, `shouted`, so that a key kept
 * in another case shows): once applied, the new one is taken (the duplicate step POSTs it) and the old
 * one free (the reuse step creates an event with it). A deployment may refuse the rename cleanly
 * (what a PUT may change is not shown); then nothing changes.
 */
export const renames = (tenant: TenantName, pick: number, change: Change, shouted: boolean): Step =>
  step(`${tenant} renames its event #${pick}${shouted ? ' in capitals' : ''}`, async (model, system) => {
    const { index, event, uuid } = pickOf(model, tenant, pick);
    const fresh = system.nextId();
    const next = { ...applyChange(event, change), externalId: shouted ? fresh.toUpperCase() : fresh };
    if (await putOwn(tenant, { index, uuid }, next, model, system))
      model[tenant].freed.push(event.externalId);
  });

/**
 * `tenant` PUTs its event with a change, a new externalId and a country no list has: refused whole
 * (UPDATE-VALIDATES), so nothing of it is kept. Its view is as before, its externalId still its own (the
 * duplicate step POSTs it) and the one sent never taken (the reuse step creates an event with it). A
 * deployment may refuse the PUT before its body (a status move it does not allow, a final event).
 */
export const renamesInvalidly = (tenant: TenantName, pick: number, change: Change): Step =>
  step(`${tenant} renames its event #${pick} with an unknown country`, async (model, system) => {
    const { event, uuid } = pickOf(model, tenant, pick);
    const sent = { ...applyChange(event, change), externalId: system.nextId(), countryCode: 'JJ' };
    const response = await putEvent(system.clients[tenant], uuid, sent);
    propertyCheck.refusedUpdate(response, [expectedFailure('countryCode', 'ERR-3003')], {
      changedFields: changedFields(event, sent),
    });
    await judgeTenantView(tenant, 'own-refused', model, system);
    model[tenant].freed.push(sent.externalId);
  });

/** `tenant` creates an event under an externalId one of its renames freed: no event holds it, so 201. */
export const reusesFreedExternalId = (tenant: TenantName, pick: number, fields: FinancialEventFields): Step =>
  step(
    `${tenant} creates an event with an externalId its renames freed`,
    async (model, system) => {
      const { freed } = model[tenant];
      const externalId = freed[pick % freed.length];
      if (externalId === undefined) return;
      await createEvent(tenant, { ...fields, externalId }, model, system);
    },
    (model) => hasRoom(tenant)(model) && model[tenant].freed.length > 0,
  );

export const reads = (tenant: TenantName, pick: number): Step =>
  step(`${tenant} reads its event #${pick}`, async (model, system) => {
    const { event, uuid } = pickOf(model, tenant, pick);
    propertyCheck.sameEvent(await system.clients[tenant].retrieve(uuid), event);
  });

/**
 * `tenant` reads the other tenant's event by its uuid, by GET and `?versions=true`: unknown to it. The
 * query is one the spec does not state, so its answer is held to the same read of an unknown uuid.
 */
export const readsForeign = (tenant: TenantName, pick: number): Step =>
  step(`${tenant} reads ${otherTenant(tenant)}'s event #${pick}`, async (model, system) => {
    const owner = otherTenant(tenant);
    const { event, uuid } = pickOf(model, owner, pick);
    const client = system.clients[tenant];
    const versionsOf = (of: string) => client.send({ method: 'GET', path: `${eventPath(of)}?versions=true` });
    const [read, versions] = [await client.retrieve(uuid), await versionsOf(uuid)];
    propertyCheck.error(read, judgeForeignReadRefused);
    propertyCheck.verdict(
      judgeForeignQueryReadLikeUnknown(versions, await versionsOf(crypto.randomUUID())),
      versions,
    );
    for (const response of [read, versions])
      propertyCheck.verdict(judgeOtherTenantReadRevealsNothing(response, event.externalId), response);
    await judgeTenantView(owner, 'foreign-read', model, system);
  });

/** `tenant` PUTs the other tenant's event by its uuid (a valid body): unknown to it, and nothing changes. */
export const updatesForeign = (tenant: TenantName, pick: number, change: Change): Step =>
  step(
    `${tenant} updates ${otherTenant(tenant)}'s event #${pick} (${describeChange(change)})`,
    async (model, system) => {
      const owner = otherTenant(tenant);
      const { event, uuid } = pickOf(model, owner, pick);
      const sent = { ...applyChange(event, change), originalStatus: `Foreign ${system.nextId()}` };
      propertyCheck.error(await putEvent(system.clients[tenant], uuid, sent), judgeForeignUpdateRefused);
      await judgeTenantView(owner, 'foreign-put', model, system);
      await stillTaken(owner, event, system);
    },
  );

/** `tenant` POSTs again every externalId it holds, however old, with other data: each a duplicate. */
export const postsDuplicates = (tenant: TenantName, fields: FinancialEventFields): Step =>
  step(`${tenant} POSTs every externalId it holds again`, async (model, system) => {
    for (const { externalId } of model[tenant].events) {
      const response = await postEvent(system.clients[tenant], { ...fields, externalId });
      propertyCheck.error(response, judgeDuplicateRefused);
    }
    await judgeTenantView(tenant, 'duplicate-post', model, system);
  });

/** `tenant` creates an event under the other tenant's externalId: its own, and the other's view is kept. */
export const reusesForeignExternalId = (
  tenant: TenantName,
  pick: number,
  fields: FinancialEventFields,
): Step =>
  step(
    `${tenant} creates an event with ${otherTenant(tenant)}'s event #${pick}'s externalId`,
    async (model, system) => {
      const owner = otherTenant(tenant);
      const reused = pickOf(model, owner, pick).event;
      const { externalId } = reused;
      if (model[tenant].events.some((event) => event.externalId === externalId)) return;
      await createEvent(tenant, { ...fields, externalId }, model, system);
      await judgeTenantView(owner, 'foreign-post', model, system);
      await stillTaken(owner, reused, system);
    },
    hasRoom(tenant),
  );

/** `tenant` asks for the other tenant's later listing pages with the other's token or link: none of its events. */
export const replaysForeignPages = (tenant: TenantName): Step =>
  step(
    `${tenant} asks for ${otherTenant(tenant)}'s later listing pages with its token or link`,
    async (model, system) => {
      const owner = otherTenant(tenant);
      const { since, until, uuids } = model[owner];
      const replay = await replayOthersPages(
        { client: system.clients[tenant], name: `tenant ${tenant}` },
        { client: system.clients[owner], name: `tenant ${owner}` },
        windowFilter(since, until),
        2,
      );
      const ownUuids = model[tenant].uuids;
      const ofOwner = [...uuids, ...replay.othersUuids].filter((uuid) => !ownUuids.includes(uuid));
      for (const { where, response } of replay.pages)
        propertyCheck.verdict(judgeListingText(where, response, ofOwner), response);
      await judgeTenantView(owner, 'foreign-read', model, system);
    },
  );
