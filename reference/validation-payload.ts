/**
 * Part 2.2: the payload of an event, an optional object whose channel is CASH, ONLINE or CRYPTO, whose
 * payer* fields belong to a payin and beneficiary* fields to a payout, and which has no other property.
 * An empty payload is accepted.
 */
import {
  CHANNELS,
  type EventType,
  PAYIN_ONLY_PAYLOAD_FIELDS,
  PAYOUT_ONLY_PAYLOAD_FIELDS,
} from '../spec/index.ts';
import { REFERENCE_CODES } from './codes.ts';
import type { ValidationContext } from './context.ts';
import { isJsonObject, type JsonObject, type JsonValue } from './json.ts';
import { type Failure, fail } from './validation-failure.ts';

const WRONG_TYPE = REFERENCE_CODES.wrongType.code;
const NOT_ALLOWED = REFERENCE_CODES.valueNotAllowed.code;
const ID_TYPE_FIELDS: ReadonlySet<string> = new Set(['payerPersonalIdType', 'beneficiaryPersonalIdType']);
/** Payin-only fields first, then payout-only: the order their failures are listed in. */
const EXCLUSIVE_PAYLOAD_FIELDS: readonly string[] = [
  ...PAYIN_ONLY_PAYLOAD_FIELDS,
  ...PAYOUT_ONLY_PAYLOAD_FIELDS,
];

/** GAP-REQUIRED-FIELDS, blankStrings refused: every payload string sent blank, whatever else it fails. */
const checkBlankStrings = (payload: JsonObject, ctx: ValidationContext, failures: Failure[]): void => {
  if (ctx.behaviour.blankStrings !== 'refused') return;
  for (const [field, value] of Object.entries(payload))
    if (typeof value === 'string' && value.trim() === '')
      fail(failures, ['payload', field], NOT_ALLOWED, `payload.${field} must not be blank`);
};

/**
 * The payload's named fields: one of the other type's (ERR-3009, ERR-3010), reported where
 * `otherTypeFieldReportedOn` says (GAP-FIELD-PATH); or of the wrong JSON type; or an id type outside
 * a restricted list (GAP-PERSONAL-ID-TYPE-VALUES).
 */
const checkPayloadFields = (
  payload: JsonObject,
  type: EventType | undefined,
  { behaviour, hooks }: ValidationContext,
  failures: Failure[],
): void => {
  const notAllowed = type === undefined ? [] : hooks.fieldsNotAllowedIn(type);
  const otherType: string[] = [];
  for (const field of EXCLUSIVE_PAYLOAD_FIELDS) {
    if (!Object.hasOwn(payload, field)) continue;
    if (
      type !== undefined &&
      notAllowed.includes(field) &&
      hooks.sentAgainstType(payload[field] as JsonValue)
    ) {
      otherType.push(field);
    } else if (typeof payload[field] !== 'string') {
      fail(failures, ['payload', field], WRONG_TYPE, `payload.${field} must be a string`);
    } else if (
      ID_TYPE_FIELDS.has(field) &&
      behaviour.personalIdTypes !== 'any' &&
      !behaviour.personalIdTypes.includes(payload[field] as string)
    ) {
      fail(
        failures,
        ['payload', field],
        NOT_ALLOWED,
        `payload.${field} must be one of ${behaviour.personalIdTypes.join(', ')}`,
      );
    }
  }
  if (type === undefined || otherType.length === 0) return;
  const owner = type === 'INTERNAL_PAYIN' ? 'INTERNAL_PAYOUT' : 'INTERNAL_PAYIN';
  const code = hooks.exclusivityCode(type);
  const reportedOn = behaviour.otherTypeFieldReportedOn;
  if (reportedOn === 'payload-once') {
    fail(failures, ['payload'], code, `payload holds fields of an ${owner} payload: ${otherType.join(', ')}`);
    return;
  }
  for (const field of otherType)
    fail(
      failures,
      reportedOn === 'property' ? ['payload', field] : ['payload'],
      code,
      `payload.${field} is allowed only in an ${owner} payload`,
    );
};

export const checkPayload = (
  payload: JsonValue,
  type: EventType | undefined,
  /** The body's type as sent, valid or not: what the payload's known properties may depend on. */
  sentType: JsonValue | undefined,
  ctx: ValidationContext,
  failures: Failure[],
): void => {
  const { behaviour, hooks } = ctx;
  if (!isJsonObject(payload)) {
    fail(failures, ['payload'], WRONG_TYPE, 'payload must be an object');
    return;
  }
  if (Object.hasOwn(payload, 'channel')) {
    if (!hooks.isChannel(payload.channel as JsonValue)) {
      fail(
        failures,
        ['payload', 'channel'],
        'ERR-3011',
        `payload.channel must be one of ${CHANNELS.join(', ')}`,
      );
    }
  } else if (hooks.channelRequired()) {
    fail(failures, ['payload', 'channel'], 'ERR-3011', 'payload.channel is required');
  }
  checkBlankStrings(payload, ctx, failures);
  checkPayloadFields(payload, type, ctx, failures);
  for (const key of Object.keys(payload)) {
    if (!hooks.isPayloadProperty(key, sentType)) {
      fail(
        failures,
        // GAP-UNKNOWN-PAYLOAD-CODE: reported on the property, or on the payload that holds it.
        behaviour.unknownPayloadPropertyField === 'property' ? ['payload', key] : ['payload'],
        behaviour.unknownPayloadPropertyCode,
        `payload.${key} is not a known payload property`,
      );
    }
  }
};
