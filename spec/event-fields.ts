/**
 * Part 2 of the interface spec, transcribed: the enums, the fields of an event and of its payload, and
 * the error code each field rule produces. Facts only; the validation logic lives elsewhere, twice
 * (once in the reference server, once in the suite's oracle), so the two readings check each other.
 */
import type { ErrorCode } from './error-codes.ts';

export const EVENT_TYPES = Object.freeze(['INTERNAL_PAYIN', 'INTERNAL_PAYOUT'] as const);
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_STATUSES = Object.freeze(['PENDING', 'REJECTED', 'BOOKED'] as const);
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const CHANNELS = Object.freeze(['CASH', 'ONLINE', 'CRYPTO'] as const);
export type Channel = (typeof CHANNELS)[number];

/** Top-level fields of a financial event (2.1), in the spec's order. */
export const EVENT_FIELDS = Object.freeze([
  'externalId',
  'type',
  'countryCode',
  'currencyCode',
  'amount',
  'status',
  'originalStatus',
  'payload',
  'multiCurrencyAmounts',
] as const);
export type EventField = (typeof EVENT_FIELDS)[number];

/** Payload fields that only an INTERNAL_PAYIN may carry (2.2). */
export const PAYIN_ONLY_PAYLOAD_FIELDS = Object.freeze([
  'payerName',
  'payerPersonalIdType',
  'payerPersonalId',
] as const);

/** Payload fields that only an INTERNAL_PAYOUT may carry (2.2). */
export const PAYOUT_ONLY_PAYLOAD_FIELDS = Object.freeze([
  'beneficiaryName',
  'beneficiaryPersonalIdType',
  'beneficiaryPersonalId',
] as const);

/** Every payload property the schema knows; any other gives a 400 (code not shown). */
export const PAYLOAD_FIELDS = Object.freeze([
  'channel',
  ...PAYIN_ONLY_PAYLOAD_FIELDS,
  ...PAYOUT_ONLY_PAYLOAD_FIELDS,
] as const);
export type PayloadField = (typeof PAYLOAD_FIELDS)[number];

/** Fields of a multiCurrencyAmounts item (2.1). */
export const MULTI_CURRENCY_AMOUNT_FIELDS = Object.freeze(['currencyCode', 'amount'] as const);

/**
 * The code each field rule produces. Note the spec's direction for 3009/3010: ERR-3009 is a
 * payout-only field sent in a payin payload, ERR-3010 a payin-only field sent in a payout payload.
 */
export const FIELD_ERROR_CODES = Object.freeze({
  externalId: 'ERR-3001',
  type: 'ERR-3002',
  countryCode: 'ERR-3003',
  currencyCode: 'ERR-3004',
  amount: 'ERR-3005',
  status: 'ERR-3006',
  multiCurrencyAmountCurrencyCode: 'ERR-3007',
  multiCurrencyAmountAmount: 'ERR-3008',
  payoutFieldInPayin: 'ERR-3009',
  payinFieldInPayout: 'ERR-3010',
  channel: 'ERR-3011',
  duplicateExternalId: 'ERR-4001',
} as const satisfies Record<string, ErrorCode>);

/** Only externalId is stated to be required (2.4: the others are "not shown"). */
export const REQUIRED_FIELDS = Object.freeze(['externalId'] as const);

/** The two ISO standards the spec names, as facts; the code lists themselves come from data packages. */
export const ISO_STANDARDS = Object.freeze({
  country: 'ISO 3166-1 alpha-2',
  currency: 'ISO 4217',
} as const);
