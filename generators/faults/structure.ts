/**
 * The structural fault dimension: every position of an event body crossed with every JSON shape it
 * can take, each cell carrying its expected verdict in the oracle's vocabulary.
 *
 * Positions: each top-level field, `payload` and each payload field, `multiCurrencyAmounts`, an item
 * of it and each field of an item. Items are addressed at fixed indexes (the whole item at [0], its
 * fields at [1]), so that one body can carry a fault at every position at once; a base event needs two
 * items.
 *
 * Shapes: absent, null, a boolean, a number, a string, the empty string, an array, an object, and, at
 * an amount, a numeric string. The shape a position is meant to have, and `absent` where the field is
 * optional, are no faults (their values are the other fault kinds' business).
 *
 * Verdicts, from the spec's text:
 * - stated: the empty string where 2.1 gives the field a code for any other value (`type` "" is
 *   ERR-3002, externalId "" or absent is ERR-3001); an array or object where a scalar belongs and a
 *   scalar where an object or array belongs (no stack reads them as the right type) are refused naming
 *   the position, under any code (GAP-WRONG-JSON-TYPE leaves the code open); an item that is not an
 *   object, or lacks a field 2.1 says each item has, likewise;
 * - open, a reading (`readingOf`): `null` or absence of a field whose requiredness is not shown
 *   (GAP-REQUIRED-FIELDS: null may read as absent), a number or boolean where a free string belongs and a
 *   numeric string or boolean where an amount belongs (Jackson, pydantic and ASP.NET coerce scalars:
 *   GAP-WRONG-JSON-TYPE), an empty originalStatus or name (values and lengths not shown). Such a value
 *   may be refused (naming the position) or accepted; accepted, the rest of the event is kept.
 * A non-object item may be reported once on the item or once per field inside it (`reportedWithin`).
 * Whatever the cell, a 5xx is never its answer.
 */

import type { ErrorCode } from '../../spec/error-codes.ts';
import {
  EVENT_TYPES,
  type EventType,
  FIELD_ERROR_CODES,
  PAYIN_ONLY_PAYLOAD_FIELDS,
  PAYOUT_ONLY_PAYLOAD_FIELDS,
} from '../../spec/event-fields.ts';
import type { RuleId } from '../../spec/rules.ts';
import { toJsonBody } from '../json-body.ts';
import { ANY_ERROR_CODE, type ExpectedError } from '../verdict.ts';
import { type AppliedFault, blankMark, type FaultOperation } from './fault.ts';
import { itemHolders } from './item-holders.ts';
import { wrongShapeReporting } from './wrong-shape.ts';

export const STRUCTURAL_SHAPES = Object.freeze([
  'absent',
  'null',
  'boolean',
  'number',
  'string',
  'emptyString',
  'array',
  'object',
  'numericString',
  'negativeNumericString',
] as const);
export type StructuralShape = (typeof STRUCTURAL_SHAPES)[number];

/** What a position holds when it is right: the shape its faults are measured against. */
type PositionKind = 'externalId' | 'enum' | 'freeString' | 'amount' | 'object' | 'array' | 'item';

export interface StructuralPosition {
  /** The path faults set: `payload.payerName`, `multiCurrencyAmounts[1].amount`. */
  readonly path: string;
  readonly kind: PositionKind;
  /** The rule the position's failure comes from: the one its missing failure (or a 5xx) breaks. */
  readonly ruleId: RuleId;
  /** The code 2.1 gives any string that is not a valid value (`""` included), where it gives one. */
  readonly valueCode?: ErrorCode;
  /** Required by the spec's text (externalId; an item's two fields): absence is a stated failure. */
  readonly required?: boolean;
  /** Absent is no fault (an optional payload field). */
  readonly optional?: boolean;
  /** A field of one type's payload: only events of that type carry it. */
  readonly types: readonly EventType[];
  readonly example: string | number;
}

const position = (
  path: string,
  kind: PositionKind,
  ruleId: RuleId,
  example: string | number,
  more: Partial<Pick<StructuralPosition, 'valueCode' | 'required' | 'optional' | 'types'>> = {},
): StructuralPosition => Object.freeze({ path, kind, ruleId, example, types: EVENT_TYPES, ...more });

const ownField = (name: string, type: EventType): StructuralPosition =>
  position(`payload.${name}`, 'freeString', 'VAL-ALL-FAILURES', 'x', { optional: true, types: [type] });

