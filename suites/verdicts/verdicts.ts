/**
 * The one place a hand-written test acts on the oracle's judgements (`settle`): a judgement that found
 * violations records each on the running test (a fact of its check record, redacted, which the
 * certificate and the self-check read, and a `violation` annotation that Playwright's own reports
 * show) and fails the test at once with the violations and the exchange that shows them; a claim that
 * could not be made marks the check inconclusive or its premise not met; anything else passes. Every
 * check's judgement comes here: `check.verdict`, the bursts of a simultaneous check, the sweeps of
 * faults, and the fixtures' hold of every answer to part 7 as the check ends.
 */
import { test } from '@playwright/test';
import { describeViolations, type Judgement, type Violation, violationOf } from '../../oracle/index.ts';
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
const violationFailure = (
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

/** A judgement and the exchange that shows its violations. */
export interface Shown {
  readonly judgement: Judgement<unknown>;
  readonly exchange: HttpExchange | undefined;
}

/**
 * The one place a judgement becomes a verdict. With violations: the rules the judgements reached (the
 * broken ones and those still found holding, so that a rule judged is not read as unjudged) are
 * marked, every violation is recorded with its own exchange, and the check fails with them, shown with
 * the first exchange; `failOn: 'new'` fails only on violations not recorded before (the fixtures' end
 * of a check, whose findings the check may already have failed on). Without: a claim not established
 * skips the check as inconclusive or premise not met; anything else passes.
 */
export const settle = (shown: readonly Shown[], failOn: 'every' | 'new' = 'every'): void => {
  const violations = shown.flatMap(({ judgement }) => judgement.violations);
  if (violations.length === 0) {
    const unmade = shown.find(({ judgement }) => judgement.notEstablished)?.judgement.notEstablished;
    if (unmade?.kind === 'premise-not-met') premiseNotMet(unmade.reason);
    if (unmade?.kind === 'inconclusive') inconclusive(unmade.reason);
    return;
  }
  const judged = shown.flatMap(({ judgement }) => judgement.judged ?? []);
  markJudged(test.info(), [...judged, ...violations.map((v) => v.rule)]);
  const fresh = shown.flatMap(({ judgement, exchange }) => recordViolations(judgement.violations, exchange));
  const failing = failOn === 'new' ? fresh : violations;
  if (failing.length > 0) throw violationFailure(failing, shown[0]?.exchange);
};

/** The checks of hand-written tests: each judgement settled here, with the exchange of its answer. */
export const check = makeChecks((judgement, response) =>
  settle([{ judgement, exchange: response?.exchange }]),
);

/**
 * A check whose premise a deployment's consistent reading of a gap does not meet (it refuses the
 * update the check needs): skipped as premise not met, which neither passes nor holds back its rule.
 */
function premiseNotMet(reason: string): never {
  return skipCheck(test.info(), 'premise-not-met', reason);
}

/**
 * A check that could not be made (the kit could not send fast enough, a premise did not hold): neither
 * passed nor failed. The test is skipped with the reason, and marked inconclusive for the certificate.
 */
function inconclusive(reason: string): never {
  const info = test.info();
  markInconclusive(info, 'could-not-complete', reason);
  info.skip(true, redact(`inconclusive: ${reason}`));
  throw new Error('unreachable: skip() throws');
}
