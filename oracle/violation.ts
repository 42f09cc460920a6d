/**
 * What the oracle finds: a violation names the one rule of the catalog it breaks and says how, in a
 * sentence a person can act on. Every verdict of the kit (a failed check, the certificate's rule
 * verdicts, the self-check's "caught by") is computed from violations, so a failure is always
 * credited to the rule it breaks, whichever test it happened in.
 */
import { type RuleId, ruleById } from '../spec/index.ts';

export interface Violation {
  readonly rule: RuleId;
  readonly message: string;
}

/** A violation of a stated rule; a gap, where the spec is silent, can be observed but never broken. */
export const violationOf = (rule: RuleId, message: string): Violation => {
  if (ruleById(rule).kind !== 'rule') throw new Error(`${rule} is a gap of the spec: nothing can violate it`);
  return Object.freeze({ rule, message });
};

/** `RULE-ID: message`, one per line: the form every report and the self-check read back. */
export const formatViolation = (violation: Violation): string => `${violation.rule}: ${violation.message}`;

export const describeViolations = (violations: readonly Violation[]): string =>
  violations.map(formatViolation).join('\n');

/** The rules a set of violations breaks, each once, in the order they were found. */
export const violatedRules = (violations: readonly Violation[]): RuleId[] => [
  ...new Set(violations.map((v) => v.rule)),
];
