/**
 * Faults: one change to a valid event that breaks one rule of the spec, with the error it must
 * produce. A fault is plain data (the field it breaks, the operations that break it, the expected
 * error), so a counterexample prints as what it is.
 *
 * Where the spec gives the code, the expectation is that code. Where it does not, the expectation is
 * "a 400 naming this field, any ERR-nnnn code" (errorCode ANY):
 * - an unknown payload property: "any unknown field gives a 400", code not shown
 *   (GAP-UNKNOWN-PAYLOAD-CODE);
 * - a field of the wrong JSON type, including the fields that have a code of their own. The spec
 *   gives each field a type and, separately, a rule on its value with a code ("must be greater than
 *   0", "one of PENDING, REJECTED, BOOKED; otherwise ERR-3006"). A string "12" for amount breaks the
 *   type, not the value rule, and a deployment that checks types first (a schema, a typed
 *   deserializer) answers with its own code; spec/rules.ts records this as GAP-WRONG-JSON-TYPE. So no
 *   wrong-type fault claims a field's own code.
 * JSON null is never used as a wrong type, except for externalId (which is required): for the other
 *   fields a deployment may read null as "absent", and which fields are required is not shown.
 *
 * Faults never interfere (see `faultsConflict`): no two faults touch the same field or a field and
 * one inside it, and a fault that makes the type invalid never meets a fault whose verdict depends
 * on the type (ERR-3009, ERR-3010, a wrong type for a type's own payload field). A fault on type
 * also removes the payload fields of the type it replaces, because with no valid type the rule
 * "payin field in a payout" cannot be decided, and a deployment may read it either way.
 */
import * as fc from 'fast-check';
import {
  CHANNELS,
  EVENT_STATUSES,
  EVENT_TYPES,
  type EventType,
  FIELD_ERROR_CODES,
  PAYIN_ONLY_PAYLOAD_FIELDS,
  PAYLOAD_FIELDS,
  PAYOUT_ONLY_PAYLOAD_FIELDS,
} from '../spec/event-fields.ts';
import type { RuleId } from '../spec/rules.ts';
import { nonPositiveAmountArbitrary } from './amounts.ts';
import { fieldPathsOverlap } from './field-path.ts';
import type { FinancialEventFields } from './financial-event.ts';
import { INVALID_COUNTRY_CODES, INVALID_CURRENCY_CODES } from './iso-codes.ts';
import { toJsonBody } from './json-body.ts';
import { ANY_ERROR_CODE, type ExpectedError, type ExpectedErrorCode } from './verdict.ts';

export const FAULT_KIND_IDS = Object.freeze([
  'externalId.empty',
  'externalId.missing',
  'externalId.wrongType',
  'type.invalid',
  'type.wrongType',
  'countryCode.invalid',
  'countryCode.wrongType',
  'currencyCode.invalid',
  'currencyCode.wrongType',
  'amount.nonPositive',
  'amount.wrongType',
  'status.invalid',
  'status.wrongType',
  'originalStatus.wrongType',
  'payload.wrongType',
  'payload.channel.invalid',
  'payload.channel.wrongType',
  'payload.payoutFieldInPayin',
  'payload.payinFieldInPayout',
  'payload.ownField.wrongType',
  'payload.unknownProperty',
  'multiCurrencyAmounts.wrongType',
  'multiCurrencyAmounts.item.wrongType',
  'multiCurrencyAmounts.item.currencyCode.invalid',
  'multiCurrencyAmounts.item.currencyCode.wrongType',
  'multiCurrencyAmounts.item.amount.nonPositive',
  'multiCurrencyAmounts.item.amount.wrongType',
] as const);
export type FaultKindId = (typeof FAULT_KIND_IDS)[number];

export type FaultOperation =
  | { readonly op: 'set'; readonly path: string; readonly value: unknown }
  | { readonly op: 'delete'; readonly path: string };

