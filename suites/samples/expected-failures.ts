/**
 * The hand-written suites' expected failures: a field and the code part 2 gives its fault; the rule
 * a missing item breaks is the one that defines the code (oracle/code-rules.ts).
 */
import { ANY_ERROR_CODE, type ExpectedFailure, ruleOfCode } from '../../oracle/index.ts';
import type { ErrorCode, RuleId } from '../../spec/index.ts';

export const expectedFailure = (field: string, errorCode: ErrorCode): ExpectedFailure => {
  const ruleId = ruleOfCode(errorCode);
  if (!ruleId) throw new Error(`${errorCode} is the code of no stated rule`);
  return { field, errorCode, ruleId };
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
