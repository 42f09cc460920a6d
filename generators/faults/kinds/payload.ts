/**
 * payload: not an object; its channel outside the enum or not a string; a field of the other type
 * (ERR-3009, ERR-3010); one of its own type's fields not a string; a property the schema does not know
 * (a 400, code not shown: GAP-UNKNOWN-PAYLOAD-CODE).
 */
import * as fc from 'fast-check';
import {
  CHANNELS,
  FIELD_ERROR_CODES,
  PAYIN_ONLY_PAYLOAD_FIELDS,
  PAYOUT_ONLY_PAYLOAD_FIELDS,
} from '../../../spec/event-fields.ts';
import { ANY_ERROR_CODE } from '../../verdict.ts';
import { at, defineKind, type FaultKindDefinition } from '../define-kind.ts';
import { ownFieldsOf, payloadFieldValue, unknownPropertyNameArbitrary } from '../payload-values.ts';
import { enumFaultValues, labelledFrom, wrongTypesForScalar } from '../values.ts';

/**
 * A field of the given names with a plausible value, or empty: the fault is where it stands, not what it
 * holds (an empty one is sent all the same, whatever a check of its truthiness makes of it).
 */
const fieldOfOtherType = (names: readonly string[]) => () =>
  fc
    .constantFrom(...names)
    .chain((name) =>
      fc
        .oneof({ arbitrary: payloadFieldValue(name), weight: 3 }, { arbitrary: fc.constant(''), weight: 1 })
        .map((value) => ({ field: `payload.${name}`, value: { value } })),
    );

export const PAYLOAD_FAULTS: readonly FaultKindDefinition[] = [
  defineKind({
    id: 'payload.wrongType',
    field: 'payload',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-ALL-FAILURES',
    summary: 'payload is not an object',
    wrongShapeOf: 'object',
    draw: at(
      'payload',
      labelledFrom({ string: ['CASH'], number: [1], boolean: [true], array: [[], [{ channel: 'CASH' }]] }),
    ),
  }),
  defineKind({
    id: 'payload.channel.invalid',
    field: 'payload.channel',
    errorCode: FIELD_ERROR_CODES.channel,
    ruleId: 'VAL-CHANNEL-ENUM',
    summary: 'payload.channel is a string other than CASH, ONLINE and CRYPTO',
    draw: at('payload.channel', enumFaultValues(CHANNELS, ['CARD', 'BANK_TRANSFER', 'WIRE', 'MOBILE'])),
  }),
  defineKind({
    id: 'payload.channel.wrongType',
    field: 'payload.channel',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-CHANNEL-ENUM',
    summary: 'payload.channel is not a string',
    draw: at('payload.channel', wrongTypesForScalar('CASH')),
  }),
  defineKind({
    id: 'payload.payoutFieldInPayin',
    field: 'payload.<payout-only field>',
    errorCode: FIELD_ERROR_CODES.payoutFieldInPayin,
    ruleId: 'VAL-PAYIN-NO-PAYOUT-FIELDS',
    summary: 'a payin payload carries a payout-only field',
    types: ['INTERNAL_PAYIN'],
    dependsOnType: true,
    alternativeFields: () => ['payload'],
    draw: fieldOfOtherType(PAYOUT_ONLY_PAYLOAD_FIELDS),
  }),
  defineKind({
    id: 'payload.payinFieldInPayout',
    field: 'payload.<payin-only field>',
    errorCode: FIELD_ERROR_CODES.payinFieldInPayout,
    ruleId: 'VAL-PAYOUT-NO-PAYIN-FIELDS',
    summary: 'a payout payload carries a payin-only field',
    types: ['INTERNAL_PAYOUT'],
    dependsOnType: true,
    alternativeFields: () => ['payload'],
    draw: fieldOfOtherType(PAYIN_ONLY_PAYLOAD_FIELDS),
  }),
  defineKind({
    id: 'payload.ownField.wrongType',
    field: "payload.<the type's own field>",
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-ALL-FAILURES',
    summary: "one of the type's own payload fields is not a string",
    dependsOnType: true,
    draw: (base) =>
      fc
        .tuple(fc.constantFrom(...ownFieldsOf(base.type)), wrongTypesForScalar('x'))
        .map(([name, value]) => ({ field: `payload.${name}`, value })),
  }),
  defineKind({
    id: 'payload.unknownProperty',
    field: 'payload.<unknown>',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-PAYLOAD-UNKNOWN-PROPERTY',
    summary: 'the payload carries a property the schema does not know (code not shown)',
    alternativeFields: () => ['payload'],
    draw: () =>
      fc
        .tuple(unknownPropertyNameArbitrary(), fc.constantFrom<unknown>('x', 1, true, null, {}, []))
        .map(([name, value]) => ({ field: `payload.${name}`, value: { value } })),
  }),
];