/** The positions of an event body, in the spec's field order. */
export const STRUCTURAL_POSITIONS: readonly StructuralPosition[] = Object.freeze([
  position('externalId', 'externalId', 'VAL-EXTERNAL-ID-REQUIRED', 'ext-1', {
    valueCode: FIELD_ERROR_CODES.externalId,
    required: true,
  }),
  position('type', 'enum', 'VAL-TYPE-ENUM', 'INTERNAL_PAYIN', { valueCode: FIELD_ERROR_CODES.type }),
  position('countryCode', 'enum', 'VAL-COUNTRY-ISO3166', 'DE', { valueCode: FIELD_ERROR_CODES.countryCode }),
  position('currencyCode', 'enum', 'VAL-CURRENCY-ISO4217', 'EUR', {
    valueCode: FIELD_ERROR_CODES.currencyCode,
  }),
  position('amount', 'amount', 'VAL-AMOUNT-POSITIVE', 12),
  position('status', 'enum', 'VAL-STATUS-ENUM', 'PENDING', { valueCode: FIELD_ERROR_CODES.status }),
  position('originalStatus', 'freeString', 'VAL-ALL-FAILURES', 'SETTLED'),
  position('payload', 'object', 'VAL-ALL-FAILURES', 'CASH'),
  position('payload.channel', 'enum', 'VAL-CHANNEL-ENUM', 'CASH', {
    valueCode: FIELD_ERROR_CODES.channel,
    optional: true,
  }),
  ...PAYIN_ONLY_PAYLOAD_FIELDS.map((name) => ownField(name, 'INTERNAL_PAYIN')),
  ...PAYOUT_ONLY_PAYLOAD_FIELDS.map((name) => ownField(name, 'INTERNAL_PAYOUT')),
  position('multiCurrencyAmounts', 'array', 'VAL-ALL-FAILURES', 'EUR'),
  position('multiCurrencyAmounts[0]', 'item', 'VAL-ALL-FAILURES', 'EUR'),
  position('multiCurrencyAmounts[1].currencyCode', 'enum', 'VAL-MCA-CURRENCY-ISO4217', 'EUR', {
    valueCode: FIELD_ERROR_CODES.multiCurrencyAmountCurrencyCode,
    required: true,
  }),
  position('multiCurrencyAmounts[1].amount', 'amount', 'VAL-MCA-AMOUNT-POSITIVE', 5, { required: true }),
]);

/** The rules the dimension's cells come from: what a check or property over them is declared with. */
export const STRUCTURAL_RULES: readonly RuleId[] = Object.freeze([
  ...new Set(STRUCTURAL_POSITIONS.map((at) => at.ruleId)),
]);

/** The value of a shape at a position (`delete` for absent), or undefined where the shape is no fault. */
const shapeValue = (
  at: StructuralPosition,
  shape: StructuralShape,
): { value: unknown } | 'delete' | undefined => {
  const scalar = at.kind !== 'object' && at.kind !== 'array' && at.kind !== 'item';
  const stringy = at.kind === 'externalId' || at.kind === 'enum' || at.kind === 'freeString';
  switch (shape) {
    case 'absent':
      return at.optional || at.kind === 'item' ? undefined : 'delete';
    case 'null':
      return { value: null };
    case 'boolean':
      return { value: true };
    case 'number':
      return at.kind === 'amount' ? undefined : { value: at.kind === 'item' || !scalar ? 1 : 42 };
    case 'string':
      return stringy ? undefined : { value: at.kind === 'amount' ? 'twelve' : String(at.example) };
    case 'emptyString':
      return { value: '' };
    case 'array':
      return at.kind === 'array' ? undefined : { value: at.kind === 'item' ? ['EUR', 1] : [at.example] };
    case 'object':
      return at.kind === 'object' ? undefined : { value: {} };
    case 'numericString':
      return at.kind === 'amount' ? { value: '12.50' } : undefined;
    case 'negativeNumericString':
      return at.kind === 'amount' ? { value: '-12.50' } : undefined;
  }
};

