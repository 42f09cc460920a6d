/** Values of the payload's own vocabulary: the type-specific fields, and property names it does not know. */
import * as fc from 'fast-check';
import {
  type EventType,
  PAYIN_ONLY_PAYLOAD_FIELDS,
  PAYLOAD_FIELDS,
  PAYOUT_ONLY_PAYLOAD_FIELDS,
} from '../../spec/event-fields.ts';
import { PERSONAL_ID_TYPES } from '../valid-event.ts';

/** The payload fields that belong to one type only. */
export const ownFieldsOf = (type: EventType): readonly string[] =>
  type === 'INTERNAL_PAYIN' ? PAYIN_ONLY_PAYLOAD_FIELDS : PAYOUT_ONLY_PAYLOAD_FIELDS;

const UNKNOWN_PAYLOAD_PROPERTY_NAMES = [
  'iban',
  'payerEmail',
  'reference',
  'note',
  'metadata',
  'channelCode',
  'payer_name',
  'beneficiaryAccount',
  // Top-level field names, unknown inside the payload.
  'amount',
  'type',
  'externalId',
] as const;

const knownPayloadFieldsLowercase = PAYLOAD_FIELDS.map((name) => name.toLowerCase());
/** Names a JSON parser may guard against prototype pollution and answer for in its own way. */
const SPECIAL_NAMES = ['__proto__', 'constructor', 'prototype'];

/**
 * Property names the payload schema does not know. Names that differ from a known one only in case
 * are left out: a deployment matching names without regard to case would read them as the known
 * field, and the verdict would depend on that choice.
 */
export const unknownPropertyNameArbitrary = (): fc.Arbitrary<string> =>
  fc
    .oneof(
      { weight: 2, arbitrary: fc.constantFrom(...UNKNOWN_PAYLOAD_PROPERTY_NAMES) },
      {
        weight: 1,
        arbitrary: fc.string({
          unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_'.split('')),
          minLength: 1,
          maxLength: 12,
        }),
      },
    )
    .filter(
      (name) => !knownPayloadFieldsLowercase.includes(name.toLowerCase()) && !SPECIAL_NAMES.includes(name),
    );

const PERSON_NAMES = ['Maria Lopez', 'John Smith', 'Wei Zhang'] as const;

/** A plausible string value for a type-specific payload field (`…Name`, `…PersonalIdType`, `…PersonalId`). */
export const payloadFieldValue = (field: string): fc.Arbitrary<string> =>
  field.endsWith('Name')
    ? fc.constantFrom(...PERSON_NAMES)
    : field.endsWith('IdType')
      ? fc.constantFrom(...PERSONAL_ID_TYPES)
      : fc.constantFrom('X1234567', 'AB-998877');
