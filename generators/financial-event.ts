/**
 * The JSON body of a POST or PUT of a financial event (part 2.1 and 2.2 of the interface spec), as
 * the generators build it. Every field is present in a generated valid event: the spec says only that
 * externalId is required (2.4: the others are "not shown"), so a deployment may require any of them,
 * and a valid event must be accepted by every conforming deployment.
 */
import type { Channel, EventStatus, EventType } from '../spec/event-fields.ts';

export interface Payload {
  channel?: Channel;
  payerName?: string;
  payerPersonalIdType?: string;
  payerPersonalId?: string;
  beneficiaryName?: string;
  beneficiaryPersonalIdType?: string;
  beneficiaryPersonalId?: string;
}

export interface MultiCurrencyAmount {
  currencyCode: string;
  amount: number;
}

export interface FinancialEvent {
  externalId: string;
  type: EventType;
  countryCode: string;
  currencyCode: string;
  amount: number;
  status: EventStatus;
  originalStatus: string;
  payload: Payload;
  multiCurrencyAmounts: MultiCurrencyAmount[];
}

/** A financial event without its externalId: what the field arbitraries draw before an id is given. */
export type FinancialEventFields = Omit<FinancialEvent, 'externalId'>;

/** A deep copy through JSON, which is exactly what the server receives (k6-safe: no structuredClone). */
export const cloneEvent = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
