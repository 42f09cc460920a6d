/** status outside its enum or not a string; originalStatus not a string (its values are not shown). */
import { EVENT_STATUSES, FIELD_ERROR_CODES } from '../../../spec/event-fields.ts';
import { ANY_ERROR_CODE } from '../../verdict.ts';
import { at, defineKind, type FaultKindDefinition } from '../define-kind.ts';
import { enumFaultValues, wrongTypesForScalar } from '../values.ts';

export const STATUS_FAULTS: readonly FaultKindDefinition[] = [
  defineKind({
    id: 'status.invalid',
    field: 'status',
    errorCode: FIELD_ERROR_CODES.status,
    ruleId: 'VAL-STATUS-ENUM',
    summary: 'status is a string other than PENDING, REJECTED and BOOKED',
    draw: at('status', enumFaultValues(EVENT_STATUSES, ['CANCELLED', 'SETTLED', 'APPROVED', 'FAILED'])),
  }),
  defineKind({
    id: 'status.wrongType',
    field: 'status',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-STATUS-ENUM',
    summary: 'status is not a string',
    draw: at('status', wrongTypesForScalar('PENDING')),
  }),
  defineKind({
    id: 'originalStatus.wrongType',
    field: 'originalStatus',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-ALL-FAILURES',
    summary: 'originalStatus is not a string (its values are not shown, its type is)',
    draw: at('originalStatus', wrongTypesForScalar('SETTLED')),
  }),
];
