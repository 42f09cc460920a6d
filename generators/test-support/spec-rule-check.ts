/**
 * For the generators' kit tests only: an independent, rule-by-rule reading of parts 2.1 and 2.2 of
 * the interface spec, applied to a parsed request body. It shares no code with the generators (its
 * enums and code lists are written out from the spec's text, the ISO lists come straight from the
 * data packages), so a mistake in a generator's verdict shows up as a disagreement with it.
 *
 * A finding is a field and what is wrong with it: a code of 7.3, or WRONG_TYPE / UNKNOWN_PROPERTY
 * where the spec gives no code, or MISSING (a field other than externalId absent, which the spec
 * leaves open) / UNDECIDABLE (a type-specific payload field with no valid type) / EXTRA_FIELD (an
 * unknown top-level field): the three a generated event must never contain.
 */
import { data as currencyListOne } from 'currency-codes';
import { iso31661 } from 'iso-3166/1.js';

export type FindingKind =
  | 'ERR-3001'
  | 'ERR-3002'
  | 'ERR-3003'
  | 'ERR-3004'
  | 'ERR-3005'
  | 'ERR-3006'
  | 'ERR-3007'
  | 'ERR-3008'
  | 'ERR-3009'
  | 'ERR-3010'
  | 'ERR-3011'
  | 'WRONG_TYPE'
  | 'UNKNOWN_PROPERTY'
  | 'MISSING'
  | 'UNDECIDABLE'
  | 'EXTRA_FIELD';

export interface Finding {
  readonly field: string;
  readonly kind: FindingKind;
}

// 2.1 and 2.2, as written in the spec.
const TYPES = ['INTERNAL_PAYIN', 'INTERNAL_PAYOUT'];
const STATUSES = ['PENDING', 'REJECTED', 'BOOKED'];
const CHANNELS = ['CASH', 'ONLINE', 'CRYPTO'];
const PAYIN_ONLY = ['payerName', 'payerPersonalIdType', 'payerPersonalId'];
const PAYOUT_ONLY = ['beneficiaryName', 'beneficiaryPersonalIdType', 'beneficiaryPersonalId'];
const TOP_LEVEL = [
  'externalId',
  'type',
  'countryCode',
  'currencyCode',
  'amount',
  'status',
  'originalStatus',
  'payload',
  'multiCurrencyAmounts',
];

// "ISO 3166-1 alpha-2 code", "ISO 4217 code": the current lists of the data packages.
const COUNTRY_CODES = new Set(iso31661.map((entry) => entry.alpha2));
const CURRENCY_CODES = new Set(currencyListOne.map((entry) => entry.code));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const checkEventBody = (body: unknown): Finding[] => {
  const findings: Finding[] = [];
  const add = (field: string, kind: FindingKind): void => {
    findings.push({ field, kind });
  };
  if (!isObject(body)) {
    add('', 'WRONG_TYPE');
    return findings;
  }
  const has = (name: string): boolean => Object.hasOwn(body, name);

  // externalId: string; required; empty or missing gives ERR-3001.
  if (!has('externalId') || body.externalId === '') add('externalId', 'ERR-3001');
  else if (typeof body.externalId !== 'string') add('externalId', 'WRONG_TYPE');

  // A string field whose value rule has a code: absent is open (MISSING), another JSON type has no code.
  const stringField = (name: string, valid: (value: string) => boolean, code: FindingKind): void => {
    if (!has(name)) add(name, 'MISSING');
    else if (typeof body[name] !== 'string') add(name, 'WRONG_TYPE');
    else if (!valid(body[name] as string)) add(name, code);
  };
  stringField('type', (value) => TYPES.includes(value), 'ERR-3002');
  stringField('countryCode', (value) => /^[A-Z]{2}$/.test(value) && COUNTRY_CODES.has(value), 'ERR-3003');
  stringField('currencyCode', (value) => /^[A-Z]{3}$/.test(value) && CURRENCY_CODES.has(value), 'ERR-3004');
  stringField('status', (value) => STATUSES.includes(value), 'ERR-3006');
  stringField('originalStatus', () => true, 'WRONG_TYPE');

  // amount: number, greater than 0; zero or negative gives ERR-3005.
  if (!has('amount')) add('amount', 'MISSING');
  else if (typeof body.amount !== 'number') add('amount', 'WRONG_TYPE');
  else if (!(body.amount > 0)) add('amount', 'ERR-3005');

  // payload: object; unknown properties rejected; the type-specific fields of 2.2.
  const type = typeof body.type === 'string' && TYPES.includes(body.type) ? body.type : undefined;
  if (!has('payload')) add('payload', 'MISSING');
  else if (!isObject(body.payload)) add('payload', 'WRONG_TYPE');
  else {
    for (const [name, value] of Object.entries(body.payload)) {
      const field = `payload.${name}`;
      if (name === 'channel') {
        if (typeof value !== 'string') add(field, 'WRONG_TYPE');
        else if (!CHANNELS.includes(value)) add(field, 'ERR-3011');
      } else if (PAYIN_ONLY.includes(name) || PAYOUT_ONLY.includes(name)) {
        const own = type === 'INTERNAL_PAYIN' ? PAYIN_ONLY : PAYOUT_ONLY;
        if (type === undefined) add(field, 'UNDECIDABLE');
        else if (!own.includes(name)) add(field, type === 'INTERNAL_PAYIN' ? 'ERR-3009' : 'ERR-3010');
        else if (typeof value !== 'string') add(field, 'WRONG_TYPE');
      } else add(field, 'UNKNOWN_PROPERTY');
    }
  }

  // multiCurrencyAmounts: array of objects with currencyCode (ERR-3007) and amount (ERR-3008).
  if (!has('multiCurrencyAmounts')) add('multiCurrencyAmounts', 'MISSING');
  else if (!Array.isArray(body.multiCurrencyAmounts)) add('multiCurrencyAmounts', 'WRONG_TYPE');
  else {
    body.multiCurrencyAmounts.forEach((item: unknown, index: number) => {
      const at = `multiCurrencyAmounts[${index}]`;
      if (!isObject(item)) {
        add(at, 'WRONG_TYPE');
        return;
      }
      if (!Object.hasOwn(item, 'currencyCode')) add(`${at}.currencyCode`, 'MISSING');
      else if (typeof item.currencyCode !== 'string') add(`${at}.currencyCode`, 'WRONG_TYPE');
      else if (!/^[A-Z]{3}$/.test(item.currencyCode) || !CURRENCY_CODES.has(item.currencyCode)) {
        add(`${at}.currencyCode`, 'ERR-3007');
      }
      if (!Object.hasOwn(item, 'amount')) add(`${at}.amount`, 'MISSING');
      else if (typeof item.amount !== 'number') add(`${at}.amount`, 'WRONG_TYPE');
      else if (!(item.amount > 0)) add(`${at}.amount`, 'ERR-3008');
      for (const name of Object.keys(item)) {
        if (name !== 'currencyCode' && name !== 'amount') add(`${at}.${name}`, 'UNKNOWN_PROPERTY');
      }
    });
  }

  for (const name of Object.keys(body)) if (!TOP_LEVEL.includes(name)) add(name, 'EXTRA_FIELD');
  return findings;
};
