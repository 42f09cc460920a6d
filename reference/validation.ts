/**
 * The reference server's reading of part 2: every rule of a financial event, applied to the whole body,
 * collecting every failure (rule 2 of part 4). This is one of the kit's two independent readings of the
 * spec; it imports facts from spec/ and nothing from the suite's oracle.
 *
 * Failures are collected in the spec's field order (externalId, type, countryCode, currencyCode, amount,
 * status, originalStatus, payload, multiCurrencyAmounts, then unknown top-level fields); the error body
 * orders and names them as the behaviour says (validation-answer.ts).
 *
 * Each judgement a hurried implementation gets wrong is a hook (ValidationHooks); the reference's own
 * are VALIDATION_HOOKS, and mutants/validation.ts replaces one at a time.
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
import type { ReferenceBehaviour } from './behaviour.ts';
import { REFERENCE_CODES } from './codes.ts';
import type { ValidationContext } from './context.ts';
import { isCountryCode, isCurrencyCode } from './iso-codes.ts';
import { isJsonObject, type JsonObject, type JsonValue } from './json.ts';
import { dropNullFields } from './null-fields.ts';
import { coerceScalars } from './scalar-coercion.ts';
import { type Failure, fail } from './validation-failure.ts';
import { checkAmountItems } from './validation-items.ts';
import { checkExternalIdLength, checkPrecision, failOnColumnOverflow } from './validation-limits.ts';
import { checkPayload } from './validation-payload.ts';

export type { Failure } from './validation-failure.ts';

export type ValidationResult =
  | { readonly ok: true; readonly event: JsonObject }
  | { readonly ok: false; readonly failures: readonly Failure[] };

export interface ValidationHooks {
  /** VAL-EXTERNAL-ID-REQUIRED: what is wrong with a body's externalId (ERR-3001), or undefined. */
  externalIdFault(body: JsonObject): string | undefined;
  /** VAL-TYPE-ENUM */
  isEventType(value: JsonValue): boolean;
  /** VAL-COUNTRY-ISO3166 */
  isCountryCode(value: JsonValue): boolean;
  /** VAL-CURRENCY-ISO4217 */
  isCurrencyCode(value: JsonValue): boolean;
  /** VAL-AMOUNT-POSITIVE */
  isAmount(value: JsonValue): boolean;
  /** VAL-STATUS-ENUM */
  isEventStatus(value: JsonValue): boolean;
  /** VAL-CHANNEL-ENUM */
  isChannel(value: JsonValue): boolean;
  /** VAL-PAYIN-NO-PAYOUT-FIELDS, VAL-PAYOUT-NO-PAYIN-FIELDS: the type a payload is judged by (none: not judged). */
  typeOfPayload(body: JsonObject): EventType | undefined;
  /** VAL-PAYLOAD-EMPTY-ACCEPTED: whether a payload must carry a channel. */
  channelRequired(): boolean;
  /** VAL-PAYIN-NO-PAYOUT-FIELDS, VAL-PAYOUT-NO-PAYIN-FIELDS: the payload fields an event of a type may not carry… */
  fieldsNotAllowedIn(type: EventType): readonly string[];
  /** …and the code such a field gets. */
  exclusivityCode(type: EventType): string;
  /** …whether a field of the other type, sent with this value, counts as sent (the reference: always). */
  sentAgainstType(value: JsonValue | undefined): boolean;
  /** VAL-PAYLOAD-UNKNOWN-PROPERTY: whether a payload property is known, in an event of this type (as sent). */
  isPayloadProperty(key: string, type: JsonValue | undefined): boolean;
  /** VAL-MCA-*: the multiCurrencyAmounts items that are validated. */
  itemsValidated(items: readonly JsonValue[]): readonly JsonValue[];
  /** VAL-MCA-CURRENCY-ISO4217: an item's currencyCode… */
  isItemCurrencyCode(value: JsonValue): boolean;
  /** …and the code of its fault. */
  itemCurrencyFaultCode(): string;
  /** VAL-MCA-AMOUNT-POSITIVE */
  isItemAmount(value: JsonValue): boolean;
}

declare module './context.ts' {
  interface ReferenceHooks extends ValidationHooks {}
}

const CHANNEL_SET: ReadonlySet<unknown> = new Set(CHANNELS);
const EVENT_TYPE_SET: ReadonlySet<unknown> = new Set(EVENT_TYPES);
const STATUS_SET: ReadonlySet<unknown> = new Set(EVENT_STATUSES);
const PAYLOAD_FIELD_SET: ReadonlySet<string> = new Set(PAYLOAD_FIELDS);
const EVENT_FIELD_SET: ReadonlySet<string> = new Set(EVENT_FIELDS);

