/** countryCode and currencyCode: strings in no ISO list, or not strings. */
import { FIELD_ERROR_CODES } from '../../../spec/event-fields.ts';
import { INVALID_COUNTRY_CODES, INVALID_CURRENCY_CODES } from '../../iso-codes.ts';
import { ANY_ERROR_CODE } from '../../verdict.ts';
import { at, defineKind, type FaultKindDefinition } from '../define-kind.ts';
import { labelledFrom, wrongTypesForScalar } from '../values.ts';

export const ISO_CODE_FAULTS: readonly FaultKindDefinition[] = [
  defineKind({
    id: 'countryCode.invalid',
    field: 'countryCode',
    errorCode: FIELD_ERROR_CODES.countryCode,
    ruleId: 'VAL-COUNTRY-ISO3166',
    summary: 'countryCode is a string that is no ISO 3166-1 alpha-2 code in any list',
    draw: at('countryCode', labelledFrom(INVALID_COUNTRY_CODES)),
  }),
  defineKind({
    id: 'countryCode.wrongType',
    field: 'countryCode',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-COUNTRY-ISO3166',
    summary: 'countryCode is not a string',
    draw: at('countryCode', wrongTypesForScalar('DE')),
  }),
  defineKind({
    id: 'currencyCode.invalid',
    field: 'currencyCode',
    errorCode: FIELD_ERROR_CODES.currencyCode,
    ruleId: 'VAL-CURRENCY-ISO4217',
    summary: 'currencyCode is a string that is no ISO 4217 code in any list',
    draw: at('currencyCode', labelledFrom(INVALID_CURRENCY_CODES)),
  }),
  defineKind({
    id: 'currencyCode.wrongType',
    field: 'currencyCode',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-CURRENCY-ISO4217',
    summary: 'currencyCode is not a string',
    draw: at('currencyCode', wrongTypesForScalar('EUR')),
  }),
];
