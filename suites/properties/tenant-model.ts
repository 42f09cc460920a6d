/**
 * The model of the tenants' model-based property: for each tenant, what it wrote (its events' last
 * states, in the order it created them, and their uuids) and what the deployment showed of them at
 * the last look (oracle/tenant-view.ts: GET, `?versions=true`, the listing's item and place). After a
 * step, the tenant whose view the step could reach is looked at again and the oracle judges what
 * changed: only the tenant's own write of an event may change that event's view (its own PUT, which
 * the model then takes as the new first showing).
 */
import type { FinancialEvent } from '../../generators/index.ts';
import { type EventView, judgeViewKept, type ViewStep } from '../../oracle/index.ts';
import { lookAtViews } from '../listing/event-views.ts';
import { windowEdge, windowFilter } from '../listing/listing-window.ts';
import { propertyCheck } from '../property-runner/property-checks.ts';
import type { ServiceClient, ServiceResponse } from '../transport/service-client.ts';

export type TenantName = 'A' | 'B';
export const TENANTS: readonly TenantName[] = ['A', 'B'];
export const otherTenant = (tenant: TenantName): TenantName => (tenant === 'A' ? 'B' : 'A');

/** Each tenant keeps few events, so that steps land on the same ones again. */
export const MAX_EVENTS_PER_TENANT = 4;

export interface TenantModel {
  /** What the tenant wrote: each event's last accepted state, in the order it created them. */
  readonly events: FinancialEvent[];
  readonly uuids: string[];
  /** What the deployment showed of each event at the last look, in the same order. */
  views: EventView[];
  /** externalIds the tenant's events held before a PUT renamed them, and none holds since: free. */
  readonly freed: string[];
  /** The window of creation times its listing is walked over (the same for looks that compare). */
  since: string;
  until: string;
}

export type SequenceModel = Record<TenantName, TenantModel>;

export interface SequenceSystem {
  readonly clients: Readonly<Record<TenantName, ServiceClient>>;
  readonly nextId: () => string;
  /** Every tenant's uuids given in this sequence, so that none is given twice. */
  readonly uuidsGiven: string[];
  /** The sequences and steps judged so far, over every sequence of the property (the certificate's count). */
  readonly tally: { sequences: number; steps: number };
}

export const emptyModel = (): SequenceModel => ({
  A: { events: [], uuids: [], views: [], freed: [], since: '', until: '' },
  B: { events: [], uuids: [], views: [], freed: [], since: '', until: '' },
});

const look = (tenant: TenantName, model: SequenceModel, system: SequenceSystem): Promise<EventView[]> => {
  const { uuids, since, until } = model[tenant];
  return lookAtViews(system.clients[tenant], uuids, {
    owner: `tenant ${tenant}`,
    filter: windowFilter(since, until),
  });
};

/** The tenant created an event (answered `created`): the window grows and the views are taken afresh. */
export const rebaseline = async (
  tenant: TenantName,
  created: ServiceResponse,
  model: SequenceModel,
  system: SequenceSystem,
): Promise<void> => {
  const own = model[tenant];
  own.since ||= windowEdge(created, -1);
  own.until = windowEdge(created, 1);
  own.views = await look(tenant, model, system);
};

/**
 * Looks at the tenant's view again after `step` and judges each event's change: `touched` (the index
 * of an event the step aimed at) is judged with an untouched event as its twin; every other event with
 * another untouched one. `ownWrite`: the index the tenant itself just updated, whose view is the new
 * first showing instead.
 */
export const judgeTenantView = async (
  tenant: TenantName,
  step: ViewStep,
  model: SequenceModel,
  system: SequenceSystem,
  ownWrite?: number,
): Promise<void> => {
  const own = model[tenant];
  const after = await look(tenant, model, system);
  const untouched = after.map((_, index) => index).filter((index) => index !== ownWrite);
  for (const index of untouched) {
    const twin = untouched.find((other) => other !== index);
    const before = own.views[index];
    const now = after[index];
    if (before === undefined || now === undefined) continue;
    const twinViews =
      twin === undefined ? undefined : { before: own.views[twin] ?? {}, after: after[twin] ?? {} };
    propertyCheck.verdict(judgeViewKept(step, { before, after: now }, twinViews));
  }
  own.views = after;
};
