/**
 * Which rule an error code belongs to, read from the catalog: the rule an answer breaks when it leaves
 * the code out where the spec demands it, or claims it where the request does not break it (a valid
 * amount refused with ERR-3005 breaks VAL-AMOUNT-POSITIVE as surely as a zero amount accepted).
 */
import { type ErrorCode, FIELD_ERROR_CODES, isErrorCode, RULES, type RuleId } from '../spec/index.ts';

const RULE_OF_CODE: ReadonlyMap<ErrorCode, RuleId> = (() => {
  const map = new Map<ErrorCode, RuleId>();
  // The catalog's first stated rule of a code is the one that defines it (ERR-4001: DEDUP-EXTERNAL-ID).
  for (const rule of RULES) {
    if (rule.kind === 'rule' && rule.errorCode && !map.has(rule.errorCode)) map.set(rule.errorCode, rule.id);
  }
  return map;
})();

/** The rule that defines a code of part 7.3, or undefined for a code the spec does not list. */
export const ruleOfCode = (code: string): RuleId | undefined =>
  isErrorCode(code) ? RULE_OF_CODE.get(code) : undefined;

/** Whether a code is one of the body validation codes of part 7.3 (ERR-3001 … ERR-3011). */
export const isValidationCode = (code: string): boolean => /^ERR-30(0[1-9]|1[01])$/.test(code);

/** A code the spec fixes for a condition of the request body: the validation codes and ERR-4001. */
export const isRequestBodyCode = (code: string): boolean => isValidationCode(code) || code === 'ERR-4001';

/** The field a validation code is about (ERR-3009/3010: the payload), for refusals that name no field. */
const FIELD_OF_CODE: Readonly<Record<string, string>> = {
  'ERR-3001': 'externalId',
  'ERR-3002': 'type',
  'ERR-3003': 'countryCode',
  'ERR-3004': 'currencyCode',
  'ERR-3005': 'amount',
  'ERR-3006': 'status',
  'ERR-3007': 'multiCurrencyAmounts',
  'ERR-3008': 'multiCurrencyAmounts',
  'ERR-3009': 'payload',
  'ERR-3010': 'payload',
  'ERR-3011': 'payload.channel',
  'ERR-4001': 'externalId',
};

export const fieldOfCode = (code: string): string | undefined => FIELD_OF_CODE[code];

/** The code of the value rule each field of 2.1 and 2.2 states, by its path with indices left out. */
const VALUE_CODE_OF_FIELD: Readonly<Record<string, string>> = {
  externalid: FIELD_ERROR_CODES.externalId,
  type: FIELD_ERROR_CODES.type,
  countrycode: FIELD_ERROR_CODES.countryCode,
  currencycode: FIELD_ERROR_CODES.currencyCode,
  amount: FIELD_ERROR_CODES.amount,
  status: FIELD_ERROR_CODES.status,
  'multicurrencyamounts.currencycode': FIELD_ERROR_CODES.multiCurrencyAmountCurrencyCode,
  'multicurrencyamounts.amount': FIELD_ERROR_CODES.multiCurrencyAmountAmount,
  'payload.channel': FIELD_ERROR_CODES.channel,
};

/** The code a field's own value rule gives (`multiCurrencyAmounts[2].amount`: ERR-3008), if it has one. */
export const valueCodeOfField = (field: string): string | undefined =>
  VALUE_CODE_OF_FIELD[field.replace(/\[\d+\]/g, '').toLowerCase()];
