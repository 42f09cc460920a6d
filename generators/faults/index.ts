/**
 * Faults: one change to a valid event that breaks one rule of the spec, with the error it must
 * produce (fault.ts). One file a field holds its kinds (kinds/), the value pools they draw from are
 * apart (values.ts, payload-values.ts), and fault-sets.ts combines faults that do not interfere.
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
 */
export { FAULT_KINDS } from './catalog.ts';
export type { AppliedFault, Fault, FaultKind, FaultKindId, FaultOperation } from './fault.ts';
export { blankMark, FAULT_KIND_IDS } from './fault.ts';
export type { FaultSetOptions } from './fault-sets.ts';
export {
  applicableFaultKinds,
  compatibleFaults,
  faultArbitrary,
  faultKindApplies,
  faultSetArbitrary,
  faultsConflict,
} from './fault-sets.ts';
export { itemHolders } from './item-holders.ts';
export type { StructuralFault, StructuralPosition, StructuralShape } from './structure.ts';
export {
  isReadingCell,
  STRUCTURAL_FAULTS,
  STRUCTURAL_POSITIONS,
  STRUCTURAL_RULES,
  STRUCTURAL_SHAPES,
  structuralFaultsFor,
} from './structure.ts';
