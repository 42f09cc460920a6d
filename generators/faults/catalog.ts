/**
 * Every kind of fault, one file a field (kinds/), in the order of FAULT_KIND_IDS: the definitions with
 * their arbitraries for the fault sets, and the same as plain data for tables and reports.
 */
import type { FaultKindDefinition } from './define-kind.ts';
import { FAULT_KIND_IDS, type FaultKind, type FaultKindId } from './fault.ts';
import { AMOUNT_FAULTS } from './kinds/amount.ts';
import { EXTERNAL_ID_FAULTS } from './kinds/external-id.ts';
import { ISO_CODE_FAULTS } from './kinds/iso-codes.ts';
import { MULTI_CURRENCY_AMOUNT_FAULTS } from './kinds/multi-currency-amounts.ts';
import { PAYLOAD_FAULTS } from './kinds/payload.ts';
import { STATUS_FAULTS } from './kinds/status.ts';
import { TYPE_FAULTS } from './kinds/type.ts';

const DEFINITIONS_BY_ID: ReadonlyMap<FaultKindId, FaultKindDefinition> = new Map(
  [
    ...EXTERNAL_ID_FAULTS,
    ...TYPE_FAULTS,
    ...ISO_CODE_FAULTS,
    ...AMOUNT_FAULTS,
    ...STATUS_FAULTS,
    ...PAYLOAD_FAULTS,
    ...MULTI_CURRENCY_AMOUNT_FAULTS,
  ].map((definition) => [definition.id, definition]),
);

export const definitionOf = (id: FaultKindId): FaultKindDefinition => {
  const definition = DEFINITIONS_BY_ID.get(id);
  if (definition === undefined) throw new Error(`unknown fault kind ${id}`);
  return definition;
};

/** Every kind of fault, as data (no arbitraries): for tables, reports and the certificate. */
export const FAULT_KINDS: readonly FaultKind[] = Object.freeze(
  FAULT_KIND_IDS.map((id) => {
    const { arbitrary: _arbitrary, ...kind } = definitionOf(id);
    return Object.freeze(kind);
  }),
);
