/**
 * How a kind of fault is written: which field it breaks, the error that must follow, and an arbitrary
 * of the breaking value; `defineKind` turns that into an arbitrary of whole faults.
 */
import type * as fc from 'fast-check';
import { EVENT_TYPES, type EventType } from '../../spec/event-fields.ts';
import type { RuleId } from '../../spec/rules.ts';
import type { FinancialEventFields } from '../financial-event.ts';
import { toJsonBody } from '../json-body.ts';
import type { ExpectedErrorCode } from '../verdict.ts';
import { blankMark, type Fault, type FaultKind, type FaultKindId, type FaultOperation } from './fault.ts';
import type { Labelled } from './values.ts';
import { type ContainerKind, wrongShapeReporting } from './wrong-shape.ts';

export interface FaultKindDefinition extends FaultKind {
  readonly arbitrary: (base: FinancialEventFields) => fc.Arbitrary<Fault>;
}

/** The field broken in a base event (for `[i]` and `<name>` kinds) and the value that breaks it. */
export interface BrokenField {
  readonly field: string;
  readonly value: Labelled | 'delete';
}

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
  /** A wrong shape where a container belongs: reported on it or per field inside (wrong-shape.ts). */
  readonly wrongShapeOf?: ContainerKind;
  readonly draw: (base: FinancialEventFields) => fc.Arbitrary<BrokenField>;
  /** Operations to run before the one that breaks the field. */
  readonly prepare?: (base: FinancialEventFields) => readonly FaultOperation[];
}

const describeFault = (field: string, operation: FaultOperation, label?: string): string =>
  operation.op === 'delete'
    ? `${field} missing`
    : `${field} = ${toJsonBody(operation.value)}${label ? ` (${label})` : ''}`;

export const defineKind = (spec: KindSpec): FaultKindDefinition => ({
  id: spec.id,
  field: spec.field,
  errorCode: spec.errorCode,
  ruleId: spec.ruleId,
  summary: spec.summary,
  types: spec.types ?? EVENT_TYPES,
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
          ...(spec.wrongShapeOf ? wrongShapeReporting(field, spec.wrongShapeOf) : {}),
          ...(value === 'delete' ? {} : blankMark(value.value)),
        },
        description: describeFault(field, operation, value === 'delete' ? undefined : value.label),
        changesType: spec.changesType ?? false,
        dependsOnType: spec.dependsOnType ?? false,
      };
    }),
});

/** The same field in every base event. */
export const at =
  (field: string, values: fc.Arbitrary<Labelled | 'delete'>) => (): fc.Arbitrary<BrokenField> =>
    values.map((value) => ({ field, value }));
