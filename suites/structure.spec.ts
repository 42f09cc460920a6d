/**
 * Every JSON shape at every position of an event body (generators/faults/structure.ts), in every run:
 * absent, null, a boolean, a number, a string, "", an array, an object, a numeric string, at each
 * top-level field, the payload and each payload field, multiCurrencyAmounts, an item and each field of
 * an item. Where the spec states the verdict it is asserted (400 with the failure named at that
 * position); where it is open the answer is recorded, but a body is never answered with a 5xx and
 * an event accepted is kept as sent. The cells travel packed into a score of bodies (part 7: all
 * failures come back together); a body that breaks a rule is taken apart so that each violation is
 * credited to the rule of the fault that caused it.
 */
import { STRUCTURAL_RULES } from '../generators/index.ts';
import { ruleCheck } from '../run-records/rule-annotations.ts';
import { test } from './fixtures/index.ts';
import { failOnFindings, sweepStructuralFaults } from './verdicts/structural-sweep.ts';

test.describe('the structure of a body, at every depth', { tag: ['@validation'] }, () => {
  test(
    ...ruleCheck(
      [...STRUCTURAL_RULES, 'GAP-WRONG-JSON-TYPE'],
      'every JSON shape at every position of the body gets its verdict, and never a 5xx',
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        const result = await sweepStructuralFaults(tenantA, runId);
        for (const reading of result.readings) await observe('GAP-WRONG-JSON-TYPE', reading);
        failOnFindings(result.findings);
      }),
  );
});
