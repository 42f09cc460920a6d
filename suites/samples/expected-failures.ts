/**
 * The hand-written suites' expected failures: a field and the code part 2 gives its fault; the rule
 * a missing item breaks is the one that defines the code (oracle/code-rules.ts).
 */
import { ANY_ERROR_CODE, type ExpectedFailure, ruleOfCode } from '../../oracle/index.ts';
import { type ErrorCode, FIELD_ERROR_CODES, type RuleId } from '../../spec/index.ts';

/**
 * A field of the other type's payload is, like an unknown property, one the payload's schema for the
 * event's type does not allow: a schema validator reports it on `payload` (as the generators allow).
 */
const NAMED_BY_THE_PAYLOAD: ReadonlySet<string> = new Set([
  FIELD_ERROR_CODES.payoutFieldInPayin,
  FIELD_ERROR_CODES.payinFieldInPayout,
]);

export const expectedFailure = (field: string, errorCode: ErrorCode): ExpectedFailure => {
  const ruleId = ruleOfCode(errorCode);
  if (!ruleId) throw new Error(`${errorCode} is the code of no stated rule`);
  return NAMED_BY_THE_PAYLOAD.has(errorCode)
    ? { field, errorCode, ruleId, alternativeFields: ['payload'] }
    : { field, errorCode, ruleId };
};

/** A failure whose code the spec does not fix, of a rule; `alternativeFields` a deployment may name instead. */
export const failureOfAnyCode = (
  field: string,
  ruleId: RuleId,
  alternativeFields?: readonly string[],
): ExpectedFailure => ({
  field,
  errorCode: ANY_ERROR_CODE,
  ruleId,
  ...(alternativeFields ? { alternativeFields } : {}),
});

/** Failures of stated codes; `sentBlank` where the value sent is blank (oracle/expected-failure.ts). */
export const expectedFailures = (
  failures: readonly { readonly field: string; readonly errorCode: ErrorCode; readonly sentBlank?: true }[],
): ExpectedFailure[] =>
  failures.map((f) => ({
    ...expectedFailure(f.field, f.errorCode),
    ...(f.sentBlank ? { sentBlank: f.sentBlank } : {}),
  }));
