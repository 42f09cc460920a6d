/**
 * The expected verdict of an invalid event: the errors the service must answer with. It is the
 * suite's oracle, the generators' own reading of the spec (DESIGN principle 1), independent of the
 * reference server's validator.
 */
import type { ErrorCode } from '../spec/error-codes.ts';

/** Stands for "any ERR-nnnn code": the spec says the request fails but not with which code. */
export const ANY_ERROR_CODE = 'ANY';
export type ExpectedErrorCode = ErrorCode | typeof ANY_ERROR_CODE;

export interface ExpectedError {
  /** The offending field, in dot and bracket notation: `payload.channel`, `multiCurrencyAmounts[2].amount`. */
  readonly field: string;
  /** The code the spec gives for it, or ANY where the spec is silent on the code. */
  readonly errorCode: ExpectedErrorCode;
  /** The rule (or, for ANY, the gap) of spec/rules.ts this expectation comes from. */
  readonly ruleId: string;
  /**
   * Other fields a deployment may name instead, where the spec leaves it open: a schema validator
   * names the object that has an unexpected property (`payload`) rather than the property.
   */
  readonly alternativeFields?: readonly string[];
}

export interface ExpectedVerdict {
  /** Body validation failures are 400 (7.3). */
  readonly httpStatus: 400;
  /** One item per fault, in the order the faults were applied (the order of errors[] is not shown). */
  readonly errors: readonly ExpectedError[];
}

/** The union of the expectations of several faults: every one of them must be in the answer. */
export const combineExpectations = (errors: readonly ExpectedError[]): ExpectedVerdict => ({
  httpStatus: 400,
  errors: Object.freeze([...errors]),
});

const describeError = (error: ExpectedError): string => {
  const code = error.errorCode === ANY_ERROR_CODE ? 'any ERR-nnnn' : error.errorCode;
  const alternatives = error.alternativeFields?.length ? ` (or ${error.alternativeFields.join(', ')})` : '';
  return `${error.field}${alternatives} → ${code} [${error.ruleId}]`;
};

/** One line for test titles and failure messages: `400 with 2 errors: amount → ERR-3005 [VAL-…]; …`. */
export const describeVerdict = (expected: ExpectedVerdict): string =>
  `${expected.httpStatus} with ${expected.errors.length} error${expected.errors.length === 1 ? '' : 's'}: ${expected.errors
    .map(describeError)
    .join('; ')}`;
