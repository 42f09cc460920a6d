/**
 * What a request must be refused for: one item of errors[] it must produce. Written by the suite's
 * own reading of the spec (the hand-written cases and the generators), never by the reference server.
 * This file imports only types, so that the k6-safe generators can use it.
 */
import type { ErrorCode, RuleId } from '../spec/index.ts';

/** Stands for "any ERR-nnnn code": the spec says the request fails but not with which code. */
export const ANY_ERROR_CODE = 'ANY';
export type ExpectedErrorCode = ErrorCode | typeof ANY_ERROR_CODE;

export interface ExpectedFailure {
  /** The offending field, in dot and bracket notation: `payload.channel`, `multiCurrencyAmounts[2].amount`. */
  readonly field: string;
  /** The code the spec gives for it, or ANY where the spec is silent on the code. */
  readonly errorCode: ExpectedErrorCode;
  /** The rule this failure comes from: the one a missing item breaks. */
  readonly ruleId: RuleId;
  /**
   * Other fields a deployment may name instead, where the spec leaves it open: a schema validator
   * names the object that has an unexpected property (`payload`) rather than the property.
   */
  readonly alternativeFields?: readonly string[];
  /**
   * Set where the spec leaves open whether this is a failure at all (a null that may read as absent,
   * a scalar a deployment may coerce): a reading of that gap may report it or accept the value. A
   * body whose every failure is such a reading may be created; a 5xx is never one of its answers.
   */
  readonly readingOf?: RuleId;
  /**
   * A value of the wrong shape whose failure a deployment may report once on this field or once per
   * field inside it (a string where an item belongs: the item, or its currencyCode and its amount):
   * further items about this field or a field inside it are the same failure, not invented ones.
   */
  readonly reportedWithin?: boolean;
  /**
   * The value sent is an empty string: a deployment that refuses blank strings (Bean Validation's
   * @NotBlank, pydantic's min_length=1; which values are required is not shown) may report the field
   * once more under a code of its own, beside this failure. A stated code there stays a claim.
   */
  readonly sentBlank?: boolean;
}

const describeOne = (failure: ExpectedFailure): string => {
  const code = failure.errorCode === ANY_ERROR_CODE ? 'any ERR-nnnn' : failure.errorCode;
  const alternatives = failure.alternativeFields?.length
    ? ` (or ${failure.alternativeFields.join(', ')})`
    : '';
  const reading = failure.readingOf ? ` if refused (${failure.readingOf})` : '';
  return `${failure.field}${alternatives} ${code}${reading}`;
};

/** `amount ERR-3005, payload.channel ERR-3011`, or `none`. */
export const describeExpectedFailures = (failures: readonly ExpectedFailure[]): string =>
  failures.length === 0 ? 'none' : failures.map(describeOne).join(', ');
