/**
 * The reference server's reading of part 2: every rule of a financial event, applied to the whole body,
 * collecting every failure (rule 2 of part 4). This is one of the kit's two independent readings of the
 * spec; it imports facts from spec/ and nothing from the suite's oracle.
 *
 * Failures are collected in the spec's field order (externalId, type, countryCode, currencyCode, amount,
 * status, originalStatus, payload, multiCurrencyAmounts, then unknown top-level fields); the error body
 * orders them as the behaviour says.
 */
import {
  CHANNELS,
  EVENT_FIELDS,
  EVENT_STATUSES,
  EVENT_TYPES,
  type EventType,
  MULTI_CURRENCY_AMOUNT_FIELDS,
  PAYIN_ONLY_PAYLOAD_FIELDS,
  PAYLOAD_FIELDS,
  PAYOUT_ONLY_PAYLOAD_FIELDS,
} from '../spec/index.ts';
import { REFERENCE_CODES } from './codes.ts';
import type { ReferenceContext } from './context.ts';
import { type FieldPath, formatFieldPath } from './field-path.ts';
import { COUNTRY_ALPHA3_CODES, isCountryCode, isCurrencyCode } from './iso-codes.ts';
import { isJsonObject, type JsonObject, type JsonValue } from './json.ts';

export interface Failure {
  readonly path: FieldPath;
  readonly code: string;
  readonly message: string;
}

export type ValidationResult =
  | { readonly ok: true; readonly event: JsonObject }
  | { readonly ok: false; readonly failures: readonly Failure[] };

const WRONG_TYPE = REFERENCE_CODES.wrongType.code;
const UNKNOWN_FIELD = REFERENCE_CODES.unknownField.code;

const includes = (list: readonly string[], value: string): boolean => list.includes(value);

/** Fields whose absence fails their own rule in the all-rule-fields reading of GAP-REQUIRED-FIELDS. */
const RULE_FIELDS_REQUIRED = ['type', 'countryCode', 'currencyCode', 'amount', 'status'] as const;

