/**
 * Part 7.3 of the interface spec, transcribed. Facts only: the code, its HTTP status, the condition
 * in the spec's words, and which body shape of part 7 carries it.
 */
export type ErrorBodyKind = 'simple' | 'validation';

export interface ErrorCodeFact {
  readonly code: string;
  readonly httpStatus: number;
  readonly condition: string;
  readonly body: ErrorBodyKind;
}

const define = (code: string, httpStatus: number, body: ErrorBodyKind, condition: string): ErrorCodeFact =>
  Object.freeze({ code, httpStatus, body, condition });

export const ERROR_CODES = Object.freeze({
  'ERR-1001': define('ERR-1001', 401, 'simple', 'Authentication header absent'),
  'ERR-1002': define('ERR-1002', 401, 'simple', 'Authentication token invalid'),
  'ERR-1003': define('ERR-1003', 403, 'simple', 'Authenticated but not authorized for the resource'),
  'ERR-2001': define('ERR-2001', 400, 'simple', 'Tenant header absent'),
  'ERR-2002': define('ERR-2002', 400, 'simple', 'Tenant header is not a valid UUID'),
  'ERR-3001': define('ERR-3001', 400, 'validation', 'externalId empty or missing'),
  'ERR-3002': define('ERR-3002', 400, 'validation', 'type is not INTERNAL_PAYIN or INTERNAL_PAYOUT'),
  'ERR-3003': define('ERR-3003', 400, 'validation', 'countryCode is not a valid ISO 3166-1 alpha-2 code'),
  'ERR-3004': define('ERR-3004', 400, 'validation', 'currencyCode is not a valid ISO 4217 code'),
  'ERR-3005': define('ERR-3005', 400, 'validation', 'amount is zero or negative'),
  'ERR-3006': define('ERR-3006', 400, 'validation', 'status is not PENDING, REJECTED or BOOKED'),
  'ERR-3007': define(
    'ERR-3007',
    400,
    'validation',
    'A multiCurrencyAmounts[].currencyCode is not a valid ISO 4217 code',
  ),
  'ERR-3008': define('ERR-3008', 400, 'validation', 'A multiCurrencyAmounts[].amount is zero or negative'),
  'ERR-3009': define('ERR-3009', 400, 'validation', 'Payout-only field in a payin payload'),
  'ERR-3010': define('ERR-3010', 400, 'validation', 'Payin-only field in a payout payload'),
  'ERR-3011': define('ERR-3011', 400, 'validation', 'payload.channel is not CASH, ONLINE or CRYPTO'),
  'ERR-4001': define('ERR-4001', 400, 'simple', 'externalId already exists for this tenant'),
  'ERR-4002': define('ERR-4002', 404, 'simple', 'No financial event for the given UUID and tenant'),
  'ERR-5001': define('ERR-5001', 500, 'simple', 'Unexpected internal error'),
} as const);

export type ErrorCode = keyof typeof ERROR_CODES;

export const ALL_ERROR_CODES = Object.freeze(Object.keys(ERROR_CODES) as ErrorCode[]);

/** The codes a body validation can produce (ERR-3001 … ERR-3011). */
export const VALIDATION_ERROR_CODES = Object.freeze(
  ALL_ERROR_CODES.filter((code) => ERROR_CODES[code].body === 'validation'),
);

/** Part 7: every errorCode has this shape. */
export const ERROR_CODE_PATTERN = /^ERR-\d{4}$/;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
