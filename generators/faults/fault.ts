/**
 * What a fault is: one change to a valid event that breaks one rule of the spec, with the error it
 * must produce. A fault is plain data (the field it breaks, the operations that break it, the expected
 * error), so a counterexample prints as what it is.
 */
import type { EventType } from '../../spec/event-fields.ts';
import type { RuleId } from '../../spec/rules.ts';
import type { ExpectedError, ExpectedErrorCode } from '../verdict.ts';

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

/** A change to a valid event with the error it must produce: a fault of a kind, or a structural cell. */
export interface AppliedFault {
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

export interface Fault extends AppliedFault {
  readonly kind: FaultKindId;
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

/**
 * A fault whose value is a blank string (empty or spaces): a deployment that refuses blank strings
 * may report the field once more under a code of its own (oracle/expected-failure.ts, sentBlank).
 */
export const blankMark = (value: unknown): { readonly sentBlank?: true } =>
  typeof value === 'string' && value.trim() === '' ? { sentBlank: true } : {};
