/**
 * type: outside the enum, or not a string. Either fault also removes the payload fields of the type it
 * replaces: with no valid type the rule "payin field in a payout" cannot be decided, and a deployment
 * may read it either way.
 */
import { EVENT_TYPES, FIELD_ERROR_CODES } from '../../../spec/event-fields.ts';
import type { FinancialEventFields } from '../../financial-event.ts';
import { ANY_ERROR_CODE } from '../../verdict.ts';
import { at, defineKind, type FaultKindDefinition } from '../define-kind.ts';
import type { FaultOperation } from '../fault.ts';
import { ownFieldsOf } from '../payload-values.ts';
import { enumFaultValues, wrongTypesForScalar } from '../values.ts';

const removeTypeSpecificFields = (base: FinancialEventFields): readonly FaultOperation[] =>
  ownFieldsOf(base.type)
    .filter((name) => Object.keys(base.payload).includes(name))
    .map((name): FaultOperation => ({ op: 'delete', path: `payload.${name}` }));

export const TYPE_FAULTS: readonly FaultKindDefinition[] = [
  defineKind({
    id: 'type.invalid',
    field: 'type',
    errorCode: FIELD_ERROR_CODES.type,
    ruleId: 'VAL-TYPE-ENUM',
    summary: 'type is a string other than INTERNAL_PAYIN and INTERNAL_PAYOUT',
    changesType: true,
    prepare: removeTypeSpecificFields,
    draw: at(
      'type',
      enumFaultValues(EVENT_TYPES, ['INTERNAL_TRANSFER', 'EXTERNAL_PAYIN', 'PAYIN', 'PAYOUT']),
    ),
  }),
  defineKind({
    id: 'type.wrongType',
    field: 'type',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-TYPE-ENUM',
    summary: 'type is not a string',
    changesType: true,
    prepare: removeTypeSpecificFields,
    draw: at('type', wrongTypesForScalar('INTERNAL_PAYIN')),
  }),
];
