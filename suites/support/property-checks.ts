/**
 * The checks the property suites run inside fast-check's predicates: the same checks as the
 * hand-written tests (checks.ts, over the oracle), but a violation throws a PropertyViolation instead
 * of being recorded on the test: a property runs its predicate hundreds of times, and while shrinking
 * most runs fail on purpose. Only the final, shrunk failure is the test's (property-runner.ts).
 */
import { describeViolations, type Violation } from '../../oracle/index.ts';
import { describeExchange } from '../../run-records/http-exchange.ts';
import { makeChecks, RuleViolation } from './checks.ts';
import type { ServiceResponse } from './service-client.ts';

/** A property's expectation that did not hold; the message names it and carries the exchange. */
export class PropertyViolation extends RuleViolation {
  override readonly name = 'PropertyViolation';
}

/** Separates a violation's message from the exchange that shows it. */
export const EXCHANGE_SEPARATOR = '\n--- exchange ---\n';

/** Throws these violations, with the exchange that shows them. */
export const failProperty = (
  violations: readonly Violation[],
  response: ServiceResponse | undefined,
): never => {
  const what = describeViolations(violations);
  throw new PropertyViolation(
    response ? `${what}${EXCHANGE_SEPARATOR}${describeExchange(response.exchange)}` : what,
    violations,
  );
};

export const propertyCheck = makeChecks((violations, response) => {
  if (violations.length > 0) failProperty(violations, response);
});