const isPositiveNumber = (value: JsonValue): boolean =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

export const VALIDATION_HOOKS: ValidationHooks = Object.freeze({
  externalIdFault: (body: JsonObject) => {
    // A non-string has no code of its own, so it gets externalId's.
    if (!Object.hasOwn(body, 'externalId')) return 'externalId is required';
    if (typeof body.externalId !== 'string') return 'externalId must be a string';
    if (body.externalId === '') return 'externalId must not be empty';
    return undefined;
  },
  isEventType: (value: JsonValue) => EVENT_TYPE_SET.has(value),
  isCountryCode: (value: JsonValue) => typeof value === 'string' && isCountryCode(value),
  isCurrencyCode: (value: JsonValue) => typeof value === 'string' && isCurrencyCode(value),
  // JSON numbers only; 1e400 parses to Infinity, which no decimal amount is.
  isAmount: isPositiveNumber,
  isEventStatus: (value: JsonValue) => STATUS_SET.has(value),
  isChannel: (value: JsonValue) => CHANNEL_SET.has(value),
  // Exclusivity is judged only when type is valid; with no valid type, its own failure says it.
  typeOfPayload: (body: JsonObject) => (EVENT_TYPE_SET.has(body.type) ? (body.type as EventType) : undefined),
  channelRequired: () => false,
  fieldsNotAllowedIn: (type: EventType) =>
    type === 'INTERNAL_PAYIN' ? PAYOUT_ONLY_PAYLOAD_FIELDS : PAYIN_ONLY_PAYLOAD_FIELDS,
  // ERR-3009: a payout-only field in a payin payload; ERR-3010: a payin-only field in a payout payload.
  exclusivityCode: (type: EventType) => (type === 'INTERNAL_PAYIN' ? 'ERR-3009' : 'ERR-3010'),
  sentAgainstType: () => true,
  isPayloadProperty: (key: string) => PAYLOAD_FIELD_SET.has(key),
  itemsValidated: (items: readonly JsonValue[]) => items,
  isItemCurrencyCode: (value: JsonValue) => typeof value === 'string' && isCurrencyCode(value),
  itemCurrencyFaultCode: () => 'ERR-3007',
  isItemAmount: isPositiveNumber,
});

const WRONG_TYPE = REFERENCE_CODES.wrongType.code;
const UNKNOWN_FIELD = REFERENCE_CODES.unknownField.code;
const NOT_ALLOWED = REFERENCE_CODES.valueNotAllowed.code;

/** GAP-REQUIRED-FIELDS: the rule fields each reading requires (externalId is always required). */
const REQUIRED: Readonly<Record<ReferenceBehaviour['requiredFields'], ReadonlySet<string>>> = {
  'all-rule-fields': new Set(['type', 'countryCode', 'currencyCode', 'amount', 'status']),
  'core-fields': new Set(['type', 'currencyCode', 'amount']),
  'external-id-only': new Set(),
};

/** A top-level field with a rule and a code of its own: absent (when required), wrong type or wrong value. */
interface RuleField {
  readonly field: 'type' | 'countryCode' | 'currencyCode' | 'amount' | 'status';
  readonly code: string;
  readonly expectation: string;
  readonly valid: (hooks: ValidationHooks, value: JsonValue) => boolean;
  /** The JSON type the spec gives the field, where its rule names no code for another type. */
  readonly jsonType?: 'number';
}

const RULE_FIELDS: readonly RuleField[] = [
  {
    field: 'type',
    code: 'ERR-3002',
    expectation: `exactly ${EVENT_TYPES.join(' or ')}`,
    valid: (hooks, value) => hooks.isEventType(value),
  },
  {
    field: 'countryCode',
    code: 'ERR-3003',
    expectation: 'an ISO 3166-1 alpha-2 code (two upper-case letters, e.g. DE)',
    valid: (hooks, value) => hooks.isCountryCode(value),
  },
  {
    field: 'currencyCode',
    code: 'ERR-3004',
    expectation: 'an ISO 4217 code (three upper-case letters, e.g. EUR)',
    valid: (hooks, value) => hooks.isCurrencyCode(value),
  },
  {
    field: 'amount',
    code: 'ERR-3005',
    expectation: 'a number greater than 0',
    valid: (hooks, value) => hooks.isAmount(value),
    jsonType: 'number',
  },
  {
    field: 'status',
    code: 'ERR-3006',
    expectation: `one of ${EVENT_STATUSES.join(', ')}`,
    valid: (hooks, value) => hooks.isEventStatus(value),
  },
];

