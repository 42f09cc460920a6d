/**
 * The hand-written suites' expected failures: a field and the code part 2 gives its fault; the rule
 * a missing item breaks is the one that defines the code (oracle/code-rules.ts).
 */
import { itemHolders } from '../../generators/index.ts';
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

/**
 * An item's currencyCode or amount (ERR-3007, ERR-3008): a deployment may name the item, or the list
 * whose row of 2.1 states both codes (as the generators allow).
 */
const NAMED_BY_THE_ITEM: ReadonlySet<string> = new Set([
  FIELD_ERROR_CODES.multiCurrencyAmountCurrencyCode,
  FIELD_ERROR_CODES.multiCurrencyAmountAmount,
]);

const alternativesOf = (field: string, errorCode: ErrorCode): readonly string[] | undefined => {
  if (NAMED_BY_THE_PAYLOAD.has(errorCode)) return ['payload'];
  if (NAMED_BY_THE_ITEM.has(errorCode)) return itemHolders(field);
  return undefined;
};

export const expectedFailure = (field: string, errorCode: ErrorCode): ExpectedFailure => {
  const ruleId = ruleOfCode(errorCode);
  if (!ruleId) throw new Error(`${errorCode} is the code of no stated rule`);
  const alternativeFields = alternativesOf(field, errorCode);
  return alternativeFields ? { field, errorCode, ruleId, alternativeFields } : { field, errorCode, ruleId };
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
