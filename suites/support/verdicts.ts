/**
 * How a hand-written test acts on the oracle's violations: it records each on the running test (a
 * fact of its check record, redacted, which the certificate and the self-check read, and a
 * `violation` annotation that Playwright's own reports show) and fails at once with the violations and the exchange that shows them.
 */
import { test } from '@playwright/test';
import { describeViolations, type Violation, violationOf } from '../../oracle/index.ts';
import {
  addViolation,
  markInconclusive,
  markJudged,
  skipCheck,
} from '../../run-records/check-record-writer.ts';
import { describeExchange, exchangeTitle, type HttpExchange } from '../../run-records/http-exchange.ts';
import { violationAnnotation } from '../../run-records/result-annotations.ts';
import { redact } from '../../utilities/redaction.ts';
import { makeChecks, RuleViolation } from './checks.ts';

/** Each violation, with the request it is about, once on the running test; returns the new ones. */
export const recordViolations = (violations: readonly Violation[], exchange?: HttpExchange): Violation[] => {
  const info = test.info();
  const { annotations } = info;
  const recorded: Violation[] = [];
  for (const found of violations) {
    const placed = violationOf(
      found.rule,
      redact(exchange ? `${found.message} [${exchangeTitle(exchange)}]` : found.message),
    );
    if (!addViolation(info, placed)) continue;
    // For people reading Playwright's own reports; the check record carries the verdict.
    annotations.push(violationAnnotation(placed));
    recorded.push(placed);
  }
  return recorded;
};

/** The failure a test ends with: every violation on a line of its own, then the exchange. */
export const violationFailure = (
  violations: readonly Violation[],
  exchange: HttpExchange | undefined,
): RuleViolation =>
  new RuleViolation(
    redact(
      exchange
        ? `${describeViolations(violations)}\n--- exchange ---\n${describeExchange(exchange)}`
        : describeViolations(violations),
    ),
    violations,
  );

/**
 * The checks of hand-written tests: record, then fail, with the rules the failing judgement reached
 * (the broken ones and those it still found holding), so that a rule it judged is not read as unjudged.
 */
export const check = makeChecks((violations, response, judged = []) => {
  if (violations.length === 0) return;
  markJudged(test.info(), [...judged, ...violations.map((v) => v.rule)]);
  recordViolations(violations, response?.exchange);
  throw violationFailure(violations, response?.exchange);
});

/**
 * A check whose premise a deployment's consistent reading of a gap does not meet (it refuses the
 * update the check needs): skipped as premise not met, which neither passes nor holds back its rule.
 */
export function premiseNotMet(reason: string): never {
  return skipCheck(test.info(), 'premise-not-met', reason);
}

/**
 * A check that could not be made (the kit could not send fast enough, a premise did not hold): neither
 * passed nor failed. The test is skipped with the reason, and marked inconclusive for the certificate.
 */
export function inconclusive(reason: string): never {
  const info = test.info();
  markInconclusive(info, 'could-not-complete', reason);
  info.skip(true, redact(`inconclusive: ${reason}`));
  throw new Error('unreachable: skip() throws');
}
