/**
 * Invalid events: a valid event and one or more faults, each knowing the error it must produce, so
 * that the event carries its expected verdict (the union of its faults' errors, HTTP 400).
 */
import type * as fc from 'fast-check';
import type { EventType } from '../spec/event-fields.ts';
import {
  type AppliedFault,
  applicableFaultKinds,
  FAULT_KIND_IDS,
  FAULT_KINDS,
  type Fault,
  type FaultKindId,
  type FaultSetOptions,
  faultSetArbitrary,
} from './faults/index.ts';
import { deleteAtPath, setAtPath } from './field-path.ts';
import { cloneEvent, type FinancialEvent, type FinancialEventFields } from './financial-event.ts';
import { toJsonBody } from './json-body.ts';
import {
  createExternalIdSource,
  eventFieldsArbitrary,
  MAX_ITEMS,
  validUpdateArbitrary,
} from './valid-event.ts';
import { combineExpectations, type ExpectedVerdict } from './verdict.ts';

export interface InvalidEventSample<F extends AppliedFault = Fault> {
  /** The event as the server parses it (`JSON.parse(body)`). */
  readonly event: unknown;
  /** The exact JSON text to send: it keeps what JSON.stringify cannot write (-0, 0.00). */
  readonly body: string;
  readonly faults: readonly F[];
  readonly expected: ExpectedVerdict;
  /** The valid event the faults were applied to. */
  readonly base: FinancialEvent;
}

export interface InvalidEventOptions extends FaultSetOptions {
  /** Carried by every externalId that is not itself a fault. */
  readonly runId: string;
  /** Only events of this type (a fault on type may still replace it); both types when absent. */
  readonly type?: EventType;
}

/** Applies faults to a copy of a valid event and works out the body and the expected verdict. */
export const applyFaults = <F extends AppliedFault = Fault>(
  base: FinancialEvent,
  faults: readonly F[],
): InvalidEventSample<F> => {
  const tree: unknown = cloneEvent(base);
  for (const fault of faults) {
    for (const operation of fault.operations) {
      if (operation.op === 'set') setAtPath(tree, operation.path, operation.value);
      else deleteAtPath(tree, operation.path);
    }
  }
  const body = toJsonBody(tree);
  return {
    event: JSON.parse(body) as unknown,
    body,
    faults,
    expected: combineExpectations(faults.map((fault) => fault.expected)),
    base,
  };
};

const checkKinds = (options: FaultSetOptions, type: EventType | undefined): void => {
  const kinds = options.kinds ?? FAULT_KIND_IDS;
  const usable = FAULT_KINDS.filter(
    (kind) => kinds.includes(kind.id) && (type === undefined || kind.types.includes(type)),
  );
  if (usable.length === 0) {
    throw new Error(`none of the fault kinds ${kinds.join(', ')} applies to events of type ${type ?? 'any'}`);
  }
};

const usableBase =
  (kinds: readonly FaultKindId[] | undefined) =>
  (base: FinancialEventFields): boolean =>
    applicableFaultKinds(base, kinds).length > 0;

/**
 * Invalid events for POST: a valid event (mostly with multiCurrencyAmounts items, so that item
 * faults can hit any of them) and between minFaults and maxFaults faults (1 and 3 by default). Like
 * validEventArbitrary, every value, shrunk ones included, gets a fresh externalId.
 */
export const invalidEventArbitrary = (options: InvalidEventOptions): fc.Arbitrary<InvalidEventSample> => {
  checkKinds(options, options.type);
  const nextId = createExternalIdSource(options.runId);
  return eventFieldsArbitrary({
    ...(options.type ? { type: options.type } : {}),
    multiCurrencyAmounts: { minLength: 1, maxLength: MAX_ITEMS },
  })
    .filter(usableBase(options.kinds))
    .chain((fields) => faultSetArbitrary(fields, options).map((faults) => ({ fields, faults })))
    .map(({ fields, faults }) => applyFaults({ externalId: nextId(), ...fields }, faults));
};

/**
 * Invalid PUT bodies for an existing event: a valid update of it (same externalId) and faults. An
 * invalid PUT must change nothing.
 */
export const invalidUpdateArbitrary = (
  previous: FinancialEvent,
  options: FaultSetOptions = {},
): fc.Arbitrary<InvalidEventSample> => {
  checkKinds(options, previous.type);
  // The status is kept: transitions are not shown, and a deployment that refuses one would refuse
  // the PUT for it before or beside its validation failures.
  return validUpdateArbitrary(previous, { keepStatus: true })
    .filter(usableBase(options.kinds))
    .chain((base) => faultSetArbitrary(base, options).map((faults) => applyFaults(base, faults)));
};
