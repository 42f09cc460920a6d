/**
 * The checks the property suites run inside fast-check's predicates: the same checks as the
 * hand-written tests (checks.ts, over the oracle), but a violation throws a PropertyViolation instead
 * of being recorded on the test: a property runs its predicate hundreds of times, and while shrinking
 * most runs fail on purpose. Only the final, shrunk failure is the test's (property-runner.ts).
 */
import { describeViolations, type Violation } from '../../oracle/index.ts';
import { describeExchange } from '../../run-records/http-exchange.ts';
import type { ServiceResponse } from '../transport/service-client.ts';
import { makeChecks, RuleViolation } from '../verdicts/checks.ts';

/** A property's expectation that did not hold; the message names it and carries the exchange. */
export class PropertyViolation extends RuleViolation {
  override readonly name = 'PropertyViolation';
}

/** Separates a violation's message from the exchange that shows it. */
export const EXCHANGE_SEPARATOR = '\n--- exchange ---\n';

/** Throws these violations, with the exchange that shows them. */
const failProperty = (violations: readonly Violation[], response: ServiceResponse | undefined): never => {
  const what = describeViolations(violations);
  throw new PropertyViolation(
    response ? `${what}${EXCHANGE_SEPARATOR}${describeExchange(response.exchange)}` : what,
    violations,
  );
};

/**
 * A property's own Enforce over the same judgements: a violation throws, for fast-check to shrink. A
 * property makes every claim it states (a run cut short is the runner's to mark inconclusive), so a
 * judgement that could not make its claim is a fault of the property, not a verdict.
 */
export const propertyCheck = makeChecks((judgement, response) => {
  if (judgement.violations.length > 0) failProperty(judgement.violations, response);
  if (judgement.notEstablished)
    throw new Error(`a property cannot settle a claim not established: ${judgement.notEstablished.reason}`);
});
