/**
 * How a test shows its verdict facts to people reading Playwright's own reports (the HTML report,
 * the JUnit file): as annotations. `violation`: one per rule a check found broken, `RULE-ID: message`.
 * `inconclusive`: a check that could not complete, with why. `not-run`: a check that got no answer to
 * judge. `run-again`: a check judged by its second attempt, naming the window its first met. They
 * are for reading only: the verdicts are computed from each check's typed record
 * (run-records/check-record.ts), never from these texts.
 */
import { formatViolation, type Violation } from '../oracle/violation.ts';

export const VIOLATION_ANNOTATION = 'violation';
export const INCONCLUSIVE_ANNOTATION = 'inconclusive';
/** A check that could not be made because the target did not answer, or the run was stopped. */
export const NOT_RUN_ANNOTATION = 'not-run';
/** A check run again whole because its first attempt met the deployment's unavailability, naming the window. */
export const RUN_AGAIN_ANNOTATION = 'run-again';

export interface Annotation {
  readonly type: string;
  readonly description?: string;
}

export const violationAnnotation = (violation: Violation): Annotation => ({
  type: VIOLATION_ANNOTATION,
  description: formatViolation(violation),
});