export interface Fault {
  readonly kind: FaultKindId;
  /** The field the fault breaks; also the field of its expected error. */
  readonly field: string;
  /** What to do to a copy of the valid event, in order. */
  readonly operations: readonly FaultOperation[];
  readonly expected: ExpectedError;
  /** For messages: `amount = -0 (zero written as -0)`. */
  readonly description: string;
  /** Makes the type invalid, so the type-specific payload rules no longer apply. */
  readonly changesType: boolean;
  /** Its verdict depends on the event's type. */
  readonly dependsOnType: boolean;
}

export interface FaultKind {
  readonly id: FaultKindId;
  /** The field it breaks, with `[i]` for any item of multiCurrencyAmounts and `<name>` for a property name. */
  readonly field: string;
  readonly errorCode: ExpectedErrorCode;
  readonly ruleId: RuleId;
  readonly summary: string;
  /** Types of event the kind applies to. */
  readonly types: readonly EventType[];
  /** Whether it needs at least one multiCurrencyAmounts item. */
  readonly needsMultiCurrencyAmount: boolean;
}

interface FaultKindDefinition extends FaultKind {
  readonly arbitrary: (base: FinancialEventFields) => fc.Arbitrary<Fault>;
}

// ---------------------------------------------------------------------------------------------
// Values

interface Labelled {
  readonly value: unknown;
  readonly label?: string;
}

const labelledFrom = (pools: Readonly<Record<string, readonly unknown[]>>): fc.Arbitrary<Labelled> =>
  fc.oneof(
    ...Object.entries(pools)
      .filter(([, values]) => values.length > 0)
      .map(([label, values]) => fc.constantFrom(...values).map((value): Labelled => ({ value, label }))),
  );

