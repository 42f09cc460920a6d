/**
 * Who broke what, in a body that carries several faults (part 7: all failures come back together, so
 * the kit packs faults into one body). When the body's answer breaks a rule, a 5xx or a failure left
 * out cannot say which fault caused it; the caller sends each fault alone and this decides the credit:
 * - a fault answered wrongly alone: the violations are that fault's, found alone (a 500 for
 *   `payload.channel` as an object breaks VAL-CHANNEL-ENUM, not the rule of every fault beside it);
 * - every fault answered rightly alone: what broke is the body as a whole (part 4, rule 2: bodies are
 *   validated as a whole, all failures returned together), so a violation credited to a fault's own
 *   rule breaks VAL-ALL-FAILURES instead; a violation of any other rule (the stored event differs,
 *   the error body's shape) breaks that rule whatever the faults, and stands.
 */
import type { RuleId } from '../spec/index.ts';
import { type Violation, violationOf } from './violation.ts';

/** A judged request: its violations and whatever the caller keeps beside them (the exchange). */
export interface Judged {
  readonly violations: readonly Violation[];
}

/** The rule a body of several faults breaks when each of them alone is answered rightly. */
export const BODY_AS_A_WHOLE_RULE: RuleId = 'VAL-ALL-FAILURES';

const asWholeBody = (violation: Violation): Violation =>
  violationOf(
    BODY_AS_A_WHOLE_RULE,
    `${violation.message}; yet each fault of the body is answered rightly alone (${violation.rule} holds), so the body as a whole was not`,
  );

/**
 * The findings of a body of several faults: `whole` is its judgement, `alone` the judgement of each
 * fault sent alone (empty when the body was not taken apart), `faultRules` the rules its faults come
 * from. Returns the judgements that carry violations, credited as above.
 */
export const creditFaultsApart = <J extends Judged>(
  whole: J,
  alone: readonly J[],
  faultRules: readonly RuleId[],
): J[] => {
  if (whole.violations.length === 0) return [];
  const failingAlone = alone.filter((judged) => judged.violations.length > 0);
  if (failingAlone.length > 0) return failingAlone;
  if (alone.length === 0) return [whole];
  const ownRules = new Set(faultRules);
  return [
    {
      ...whole,
      violations: whole.violations.map((violation) =>
        ownRules.has(violation.rule) && violation.rule !== BODY_AS_A_WHOLE_RULE
          ? asWholeBody(violation)
          : violation,
      ),
    },
  ];
};