/** The verdict of a shape at a position: a code and, for an open cell, the gap it reads. */
const verdictOf = (
  at: StructuralPosition,
  shape: StructuralShape,
): { errorCode: ExpectedError['errorCode']; readingOf?: RuleId } => {
  const stated = (errorCode: ExpectedError['errorCode']) => ({ errorCode });
  const reading = (readingOf: RuleId) => ({
    errorCode: ANY_ERROR_CODE as ExpectedError['errorCode'],
    readingOf,
  });
  if (shape === 'absent') {
    if (at.kind === 'externalId') return stated(FIELD_ERROR_CODES.externalId);
    return at.required ? stated(ANY_ERROR_CODE) : reading('GAP-REQUIRED-FIELDS');
  }
  if (shape === 'null') {
    // 2.1 gives externalId "empty or missing" ERR-3001; null is one or a wrong type: a 400 either way.
    return at.required || at.kind === 'item' || at.kind === 'externalId'
      ? stated(ANY_ERROR_CODE)
      : reading('GAP-REQUIRED-FIELDS');
  }
  if (shape === 'emptyString') {
    if (at.valueCode !== undefined) return stated(at.valueCode);
    // An empty originalStatus or name is a string of a length the spec does not bound; "" where an
    // amount belongs is read as null by Jackson.
    if (at.kind === 'freeString')
      return reading(at.path === 'originalStatus' ? 'GAP-ORIGINAL-STATUS-VALUES' : 'GAP-FIELD-LIMITS');
    if (at.kind === 'amount' && !at.required) return reading('GAP-WRONG-JSON-TYPE');
    return stated(ANY_ERROR_CODE);
  }
  if (shape === 'numericString') return reading('GAP-WRONG-JSON-TYPE');
  // Coerced it is a negative amount (ERR-3005, ERR-3008); not coerced, a value of the wrong type:
  // refused either way, never stored.
  if (shape === 'negativeNumericString') return stated(ANY_ERROR_CODE);
  if (shape === 'boolean' || shape === 'number') {
    // Coercible scalars: a free string from a number or boolean, an amount from a boolean (pydantic).
    if (at.kind === 'freeString' || at.kind === 'externalId' || at.kind === 'amount')
      return reading('GAP-WRONG-JSON-TYPE');
  }
  return stated(ANY_ERROR_CODE);
};

/** One cell of the dimension, as a fault the generators apply like any other. */
export interface StructuralFault extends AppliedFault {
  readonly position: StructuralPosition;
  readonly shape: StructuralShape;
  /** Types of event the cell applies to. */
  readonly types: readonly EventType[];
}

/** A `type` fault removes the payload fields of the type it replaces: with no valid type, their rules cannot be decided. */
const typeSpecificFieldsRemoved = (): readonly FaultOperation[] =>
  [...PAYIN_ONLY_PAYLOAD_FIELDS, ...PAYOUT_ONLY_PAYLOAD_FIELDS].map(
    (name): FaultOperation => ({ op: 'delete', path: `payload.${name}` }),
  );

const holdersOf = (path: string): Pick<ExpectedError, 'alternativeFields'> => {
  const alternativeFields = itemHolders(path);
  return alternativeFields ? { alternativeFields } : {};
};

const cellOf = (at: StructuralPosition, shape: StructuralShape): StructuralFault | undefined => {
  const value = shapeValue(at, shape);
  if (value === undefined) return undefined;
  const { errorCode, readingOf } = verdictOf(at, shape);
  const operation: FaultOperation =
    value === 'delete' ? { op: 'delete', path: at.path } : { op: 'set', path: at.path, value: value.value };
  const expected: ExpectedError = {
    field: at.path,
    errorCode,
    ruleId: at.ruleId,
    ...(readingOf ? { readingOf } : {}),
    ...(value === 'delete' ? {} : blankMark(value.value)),
    // A value of the wrong shape where a container belongs may be reported per field inside it; a
    // field of an item may be reported on the item or the list.
    ...(at.kind === 'item' || at.kind === 'object' || at.kind === 'array'
      ? wrongShapeReporting(at.path, at.kind)
      : holdersOf(at.path)),
  };
  const changesType = at.path === 'type';
  return Object.freeze({
    position: at,
    shape,
    types: at.types,
    field: at.path,
    operations: [...(changesType ? typeSpecificFieldsRemoved() : []), operation],
    expected,
    description:
      value === 'delete' ? `${at.path} missing` : `${at.path} = ${toJsonBody(value.value)} (${shape})`,
    changesType,
    dependsOnType: at.path.startsWith('payload.') && at.kind === 'freeString',
  });
};

/** Every cell of the dimension that is a fault, position by position, shape by shape. */
export const STRUCTURAL_FAULTS: readonly StructuralFault[] = Object.freeze(
  STRUCTURAL_POSITIONS.flatMap((at) =>
    STRUCTURAL_SHAPES.map((shape) => cellOf(at, shape)).filter(
      (cell): cell is StructuralFault => cell !== undefined,
    ),
  ),
);

/** The cells that apply to an event of this type (the other type's payload fields excluded). */
export const structuralFaultsFor = (type: EventType): readonly StructuralFault[] =>
  STRUCTURAL_FAULTS.filter((cell) => cell.types.includes(type));

/** Whether a cell is only a reading of a gap: the body may be refused for it or accepted. */
export const isReadingCell = (cell: StructuralFault): boolean => cell.expected.readingOf !== undefined;
