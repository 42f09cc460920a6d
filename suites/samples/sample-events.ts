/**
 * Hand-written events for the hand-written suites: one valid event of each type, from which each test
 * makes the one fault it is about. (The generators make many more, for the property suites.)
 */
import { externalIdTag } from '../../generators/index.ts';

export type EventBody = Record<string, unknown> & { externalId: string };

/**
 * An externalId no other run or test uses: it carries the run's tag (generators/external-id-tag.ts),
 * so runs never collide and a run's data can be found. The label's characters other than letters,
 * digits and `-` become `-`: which characters an externalId may hold is not shown (GAP-FIELD-LIMITS),
 * so a valid event carries none a deployment could refuse (a space, say); the checks of those
 * characters send them on purpose.
 *
 * `<run tag>-<label, six characters at most>-<twelve hex digits>`: 29 characters at most, so that a
 * suffix a check adds (a rename, a trailing space) still fits 35, the tightest limit a deployment is
 * likely to set; the hex digits keep the ids of a run apart.
 */
export const uniqueExternalId = (runId: string, label = 'ev'): string =>
  `${externalIdTag(runId)}-${label.replace(/[^A-Za-z0-9-]/g, '-').slice(0, 6)}-${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;

export const validPayin = (runId: string, label = 'payin'): EventBody => ({
  externalId: uniqueExternalId(runId, label),
  type: 'INTERNAL_PAYIN',
  countryCode: 'DE',
  currencyCode: 'EUR',
  amount: 125.5,
  status: 'PENDING',
  originalStatus: 'PENDING',
  payload: {
    channel: 'ONLINE',
    payerName: 'Erika Mustermann',
    payerPersonalIdType: 'PASSPORT',
    payerPersonalId: 'C01X00T47',
  },
  multiCurrencyAmounts: [
    { currencyCode: 'USD', amount: 136.2 },
    { currencyCode: 'GBP', amount: 107.35 },
  ],
});

export const validPayout = (runId: string, label = 'payout'): EventBody => ({
  externalId: uniqueExternalId(runId, label),
  type: 'INTERNAL_PAYOUT',
  countryCode: 'FR',
  currencyCode: 'EUR',
  amount: 980,
  // PENDING, as the payin: transitions are not shown, and a deployment may hold a BOOKED event final,
  // refusing any PUT of it before its body is read; a check that needs BOOKED sets it.
  status: 'PENDING',
  originalStatus: 'BOOKED',
  payload: {
    channel: 'CASH',
    beneficiaryName: 'Jean Dupont',
    beneficiaryPersonalIdType: 'NATIONAL_ID',
    beneficiaryPersonalId: '1234567890123',
  },
  multiCurrencyAmounts: [
    { currencyCode: 'CHF', amount: 950.1 },
    { currencyCode: 'USD', amount: 1065.75 },
  ],
});

/** A copy with a nested value replaced or removed (`undefined` removes): `withField(e, 'payload.channel', 'X')`. */
export const withField = (event: EventBody, path: string, value: unknown): EventBody => {
  const copy = structuredClone(event);
  const segments = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let node: Record<string, unknown> = copy;
  for (const segment of segments.slice(0, -1)) node = node[segment] as Record<string, unknown>;
  const last = segments.at(-1) as string;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
};
