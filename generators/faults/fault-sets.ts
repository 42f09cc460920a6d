/**
 * Sets of faults that do not interfere: no two touch the same field or a field and one inside it, and
 * a fault that makes the type invalid never meets a fault whose verdict depends on the type (ERR-3009,
 * ERR-3010, a wrong type for a type's own payload field).
 */
import * as fc from 'fast-check';
import { fieldPathsOverlap } from '../field-path.ts';
import type { FinancialEventFields } from '../financial-event.ts';
import { definitionOf } from './catalog.ts';
import { type AppliedFault, FAULT_KIND_IDS, type Fault, type FaultKindId } from './fault.ts';

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
export const faultsConflict = (a: AppliedFault, b: AppliedFault): boolean =>
  fieldPathsOverlap(a.field, b.field) ||
  (a.changesType && b.dependsOnType) ||
  (b.changesType && a.dependsOnType);

/** The longest prefix-greedy selection of faults that do not conflict, at most `max` of them. */
export const compatibleFaults = <F extends AppliedFault>(
  candidates: readonly F[],
  max: number,
): readonly F[] => {
  const chosen: F[] = [];
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
