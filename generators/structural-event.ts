/**
 * Events with structural faults (faults/structure.ts): the fixed sweep's bodies, which carry every
 * cell of the dimension in as few requests as the faults allow, and the property's arbitrary, which
 * crosses any few cells with any valid event.
 */
import * as fc from 'fast-check';
import type { EventType } from '../spec/event-fields.ts';
import { compatibleFaults, faultsConflict } from './faults/fault-sets.ts';
import {
  isReadingCell,
  STRUCTURAL_FAULTS,
  type StructuralFault,
  structuralFaultsFor,
} from './faults/structure.ts';
import type { FinancialEvent } from './financial-event.ts';
import { applyFaults, type InvalidEventSample } from './invalid-event.ts';
import { createExternalIdSource, eventFieldsArbitrary, MAX_ITEMS } from './valid-event.ts';

const containerRank = (cell: StructuralFault): number =>
  cell.position.kind === 'object' || cell.position.kind === 'array' ? 1 : 0;

/** The cells one body of the sweep carries, on a base event of one type. */
export interface StructuralBodyPlan {
  readonly type: EventType;
  readonly faults: readonly StructuralFault[];
}

/**
 * A scalar at externalId that a deployment coerces (42 as "42") names the same event in every body and
 * every run: once one is stored, the others are answered as duplicates, which would hide every fault
 * beside it. Such a cell travels alone.
 */
const travelsAlone = (cell: StructuralFault): boolean =>
  cell.position.kind === 'externalId' && isReadingCell(cell);

/**
 * Every cell, packed first-fit into bodies that hold no two conflicting faults (one value a position,
 * no field and a field inside it, no type fault beside a payload field of a type). Cells that are only
 * readings go into bodies of their own, so that a deployment that accepts them is seen accepting them
 * (and keeping the rest of the event) rather than refusing the body for a stated fault beside them.
 */
export const packStructuralFaults = (
  cells: readonly StructuralFault[] = STRUCTURAL_FAULTS,
): readonly StructuralBodyPlan[] => {
  const plans: { type: EventType; reading: boolean; alone: boolean; faults: StructuralFault[] }[] = [];
  // A container's fault shuts out every fault inside it: placed last, they fill the bodies the others
  // left room in, and the leaves pack densely first.
  const ordered = [...cells].sort((a, b) => containerRank(a) - containerRank(b));
  for (const cell of ordered) {
    const reading = isReadingCell(cell);
    const alone = travelsAlone(cell);
    const home = plans.find(
      (plan) =>
        !alone &&
        !plan.alone &&
        plan.reading === reading &&
        cell.types.includes(plan.type) &&
        plan.faults.every((other) => !faultsConflict(other, cell)),
    );
    if (home) home.faults.push(cell);
    else plans.push({ type: cell.types[0] as EventType, reading, alone, faults: [cell] });
  }
  return plans.map(({ type, faults }) => Object.freeze({ type, faults: Object.freeze(faults) }));
};

/** A base event with the cells applied: the body to send and the verdict it must get. */
export const applyStructuralFaults = (
  base: FinancialEvent,
  faults: readonly StructuralFault[],
): InvalidEventSample<StructuralFault> => applyFaults(base, faults);

export interface StructuralEventOptions {
  readonly runId: string;
  /** At most this many cells in one body (4 by default). */
  readonly maxFaults?: number;
}

/**
 * A valid event (with at least the two items the cells address) and between one and maxFaults cells
 * that do not conflict, stated ones and readings mixed. Every value, shrunk ones included, gets a
 * fresh externalId.
 */
export const structuralEventArbitrary = (
  options: StructuralEventOptions,
): fc.Arbitrary<InvalidEventSample<StructuralFault>> => {
  const nextId = createExternalIdSource(options.runId);
  const max = options.maxFaults ?? 4;
  return eventFieldsArbitrary({ multiCurrencyAmounts: { minLength: 2, maxLength: MAX_ITEMS } })
    .chain((fields) =>
      fc
        .shuffledSubarray([...structuralFaultsFor(fields.type)], { minLength: 1, maxLength: max + 2 })
        .map((candidates) => ({ fields, faults: compatibleFaults(candidates, max) })),
    )
    .map(({ fields, faults }) => applyStructuralFaults({ externalId: nextId(), ...fields }, faults));
};