const plain = (arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<Labelled> =>
  arbitrary.map((value): Labelled => ({ value }));

/** Near misses of an enum value: case, spaces, separators, one letter more or less, a look-alike letter. */
const nearMisses = (allowed: readonly string[]): Record<string, readonly string[]> => {
  const variants = (value: string): Record<string, string> => ({
    lowercase: value.toLowerCase(),
    capitalized: `${value.charAt(0)}${value.slice(1).toLowerCase()}`,
    leadingSpace: ` ${value}`,
    trailingSpace: `${value} `,
    hyphen: value.replace(/_/g, '-'),
    noSeparator: value.replace(/_/g, ''),
    plural: `${value}S`,
    truncated: value.slice(0, -1),
    // Cyrillic А (U+0410) or О (U+041E) for the first Latin A or O.
    homoglyph: /[AO]/.test(value)
      ? value.replace(/[AO]/, (c) => (c === 'A' ? '\u0410' : '\u041E'))
      : `${value}\u0410`,
  });
  const pools: Record<string, string[]> = {};
  for (const value of allowed) {
    for (const [label, variant] of Object.entries(variants(value))) {
      if (allowed.includes(variant)) continue;
      const pool = pools[label] ?? [];
      if (!pool.includes(variant)) pool.push(variant);
      pools[label] = pool;
    }
  }
  return pools;
};

const enumFaultValues = (allowed: readonly string[], others: readonly string[]): fc.Arbitrary<Labelled> =>
  labelledFrom({ ...nearMisses(allowed), other: others, empty: [''] });

/*
 * Wrong JSON types that no stack reads as the right one. Many coerce scalars (Jackson and pydantic
 * read "12.50" as an amount and 42 as a string, ASP.NET Core reads numbers from strings): what a
 * deployment does with such a value is a reading of GAP-WRONG-JSON-TYPE, which the hand-written gap
 * checks observe, so the generators only send an array or an object where a scalar belongs.
 */
const wrongTypesForString = (example: string): fc.Arbitrary<Labelled> =>
  labelledFrom({
    array: [[], [example]],
    object: [{}, { value: example }],
  });

const wrongTypesForNumber = (example: number): fc.Arbitrary<Labelled> =>
  labelledFrom({
    array: [[], [example]],
    object: [{}, { value: example }],
  });

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
const unknownPropertyNameArbitrary = (): fc.Arbitrary<string> =>
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
const PERSONAL_ID_TYPES = ['PASSPORT', 'NATIONAL_ID'] as const;

/** A plausible string value for a type-specific payload field (`…Name`, `…PersonalIdType`, `…PersonalId`). */
const payloadFieldValue = (field: string): fc.Arbitrary<string> =>
  field.endsWith('Name')
    ? fc.constantFrom(...PERSON_NAMES)
    : field.endsWith('IdType')
      ? fc.constantFrom(...PERSONAL_ID_TYPES)
      : fc.constantFrom('X1234567', 'AB-998877');

// ---------------------------------------------------------------------------------------------
// Kinds

const ALL_TYPES = EVENT_TYPES;

const describeFault = (field: string, operation: FaultOperation, label?: string): string =>
  operation.op === 'delete'
    ? `${field} missing`
    : `${field} = ${toJsonBody(operation.value)}${label ? ` (${label})` : ''}`;

interface KindSpec {
  readonly id: FaultKindId;
  readonly field: string;
  readonly errorCode: ExpectedErrorCode;
  readonly ruleId: RuleId;
  readonly summary: string;
  readonly types?: readonly EventType[];
  readonly needsMultiCurrencyAmount?: boolean;
  readonly changesType?: boolean;
  readonly dependsOnType?: boolean;
  readonly alternativeFields?: (field: string) => readonly string[];
  /** The field broken in this base (for `[i]` and `<name>` kinds) and the value that breaks it. */
  readonly draw: (base: FinancialEventFields) => fc.Arbitrary<{
    readonly field: string;
    readonly value: Labelled | 'delete';
  }>;
  /** Operations to run before the one that breaks the field. */
  readonly prepare?: (base: FinancialEventFields) => readonly FaultOperation[];
}

const defineKind = (spec: KindSpec): FaultKindDefinition => ({
  id: spec.id,
  field: spec.field,
  errorCode: spec.errorCode,
  ruleId: spec.ruleId,
  summary: spec.summary,
  types: spec.types ?? ALL_TYPES,
  needsMultiCurrencyAmount: spec.needsMultiCurrencyAmount ?? false,
  arbitrary: (base) =>
    spec.draw(base).map(({ field, value }): Fault => {
      const operation: FaultOperation =
        value === 'delete' ? { op: 'delete', path: field } : { op: 'set', path: field, value: value.value };
      const alternativeFields = spec.alternativeFields?.(field);
      return {
        kind: spec.id,
        field,
        operations: [...(spec.prepare?.(base) ?? []), operation],
        expected: {
          field,
          errorCode: spec.errorCode,
          ruleId: spec.ruleId,
          ...(alternativeFields ? { alternativeFields } : {}),
        },
        description: describeFault(field, operation, value === 'delete' ? undefined : value.label),
        changesType: spec.changesType ?? false,
        dependsOnType: spec.dependsOnType ?? false,
      };
    }),
});

const at = (field: string, values: fc.Arbitrary<Labelled | 'delete'>) => () =>
  values.map((value) => ({ field, value }));

/** An index of an existing multiCurrencyAmounts item: any of them, not only the first. */
const atItem = (suffix: string, values: fc.Arbitrary<Labelled>) => (base: FinancialEventFields) =>
  fc
    .tuple(fc.integer({ min: 0, max: Math.max(0, base.multiCurrencyAmounts.length - 1) }), values)
    .map(([index, value]) => ({ field: `multiCurrencyAmounts[${index}]${suffix}`, value }));

const ownFieldsOf = (type: EventType): readonly string[] =>
  type === 'INTERNAL_PAYIN' ? PAYIN_ONLY_PAYLOAD_FIELDS : PAYOUT_ONLY_PAYLOAD_FIELDS;

/** A fault on type removes the payload fields of the type it replaces (see the file's comment). */
const removeTypeSpecificFields = (base: FinancialEventFields): readonly FaultOperation[] =>
  ownFieldsOf(base.type)
    .filter((name) => Object.keys(base.payload).includes(name))
    .map((name): FaultOperation => ({ op: 'delete', path: `payload.${name}` }));

const DEFINITIONS: readonly FaultKindDefinition[] = [
  defineKind({
    id: 'externalId.empty',
    field: 'externalId',
    errorCode: FIELD_ERROR_CODES.externalId,
    ruleId: 'VAL-EXTERNAL-ID-REQUIRED',
    summary: 'externalId is the empty string',
    draw: at('externalId', fc.constant({ value: '', label: 'empty' })),
  }),
  defineKind({
    id: 'externalId.missing',
    field: 'externalId',
    errorCode: FIELD_ERROR_CODES.externalId,
    ruleId: 'VAL-EXTERNAL-ID-REQUIRED',
    summary: 'externalId is absent',
    draw: at('externalId', fc.constant('delete' as const)),
  }),
  defineKind({
    id: 'externalId.wrongType',
    field: 'externalId',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-EXTERNAL-ID-REQUIRED',
    summary: 'externalId is not a string (null included: missing or wrong type, either way a 400)',
    draw: at(
      'externalId',
      fc.oneof(wrongTypesForString('ext-1'), fc.constant({ value: null, label: 'null' })),
    ),
  }),
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
    draw: at('type', wrongTypesForString('INTERNAL_PAYIN')),
  }),
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
    draw: at('countryCode', wrongTypesForString('DE')),
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
    draw: at('currencyCode', wrongTypesForString('EUR')),
  }),
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
    draw: at('amount', wrongTypesForNumber(12)),
  }),
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
    draw: at('status', wrongTypesForString('PENDING')),
  }),
  defineKind({
    id: 'originalStatus.wrongType',
    field: 'originalStatus',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-ALL-FAILURES',
    summary: 'originalStatus is not a string (its values are not shown, its type is)',
    draw: at('originalStatus', wrongTypesForString('SETTLED')),
  }),
  defineKind({
    id: 'payload.wrongType',
    field: 'payload',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-ALL-FAILURES',
    summary: 'payload is not an object',
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
    draw: at('payload.channel', wrongTypesForString('CASH')),
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
    draw: () =>
      fc
        .constantFrom(...PAYOUT_ONLY_PAYLOAD_FIELDS)
        .chain((name) =>
          payloadFieldValue(name).map((value) => ({ field: `payload.${name}`, value: { value } })),
        ),
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
    draw: () =>
      fc
        .constantFrom(...PAYIN_ONLY_PAYLOAD_FIELDS)
        .chain((name) =>
          payloadFieldValue(name).map((value) => ({ field: `payload.${name}`, value: { value } })),
        ),
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
        .tuple(fc.constantFrom(...ownFieldsOf(base.type)), wrongTypesForString('x'))
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
  defineKind({
    id: 'multiCurrencyAmounts.wrongType',
    field: 'multiCurrencyAmounts',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-ALL-FAILURES',
    summary: 'multiCurrencyAmounts is not an array',
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
    draw: atItem('.currencyCode', labelledFrom(INVALID_CURRENCY_CODES)),
  }),
  defineKind({
    id: 'multiCurrencyAmounts.item.currencyCode.wrongType',
    field: 'multiCurrencyAmounts[i].currencyCode',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-MCA-CURRENCY-ISO4217',
    summary: 'the currencyCode of an item is not a string',
    needsMultiCurrencyAmount: true,
    draw: atItem('.currencyCode', wrongTypesForString('EUR')),
  }),
  defineKind({
    id: 'multiCurrencyAmounts.item.amount.nonPositive',
    field: 'multiCurrencyAmounts[i].amount',
    errorCode: FIELD_ERROR_CODES.multiCurrencyAmountAmount,
    ruleId: 'VAL-MCA-AMOUNT-POSITIVE',
    summary: 'the amount of an item is zero (0, -0, 0.00) or negative',
    needsMultiCurrencyAmount: true,
    draw: atItem('.amount', plain(nonPositiveAmountArbitrary())),
  }),
  defineKind({
    id: 'multiCurrencyAmounts.item.amount.wrongType',
    field: 'multiCurrencyAmounts[i].amount',
    errorCode: ANY_ERROR_CODE,
    ruleId: 'VAL-MCA-AMOUNT-POSITIVE',
    summary: 'the amount of an item is not a number',
    needsMultiCurrencyAmount: true,
    draw: atItem('.amount', wrongTypesForNumber(5)),
  }),
];

const DEFINITIONS_BY_ID: ReadonlyMap<FaultKindId, FaultKindDefinition> = new Map(
  DEFINITIONS.map((definition) => [definition.id, definition]),
);

/** Every kind of fault, as data (no arbitraries): for tables, reports and the certificate. */
export const FAULT_KINDS: readonly FaultKind[] = Object.freeze(
  DEFINITIONS.map(({ arbitrary: _arbitrary, ...kind }) => Object.freeze(kind)),
);

const definitionOf = (id: FaultKindId): FaultKindDefinition => {
  const definition = DEFINITIONS_BY_ID.get(id);
  if (definition === undefined) throw new Error(`unknown fault kind ${id}`);
  return definition;
};

/** Whether a kind can break this base event. */
export const faultKindApplies = (kind: FaultKindId, base: FinancialEventFields): boolean => {
  const definition = definitionOf(kind);
  return (
    definition.types.includes(base.type) &&
    (!definition.needsMultiCurrencyAmount || base.multiCurrencyAmounts.length > 0)
  );
};

/** Faults of one kind for this base event. */
export const faultArbitrary = (kind: FaultKindId, base: FinancialEventFields): fc.Arbitrary<Fault> => {
  if (!faultKindApplies(kind, base)) throw new Error(`fault kind ${kind} does not apply to this event`);
  return definitionOf(kind).arbitrary(base);
};

/**
 * Whether two faults would interfere: they touch the same field or one inside the other, or one
 * makes the type invalid while the other's verdict depends on the type.
 */
export const faultsConflict = (a: Fault, b: Fault): boolean =>
  fieldPathsOverlap(a.field, b.field) ||
  (a.changesType && b.dependsOnType) ||
  (b.changesType && a.dependsOnType);

/** The longest prefix-greedy selection of faults that do not conflict, at most `max` of them. */
export const compatibleFaults = (candidates: readonly Fault[], max: number): readonly Fault[] => {
  const chosen: Fault[] = [];
  for (const candidate of candidates) {
    if (chosen.length >= max) break;
    if (chosen.every((fault) => !faultsConflict(fault, candidate))) chosen.push(candidate);
  }
  return chosen;
};

export interface FaultSetOptions {
  readonly minFaults?: number;
  readonly maxFaults?: number;
  /** Only faults of these kinds; every kind when absent. */
  readonly kinds?: readonly FaultKindId[];
}

/** The kinds of `options` that apply to this base event. */
export const applicableFaultKinds = (
  base: FinancialEventFields,
  kinds?: readonly FaultKindId[],
): FaultKindId[] => (kinds ?? FAULT_KIND_IDS).filter((kind) => faultKindApplies(kind, base));

/**
 * Between minFaults and maxFaults faults (1 and 3 by default) for this base event, none of them
 * conflicting. With a narrow choice of kinds, fewer faults than maxFaults may be possible at once;
 * fewer than minFaults is an error.
 */
export const faultSetArbitrary = (
  base: FinancialEventFields,
  options: FaultSetOptions = {},
): fc.Arbitrary<readonly Fault[]> => {
  const minFaults = options.minFaults ?? 1;
  const maxFaults = Math.max(minFaults, options.maxFaults ?? 3);
  const kinds = applicableFaultKinds(base, options.kinds);
  if (kinds.length === 0) throw new Error('no fault kind applies to this event');
  const one = fc.oneof(...kinds.map((kind) => definitionOf(kind).arbitrary(base)));
  // Too few compatible faults are drawn again; a choice of kinds that can never give minFaults at
  // once (say one kind, minFaults 2) would loop for ever, so it is stopped with a message instead.
  let misses = 0;
  return fc
    .array(one, { minLength: minFaults, maxLength: maxFaults + 3 })
    .map((candidates) => compatibleFaults(candidates, maxFaults))
    .filter((faults) => {
      if (faults.length >= minFaults) {
        misses = 0;
        return true;
      }
      misses += 1;
      if (misses > 1000) {
        throw new Error(`the kinds ${kinds.join(', ')} never give ${minFaults} compatible faults at once`);
      }
      return false;
    });
};
