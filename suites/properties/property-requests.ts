/**
 * What the property suites send: the generators' exact JSON text (so that `-0` and `0.00` reach the
 * target as generated), and events re-keyed with a fresh externalId.
 *
 * Why re-key: `validEventArbitrary` gives every value a fresh externalId, but a property that chains
 * an update onto it (`validUpdateArbitrary(previous)`, `invalidUpdateArbitrary(previous)`) keeps the
 * outer value while fast-check shrinks the inner one, so the same `previous` would be POSTed again and
 * trip over ERR-4001. The maps below give the pair a fresh id for every value fast-check tries.
 */
import {
  applyFaults,
  createExternalIdSource,
  type FinancialEvent,
  type InvalidEventSample,
  toJsonBody,
} from '../../generators/index.ts';
import { EVENTS_PATH } from '../../spec/index.ts';
import type { ServiceClient, ServiceResponse } from '../transport/service-client.ts';

/** POST of an exact JSON text. */
export const postBody = (client: ServiceClient, body: string): Promise<ServiceResponse> =>
  client.send({ method: 'POST', path: EVENTS_PATH, rawBody: body });

/** PUT of an exact JSON text. */
export const putBody = (client: ServiceClient, uuid: string, body: string): Promise<ServiceResponse> =>
  client.updateBody(uuid, body);

/** POST of an event, written by the generators' own JSON writer. */
export const postEvent = (client: ServiceClient, event: object): Promise<ServiceResponse> =>
  postBody(client, toJsonBody(event));

/** PUT of an event, written by the generators' own JSON writer. */
export const putEvent = (client: ServiceClient, uuid: string, event: object): Promise<ServiceResponse> =>
  putBody(client, uuid, toJsonBody(event));

export interface UpdatePair<U> {
  /** The event to create first. */
  readonly previous: FinancialEvent;
  /** The update to PUT on it. */
  readonly update: U;
}

/** A source of fresh externalIds for one test (the run id, a random instance, a counter). */
export const freshIds = (runId: string): (() => string) => createExternalIdSource(runId);

/** A valid event and a valid update of it, both under one fresh externalId. */
export const rekeyedValidUpdate = (
  nextId: () => string,
  previous: FinancialEvent,
  update: FinancialEvent,
): UpdatePair<FinancialEvent> => {
  const externalId = nextId();
  return { previous: { ...previous, externalId }, update: { ...update, externalId } };
};

/**
 * A valid event and an invalid update of it, both under one fresh externalId: the faults are applied
 * again to the re-keyed update, so the body and the expected verdict stay the generators' own.
 */
export const rekeyedInvalidUpdate = (
  nextId: () => string,
  previous: FinancialEvent,
  sample: InvalidEventSample,
): UpdatePair<InvalidEventSample> => {
  const externalId = nextId();
  return {
    previous: { ...previous, externalId },
    update: applyFaults({ ...sample.base, externalId }, sample.faults),
  };
};