export const validateEvent = (body: JsonObject, ctx: ReferenceContext): ValidationResult => {
  const { behaviour, isMutant } = ctx;
  const failures: Failure[] = [];
  const fail = (path: FieldPath, code: string, message: string): void => {
    failures.push(Object.freeze({ path: Object.freeze([...path]), code, message }));
  };
  const has = (object: JsonObject, key: string): boolean => Object.hasOwn(object, key);

  /** A top-level field with a rule and a code of its own: absent, of the wrong type or value, all give that code. */
  const checkRuleField = (
    field: (typeof RULE_FIELDS_REQUIRED)[number],
    code: string,
    valid: (value: JsonValue) => boolean,
    expectation: string,
  ): void => {
    if (!has(body, field)) {
      if (behaviour.requiredFields === 'all-rule-fields') fail([field], code, `${field} is required`);
      return;
    }
    if (!valid(body[field] as JsonValue)) fail([field], code, `${field} must be ${expectation}`);
  };

  // externalId: required; empty or missing gives ERR-3001 (a non-string too: it has no other code).
  if (!has(body, 'externalId')) {
    if (!isMutant('external-id-missing-accepted')) fail(['externalId'], 'ERR-3001', 'externalId is required');
  } else if (typeof body.externalId !== 'string') {
    fail(['externalId'], 'ERR-3001', 'externalId must be a string');
  } else if (body.externalId === '' && !isMutant('external-id-empty-accepted')) {
    fail(['externalId'], 'ERR-3001', 'externalId must not be empty');
  }

  checkRuleField(
    'type',
    'ERR-3002',
    (value) =>
      typeof value === 'string' &&
      (includes(EVENT_TYPES, value) ||
        (isMutant('type-case-insensitive') && includes(EVENT_TYPES, value.toUpperCase()))),
    `exactly ${EVENT_TYPES.join(' or ')}`,
  );

  checkRuleField(
    'countryCode',
    'ERR-3003',
    (value) =>
      typeof value === 'string' &&
      (isCountryCode(value) ||
        (isMutant('country-lowercase-accepted') && isCountryCode(value.toUpperCase())) ||
        (isMutant('country-alpha3-accepted') && COUNTRY_ALPHA3_CODES.has(value)) ||
        (isMutant('country-any-two-letters') && /^[A-Z]{2}$/.test(value))),
    'an ISO 3166-1 alpha-2 code (two upper-case letters, e.g. DE)',
  );

  checkRuleField(
    'currencyCode',
    'ERR-3004',
    (value) =>
      typeof value === 'string' &&
      (isCurrencyCode(value) ||
        (isMutant('currency-any-three-letters') && /^[A-Z]{3}$/.test(value)) ||
        (isMutant('currency-lowercase-accepted') && isCurrencyCode(value.toUpperCase()))),
    'an ISO 4217 code (three upper-case letters, e.g. EUR)',
  );

  checkRuleField(
    'amount',
    'ERR-3005',
    (value) => {
      const amount =
        isMutant('amount-string-accepted') && typeof value === 'string' && value.trim() !== ''
          ? Number(value)
          : value;
      // JSON numbers only; 1e400 parses to Infinity, which no decimal amount is.
      if (typeof amount !== 'number' || !Number.isFinite(amount)) return false;
      if (isMutant('amount-zero-accepted')) return amount >= 0;
      if (isMutant('amount-negative-accepted')) return amount !== 0;
      return amount > 0;
    },
    'a number greater than 0',
  );

  checkRuleField(
    'status',
    'ERR-3006',
    (value) =>
      typeof value === 'string' &&
      (includes(EVENT_STATUSES, value) ||
        (isMutant('status-case-insensitive') && includes(EVENT_STATUSES, value.toUpperCase()))),
    `one of ${EVENT_STATUSES.join(', ')}`,
  );

  // originalStatus: any string (GAP-ORIGINAL-STATUS-VALUES), optional.
  if (has(body, 'originalStatus') && typeof body.originalStatus !== 'string') {
    fail(['originalStatus'], WRONG_TYPE, 'originalStatus must be a string');
  }

  // payload: optional object; channel, type-exclusive fields, no unknown properties. Empty is fine.
  const type =
    typeof body.type === 'string' && includes(EVENT_TYPES, body.type) ? (body.type as EventType) : undefined;
  if (has(body, 'payload')) {
    const payload = body.payload;
    if (!isJsonObject(payload)) {
      fail(['payload'], WRONG_TYPE, 'payload must be an object');
    } else {
      if (has(payload, 'channel')) {
        const channel = payload.channel;
        const valid =
          typeof channel === 'string' &&
          (includes(CHANNELS, channel) ||
            (isMutant('channel-case-insensitive') && includes(CHANNELS, channel.toUpperCase())));
        if (!valid && !isMutant('channel-not-validated')) {
          fail(['payload', 'channel'], 'ERR-3011', `payload.channel must be one of ${CHANNELS.join(', ')}`);
        }
      } else if (isMutant('empty-payload-rejected')) {
        fail(['payload', 'channel'], 'ERR-3011', 'payload.channel is required');
      }
      // Exclusivity is judged only when type is valid; with no valid type, type's own failure says it.
      // The exclusivity-name-fields-only mutant checks payerName and beneficiaryName only.
      const exclusive = (field: string): boolean =>
        !(isMutant('exclusivity-name-fields-only') && !field.endsWith('Name'));
      for (const field of PAYIN_ONLY_PAYLOAD_FIELDS) {
        if (!has(payload, field)) continue;
        if (type === 'INTERNAL_PAYOUT' && !isMutant('payin-fields-allowed-in-payout') && exclusive(field)) {
          // ERR-3010: a payin-only field in a payout payload.
          const code = isMutant('payin-payout-codes-swapped') ? 'ERR-3009' : 'ERR-3010';
          fail(['payload', field], code, `payload.${field} is allowed only in an INTERNAL_PAYIN payload`);
        } else if (typeof payload[field] !== 'string') {
          fail(['payload', field], WRONG_TYPE, `payload.${field} must be a string`);
        }
      }
      for (const field of PAYOUT_ONLY_PAYLOAD_FIELDS) {
        if (!has(payload, field)) continue;
        if (type === 'INTERNAL_PAYIN' && !isMutant('payout-fields-allowed-in-payin') && exclusive(field)) {
          // ERR-3009: a payout-only field in a payin payload.
          const code = isMutant('payin-payout-codes-swapped') ? 'ERR-3010' : 'ERR-3009';
          fail(['payload', field], code, `payload.${field} is allowed only in an INTERNAL_PAYOUT payload`);
        } else if (typeof payload[field] !== 'string') {
          fail(['payload', field], WRONG_TYPE, `payload.${field} must be a string`);
        }
      }
      if (!isMutant('payload-unknown-property-accepted')) {
        for (const key of Object.keys(payload)) {
          if (!includes(PAYLOAD_FIELDS, key)) {
            fail(
              ['payload', key],
              behaviour.unknownPayloadPropertyCode,
              `payload.${key} is not a known payload property`,
            );
          }
        }
      }
    }
  }

  // multiCurrencyAmounts: optional array; every item has currencyCode (ERR-3007) and amount (ERR-3008).
  if (has(body, 'multiCurrencyAmounts')) {
    const items = body.multiCurrencyAmounts;
    if (!Array.isArray(items)) {
      fail(['multiCurrencyAmounts'], WRONG_TYPE, 'multiCurrencyAmounts must be an array');
    } else {
      for (const [index, item] of items.entries()) {
        if (index > 0 && isMutant('mca-only-first-item-validated')) break;
        const at = `multiCurrencyAmounts[${index}]`;
        if (!isJsonObject(item)) {
          fail(
            ['multiCurrencyAmounts', index],
            WRONG_TYPE,
            `${at} must be an object with currencyCode and amount`,
          );
          continue;
        }
        if (!has(item, 'currencyCode')) {
          fail(['multiCurrencyAmounts', index, 'currencyCode'], 'ERR-3007', `${at}.currencyCode is required`);
        } else {
          const currency = item.currencyCode;
          const valid = typeof currency === 'string' && isCurrencyCode(currency);
          if (!valid && !isMutant('mca-currency-not-validated')) {
            fail(
              ['multiCurrencyAmounts', index, 'currencyCode'],
              isMutant('mca-currency-code-reported-as-3004') ? 'ERR-3004' : 'ERR-3007',
              `${at}.currencyCode must be an ISO 4217 code`,
            );
          }
        }
        if (!has(item, 'amount')) {
          fail(['multiCurrencyAmounts', index, 'amount'], 'ERR-3008', `${at}.amount is required`);
        } else {
          const amount = item.amount;
          const valid =
            typeof amount === 'number' &&
            Number.isFinite(amount) &&
            (isMutant('mca-amount-zero-accepted') ? amount >= 0 : amount > 0);
          if (!valid) {
            fail(
              ['multiCurrencyAmounts', index, 'amount'],
              'ERR-3008',
              `${at}.amount must be a number greater than 0`,
            );
          }
        }
        if (behaviour.unknownTopLevelFields === 'reject') {
          for (const key of Object.keys(item)) {
            if (!includes(MULTI_CURRENCY_AMOUNT_FIELDS, key)) {
              fail(
                ['multiCurrencyAmounts', index, key],
                UNKNOWN_FIELD,
                `${at}.${key} is not a field of an amount`,
              );
            }
          }
        }
      }
    }
  }

  // Unknown top-level fields (GAP-EXTRA-TOP-LEVEL-FIELDS): rejected, dropped or kept.
  if (behaviour.unknownTopLevelFields === 'reject') {
    for (const key of Object.keys(body)) {
      if (!includes(EVENT_FIELDS, key))
        fail([key], UNKNOWN_FIELD, `${key} is not a field of a financial event`);
    }
  }

  if (failures.length > 0) return { ok: false, failures };
  return { ok: true, event: behaviour.unknownTopLevelFields === 'drop' ? withoutUnknownFields(body) : body };
};

