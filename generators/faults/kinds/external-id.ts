/** externalId: empty, absent, or not a string (ERR-3001 where the spec gives it). */
import * as fc from 'fast-check';
import { FIELD_ERROR_CODES } from '../../../spec/event-fields.ts';
import { ANY_ERROR_CODE } from '../../verdict.ts';
import { at, defineKind, type FaultKindDefinition } from '../define-kind.ts';
import { wrongTypesForScalar } from '../values.ts';

export const EXTERNAL_ID_FAULTS: readonly FaultKindDefinition[] = [
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
      fc.oneof(wrongTypesForScalar('ext-1'), fc.constant({ value: null, label: 'null' })),
    ),
  }),
];