export const validateEvent = (sent: JsonObject, ctx: ValidationContext): ValidationResult => {
  const { behaviour, hooks } = ctx;
  const read = behaviour.nullFields === 'absent' ? dropNullFields(sent) : sent;
  const body = behaviour.scalarCoercion === 'lenient' ? coerceScalars(read) : read;
  const failures: Failure[] = [];
  const genericTypeCode = behaviour.wrongJsonType !== 'own-code';

  if (genericTypeCode && Object.hasOwn(body, 'externalId') && typeof body.externalId !== 'string') {
    fail(failures, ['externalId'], WRONG_TYPE, 'externalId must be a string');
  } else {
    const externalIdFault = hooks.externalIdFault(body);
    if (externalIdFault !== undefined) fail(failures, ['externalId'], 'ERR-3001', externalIdFault);
    else checkExternalIdLength(body.externalId as JsonValue, ctx, failures);
  }

  const required = REQUIRED[behaviour.requiredFields];
  for (const rule of RULE_FIELDS) {
    const value = body[rule.field] as JsonValue;
    if (!Object.hasOwn(body, rule.field)) {
      if (required.has(rule.field)) fail(failures, [rule.field], rule.code, `${rule.field} is required`);
    } else if (genericTypeCode && rule.jsonType !== undefined && typeof value !== rule.jsonType) {
      fail(failures, [rule.field], WRONG_TYPE, `${rule.field} must be a ${rule.jsonType}`);
      if (behaviour.wrongJsonType === 'generic-and-own-code')
        fail(failures, [rule.field], rule.code, `${rule.field} must be ${rule.expectation}`);
    } else if (!rule.valid(hooks, value)) {
      fail(failures, [rule.field], rule.code, `${rule.field} must be ${rule.expectation}`);
    } else if (rule.jsonType === 'number') {
      checkPrecision([rule.field], value as number, ctx, failures);
    }
  }

  // originalStatus: any string, or one of a list (GAP-ORIGINAL-STATUS-VALUES); optional.
  if (Object.hasOwn(body, 'originalStatus')) {
    const { originalStatus } = body;
    const allowed = behaviour.originalStatusValues;
    if (typeof originalStatus !== 'string') {
      fail(failures, ['originalStatus'], WRONG_TYPE, 'originalStatus must be a string');
    } else if (allowed !== 'any' && !allowed.includes(originalStatus)) {
      fail(failures, ['originalStatus'], NOT_ALLOWED, `originalStatus must be one of ${allowed.join(', ')}`);
    }
  }

  if (Object.hasOwn(body, 'payload'))
    checkPayload(body.payload as JsonValue, hooks.typeOfPayload(body), body.type as JsonValue, ctx, failures);
  if (Object.hasOwn(body, 'multiCurrencyAmounts'))
    checkAmountItems(body.multiCurrencyAmounts as JsonValue, ctx, failures);

  // Fields the deployment knows beyond the spec's (GAP-EXTRA-TOP-LEVEL-FIELDS): of their own JSON type.
  for (const extra of behaviour.extraFields) {
    if (Object.hasOwn(body, extra.name) && typeof body[extra.name] !== extra.type)
      fail(failures, [extra.name], WRONG_TYPE, `${extra.name} must be a ${extra.type}`);
  }
  const known = (key: string) =>
    EVENT_FIELD_SET.has(key) || behaviour.extraFields.some((f) => f.name === key);

  // Unknown top-level fields (GAP-EXTRA-TOP-LEVEL-FIELDS): rejected, dropped or kept.
  if (behaviour.unknownTopLevelFields === 'reject') {
    for (const key of Object.keys(body)) {
      if (!known(key)) fail(failures, [key], UNKNOWN_FIELD, `${key} is not a field of a financial event`);
    }
  }

  if (failures.length > 0) return { ok: false, failures };
  failOnColumnOverflow(body, ctx);
  return {
    ok: true,
    event: behaviour.unknownTopLevelFields === 'drop' ? withoutUnknownFields(body, behaviour) : body,
  };
};

/** The event with only the fields the spec names and the deployment knows (the drop reading); values are the ones sent. */
const withoutUnknownFields = (body: JsonObject, behaviour: ReferenceBehaviour): JsonObject => {
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
  for (const extra of behaviour.extraFields) {
    if (Object.hasOwn(body, extra.name)) event[extra.name] = body[extra.name] as JsonValue;
  }
  return event;
};
