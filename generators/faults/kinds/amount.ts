/** amount: zero or negative (ERR-3005), or not a number. */
import { FIELD_ERROR_CODES } from '../../../spec/event-fields.ts';
import { nonPositiveAmountArbitrary } from '../../amounts.ts';
import { ANY_ERROR_CODE } from '../../verdict.ts';
import { at, defineKind, type FaultKindDefinition } from '../define-kind.ts';
import { plain, wrongTypesForScalar } from '../values.ts';

export const AMOUNT_FAULTS: readonly FaultKindDefinition[] = [
  defineKind({
    id: 'amount.nonPositive',
    field: 'amount',
    errorCode: FIELD_ERROR_CODES.amount,
    ruleId: 'VAL-AMOUNT-POSITIVE',
    summary: 'amount is zero (0, -0, 0.00) or negative',
    draw: at('amount', plain(nonPositiveAmountArbitrary())),
  }),
  defineKind({
    id: 'amount.wrongType',
    field: 'amount',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-AMOUNT-POSITIVE',
    summary: 'amount is not a number (a numeric string included)',
    draw: at('amount', wrongTypesForScalar(12)),
  }),
];