/** The event with only the fields the spec names (the drop reading); values are the ones sent. */
const withoutUnknownFields = (body: JsonObject): JsonObject => {
  const event: JsonObject = {};
  for (const field of EVENT_FIELDS) {
    if (!Object.hasOwn(body, field)) continue;
    const value = body[field] as JsonValue;
    event[field] =
      field === 'multiCurrencyAmounts' && Array.isArray(value)
        ? value.map((item) => {
            if (!isJsonObject(item)) return item;
            const kept: JsonObject = {};
            for (const key of MULTI_CURRENCY_AMOUNT_FIELDS)
              if (Object.hasOwn(item, key)) kept[key] = item[key] as JsonValue;
            return kept;
          })
        : value;
  }
  return event;
};

/** The 7.2 body's errors[] items, in the order and notation the behaviour chose. */
export const errorItems = (
  failures: readonly Failure[],
  ctx: ReferenceContext,
): { field?: string; errorCode: string; message: string }[] => {
  const ordered = [...failures];
  switch (ctx.behaviour.errorsOrder) {
    case 'spec':
      break;
    case 'reversed':
      ordered.reverse();
      break;
    case 'by-code':
      // Array.prototype.sort is stable: failures of one code keep the spec's order.
      ordered.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
      break;
  }
  const items = ordered.map((failure) =>
    ctx.isMutant('validation-errors-without-field')
      ? { errorCode: failure.code, message: failure.message }
      : {
          field: formatFieldPath(failure.path, ctx.behaviour.fieldPath),
          errorCode: failure.code,
          message: failure.message,
        },
  );
  if (ctx.isMutant('validation-errors-one-per-code'))
    return items.filter((item, index) => items.findIndex((o) => o.errorCode === item.errorCode) === index);
  return ctx.isMutant('only-first-failure-returned') ? items.slice(0, 1) : items;
};
