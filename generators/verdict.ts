/**
 * The expected verdict of an invalid event: the errors the service must answer with. It is the
 * suite's oracle, the generators' own reading of the spec, independent of the reference server's
 * validator (docs/architecture.md: two independent readings).
 */
import {
  ANY_ERROR_CODE,
  describeExpectedFailures,
  type ExpectedErrorCode,
  type ExpectedFailure,
} from '../oracle/expected-failure.ts';

export { ANY_ERROR_CODE, type ExpectedErrorCode };

/** One failure an invalid event must produce (the oracle's type, with the rule it comes from). */
export type ExpectedError = ExpectedFailure;

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

/** One line for test titles and failure messages: `400 with 2 errors: amount → ERR-3005 [VAL-…]; …`. */
export const describeVerdict = (expected: ExpectedVerdict): string =>
  `${expected.httpStatus} with ${expected.errors.length} error${expected.errors.length === 1 ? '' : 's'}: ${expected.errors
    .map((error) => `${describeExpectedFailures([error])} [${error.ruleId}]`)
    .join('; ')}`;
