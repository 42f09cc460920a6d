/**
 * The generators' public API: valid events, valid updates, invalid events with their expected
 * verdicts, the ISO code pools they draw from, and the k6-safe entry's functions.
 */
export { MAX_AMOUNT, MIN_AMOUNT, nonPositiveAmountArbitrary, positiveAmountArbitrary } from './amounts.ts';
export { EXTERNAL_ID_TAG_SOURCE, externalIdTag } from './external-id-tag.ts';
export * from './faults/index.ts';
export type { FieldPathSegment } from './field-path.ts';
export { fieldPathSegments, fieldPathsOverlap, formatFieldPath } from './field-path.ts';
export type {
  FinancialEvent,
  FinancialEventFields,
  MultiCurrencyAmount,
  Payload,
} from './financial-event.ts';
export { cloneEvent } from './financial-event.ts';
export type { InvalidEventOptions, InvalidEventSample } from './invalid-event.ts';
export { applyFaults, invalidEventArbitrary, invalidUpdateArbitrary } from './invalid-event.ts';
export type { InvalidCountryCodeKind, InvalidCurrencyCodeKind } from './iso-codes.ts';
export {
  CURRENCY_LIST_ONE_DATE,
  INVALID_COUNTRY_CODES,
  INVALID_CURRENCY_CODES,
  VALID_COUNTRY_CODES,
  VALID_CURRENCY_CODES,
} from './iso-codes.ts';
export { JsonNumberText, jsonNumberText, toJsonBody } from './json-body.ts';
export {
  asciiBytes,
  nestedArray,
  withByteOrderMark,
  withInvalidUtf8In,
  withLeadingMembers,
} from './json-documents.ts';
export { realisticEvent, realisticUpdate } from './k6-safe.ts';
export {
  MAGNITUDE_LITERALS,
  POSITIVE_LITERALS,
  PRECISION_LITERALS,
  rotatedLiterals,
  ZERO_LITERALS,
} from './number-literals.ts';
export type { StructuralBodyPlan, StructuralEventOptions } from './structural-event.ts';
export {
  applyStructuralFaults,
  packStructuralFaults,
  structuralEventArbitrary,
} from './structural-event.ts';
export type {
  EventFieldsOptions,
  LengthRange,
  ValidEventOptions,
  ValidUpdateOptions,
} from './valid-event.ts';
export {
  createExternalIdSource,
  eventFieldsArbitrary,
  multiCurrencyAmountsArbitrary,
  payloadArbitrary,
  validEventArbitrary,
  validUpdateArbitrary,
} from './valid-event.ts';
export type { ExpectedError, ExpectedErrorCode, ExpectedVerdict } from './verdict.ts';
export { ANY_ERROR_CODE, combineExpectations, describeVerdict } from './verdict.ts';
