/**
 * Property: any valid event with any few structural faults (any JSON shape at any position, at any
 * depth: generators/faults/structure.ts) gets its verdict: refused with every stated failure named
 * at its position, the open ones reported or not; created only when every fault is a reading, and
 * then kept as sent; never a 5xx. The fixed sweep (suites/structure.spec.ts) sends every cell in every
 * run; this adds the combinations with other events.
 */
import {
  applyStructuralFaults,
  createExternalIdSource,
  describeVerdict,
  STRUCTURAL_RULES,
  structuralEventArbitrary,
} from '../../generators/index.ts';
import { describeViolations, ruleTitle } from '../../oracle/index.ts';
import { judgeFaultsApart } from '../support/faults-apart.ts';
import { test } from '../support/fixtures.ts';
import { describeExchange } from '../support/http-exchange.ts';
import { EXCHANGE_SEPARATOR, PropertyViolation } from '../support/property-checks.ts';
import { checkProperty } from '../support/property-runner.ts';
import { judgeStructuralAnswer } from '../support/structural-verdict.ts';
import { postBody } from './property-requests.ts';

test.describe('properties: structure', { tag: ['@property', '@validation'] }, () => {
  test(
    ruleTitle(STRUCTURAL_RULES, 'any JSON shape at any position of any event gets its verdict, never a 5xx'),
    async ({ target, tenantA, exchanges, runId }, testInfo) => {
      const nextId = createExternalIdSource(runId);
      await checkProperty(
        {
          target,
          exchanges,
          cost: { embeddedRuns: 150, requestsPerRun: 1 },
          arbitrary: structuralEventArbitrary({ runId }),
          show: (sample) => `POST ${sample.body}`,
          predicate: async (sample, notes) => {
            notes.note('Expected verdict', describeVerdict(sample.expected));
            notes.note('Faults', sample.faults.map((fault) => fault.description).join('\n'));
            const judge = (one: typeof sample) =>
              judgeStructuralAnswer(one, postBody(tenantA, one.body), (uuid) => tenantA.retrieve(uuid));
            // Taken apart as the fixed sweep is: a violation goes to the fault that caused it.
            const { findings } = await judgeFaultsApart(sample.faults, (faults) =>
              judge(
                faults === sample.faults
                  ? sample
                  : applyStructuralFaults({ ...sample.base, externalId: nextId() }, faults),
              ),
            );
            if (findings.length > 0) {
              const violations = findings.flatMap((finding) => finding.violations);
              const shown = findings.map((finding) => describeExchange(finding.response.exchange));
              throw new PropertyViolation(
                `${describeViolations(violations)}${EXCHANGE_SEPARATOR}${shown.join('\n\n')}`,
                violations,
              );
            }
          },
        },
        testInfo,
      );
    },
  );
});
