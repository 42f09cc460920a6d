/**
 * How a test leaves its verdict facts in Playwright's results (results.json, the JUnit file, Allure):
 * as annotations. `violation`: one per rule a check found broken, `RULE-ID: message`. `inconclusive`:
 * a check that could not complete (a property that ran fewer runs than planned), with why. `not-run`:
 * a check that got no answer to judge (the target was silent, or the run was stopped). The
 * certificate and the self-check read them back from any test, so a failure is credited to the rule
 * it broke, whichever test it happened in.
 */
import { isRuleId } from '../spec/index.ts';
import { formatViolation, type Violation, violationOf } from './violation.ts';

export const VIOLATION_ANNOTATION = 'violation';
export const INCONCLUSIVE_ANNOTATION = 'inconclusive';
/** A check that could not be made because the target did not answer, or the run was stopped. */
export const NOT_RUN_ANNOTATION = 'not-run';

export interface Annotation {
  readonly type: string;
  readonly description?: string;
}

export const violationAnnotation = (violation: Violation): Annotation => ({
  type: VIOLATION_ANNOTATION,
  description: formatViolation(violation),
});

/** The violation an annotation records, or undefined for any other annotation. */
export const violationOfAnnotation = (annotation: Annotation): Violation | undefined => {
  if (annotation.type !== VIOLATION_ANNOTATION || !annotation.description) return undefined;
  const separator = annotation.description.indexOf(': ');
  const rule = separator > 0 ? annotation.description.slice(0, separator) : '';
  if (!isRuleId(rule)) return undefined;
  return violationOf(rule, annotation.description.slice(separator + 2));
};

/** Every violation among annotations, each once. */
export const violationsOfAnnotations = (annotations: readonly Annotation[]): Violation[] => {
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const annotation of annotations) {
    const found = violationOfAnnotation(annotation);
    if (!found) continue;
    const key = formatViolation(found);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(found);
  }
  return out;
};

/** Why a check was not run, or undefined. */
export const notRunReason = (annotations: readonly Annotation[]): string | undefined =>
  annotations.find((a) => a.type === NOT_RUN_ANNOTATION)?.description;

/** Why a check was inconclusive, or undefined. */
export const inconclusiveReason = (annotations: readonly Annotation[]): string | undefined =>
  annotations.find((a) => a.type === INCONCLUSIVE_ANNOTATION)?.description;
