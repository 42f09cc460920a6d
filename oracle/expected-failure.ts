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
}

const describeOne = (failure: ExpectedFailure): string => {
  const code = failure.errorCode === ANY_ERROR_CODE ? 'any ERR-nnnn' : failure.errorCode;
  const alternatives = failure.alternativeFields?.length
    ? ` (or ${failure.alternativeFields.join(', ')})`
    : '';
  return `${failure.field}${alternatives} ${code}`;
};

/** `amount ERR-3005, payload.channel ERR-3011`, or `none`. */
export const describeExpectedFailures = (failures: readonly ExpectedFailure[]): string =>
  failures.length === 0 ? 'none' : failures.map(describeOne).join(', ');
