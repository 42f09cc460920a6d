/**
 * The change of an update, for an event of either type: a valid update of a template of each type
 * (validUpdateArbitrary: a new status, originalStatus and amount, sometimes a new payload of the type
 * and new multiCurrencyAmounts). The event's own externalId, type, country and currency are kept, so
 * that a change generated before the event exists applies to whichever event it lands on.
 */
import * as fc from 'fast-check';
import { type FinancialEvent, validUpdateArbitrary } from '../../generators/index.ts';

export interface Change {
  readonly payin: FinancialEvent;
  readonly payout: FinancialEvent;
}

const TEMPLATE: Omit<FinancialEvent, 'type' | 'payload'> = {
  externalId: 'template',
  countryCode: 'DE',
  currencyCode: 'EUR',
  amount: 10,
  status: 'PENDING',
  originalStatus: 'PENDING',
  multiCurrencyAmounts: [{ currencyCode: 'USD', amount: 11 }],
};

export const changeArbitrary = (): fc.Arbitrary<Change> =>
  fc.record({
    payin: validUpdateArbitrary({ ...TEMPLATE, type: 'INTERNAL_PAYIN', payload: {} }),
    payout: validUpdateArbitrary({ ...TEMPLATE, type: 'INTERNAL_PAYOUT', payload: {} }),
  });

/** The event with the change applied: what a PUT of it sends and, if it succeeds, what GET must show. */
export const applyChange = (event: FinancialEvent, change: Change): FinancialEvent => {
  const source = event.type === 'INTERNAL_PAYIN' ? change.payin : change.payout;
  return {
    ...event,
    status: source.status,
    originalStatus: source.originalStatus,
    amount: source.amount,
    payload: source.payload,
    multiCurrencyAmounts: source.multiCurrencyAmounts,
  };
};

export const describeChange = (change: Change): string =>
  `payin→${change.payin.status} ${change.payin.amount} | payout→${change.payout.status} ${change.payout.amount}`;
