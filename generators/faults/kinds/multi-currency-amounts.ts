/**
 * multiCurrencyAmounts: not an array; an item not an object; an item's currencyCode in no ISO list or
 * not a string (ERR-3007); an item's amount zero, negative or not a number (ERR-3008). Item faults
 * break any item, not only the first.
 */

import * as fc from 'fast-check';
import { FIELD_ERROR_CODES } from '../../../spec/event-fields.ts';
import { nonPositiveAmountArbitrary } from '../../amounts.ts';
import type { FinancialEventFields } from '../../financial-event.ts';
import { INVALID_CURRENCY_CODES } from '../../iso-codes.ts';
import { ANY_ERROR_CODE } from '../../verdict.ts';
import { at, type BrokenField, defineKind, type FaultKindDefinition } from '../define-kind.ts';
import { itemHolders } from '../item-holders.ts';
import { type Labelled, labelledFrom, plain, wrongTypesForScalar } from '../values.ts';

/** A field of an existing item (`suffix` after `multiCurrencyAmounts[i]`), any of them. */
const atItem =
  (suffix: string, values: fc.Arbitrary<Labelled>) =>
  (base: FinancialEventFields): fc.Arbitrary<BrokenField> =>
    fc
      .tuple(fc.integer({ min: 0, max: Math.max(0, base.multiCurrencyAmounts.length - 1) }), values)
      .map(([index, value]) => ({ field: `multiCurrencyAmounts[${index}]${suffix}`, value }));

export const MULTI_CURRENCY_AMOUNT_FAULTS: readonly FaultKindDefinition[] = [
  defineKind({
    id: 'multiCurrencyAmounts.wrongType',
    field: 'multiCurrencyAmounts',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-ALL-FAILURES',
    summary: 'multiCurrencyAmounts is not an array',
    wrongShapeOf: 'array',
    draw: at(
      'multiCurrencyAmounts',
      labelledFrom({
        object: [{}, { currencyCode: 'EUR', amount: 1 }],
        string: ['EUR'],
        number: [1],
        boolean: [true],
      }),
    ),
  }),
  defineKind({
    id: 'multiCurrencyAmounts.item.wrongType',
    field: 'multiCurrencyAmounts[i]',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-ALL-FAILURES',
    summary: 'an item of multiCurrencyAmounts is not an object',
    wrongShapeOf: 'item',
    needsMultiCurrencyAmount: true,
    draw: atItem(
      '',
      labelledFrom({ string: ['EUR'], number: [1], boolean: [true], array: [[], ['EUR', 1]] }),
    ),
  }),
  defineKind({
    id: 'multiCurrencyAmounts.item.currencyCode.invalid',
    field: 'multiCurrencyAmounts[i].currencyCode',
    errorCode: FIELD_ERROR_CODES.multiCurrencyAmountCurrencyCode,
    ruleId: 'VAL-MCA-CURRENCY-ISO4217',
    summary: 'the currencyCode of an item is no ISO 4217 code in any list',
    needsMultiCurrencyAmount: true,
    alternativeFields: (field) => itemHolders(field) ?? [],
    draw: atItem('.currencyCode', labelledFrom(INVALID_CURRENCY_CODES)),
  }),
  defineKind({
    id: 'multiCurrencyAmounts.item.currencyCode.wrongType',
    field: 'multiCurrencyAmounts[i].currencyCode',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-MCA-CURRENCY-ISO4217',
    summary: 'the currencyCode of an item is not a string',
    needsMultiCurrencyAmount: true,
    alternativeFields: (field) => itemHolders(field) ?? [],
    draw: atItem('.currencyCode', wrongTypesForScalar('EUR')),
  }),
  defineKind({
    id: 'multiCurrencyAmounts.item.amount.nonPositive',
    field: 'multiCurrencyAmounts[i].amount',
    errorCode: FIELD_ERROR_CODES.multiCurrencyAmountAmount,
    ruleId: 'VAL-MCA-AMOUNT-POSITIVE',
    summary: 'the amount of an item is zero (0, -0, 0.00) or negative',
    needsMultiCurrencyAmount: true,
    alternativeFields: (field) => itemHolders(field) ?? [],
    draw: atItem('.amount', plain(nonPositiveAmountArbitrary())),
  }),
  defineKind({
    id: 'multiCurrencyAmounts.item.amount.wrongType',
    field: 'multiCurrencyAmounts[i].amount',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-MCA-AMOUNT-POSITIVE',
    summary: 'the amount of an item is not a number',
    needsMultiCurrencyAmount: true,
    alternativeFields: (field) => itemHolders(field) ?? [],
    draw: atItem('.amount', wrongTypesForScalar(5)),
  }),
];
