/**
 * Property: any valid event with any few structural faults (any JSON shape at any position, at any
 * depth: generators/faults/structure.ts) gets its verdict: refused with every stated failure named
 * at its position, the open ones reported or not; created only when every fault is a reading, and
 * then kept as sent; never a 5xx. The fixed sweep (suites/structure.spec.ts) sends every cell in every
 * run; this adds the combinations with other events. A counterexample that still holds several faults
 * when shrinking ends is taken apart, so that its violations go to the fault that caused them.
 */
import {
  applyStructuralFaults,
  createExternalIdSource,
  describeVerdict,
  type InvalidEventSample,
  STRUCTURAL_RULES,
  type StructuralFault,
  structuralEventArbitrary,
} from '../../generators/index.ts';
import { ruleCheck } from '../../run-records/rule-annotations.ts';
import { test } from '../fixtures/index.ts';
import { propertyCheck } from '../property-runner/property-checks.ts';
import { creditTakenApart } from '../verdicts/faults-apart.ts';
import { judgeStructuralAnswer } from '../verdicts/structural-verdict.ts';
import { postBody } from './property-requests.ts';

test.describe('properties: structure', { tag: ['@property', '@validation'] }, () => {
  test(
    ...ruleCheck(
      STRUCTURAL_RULES,
      'any JSON shape at any position of any event gets its verdict, never a 5xx',
    ),
    async ({ tenantA, runId, property }) => {
      const nextId = createExternalIdSource(runId);
      const judge = (sample: InvalidEventSample<StructuralFault>) =>
        judgeStructuralAnswer(sample, postBody(tenantA, sample.body), (uuid) => tenantA.retrieve(uuid));
      await property({
        cost: { embeddedRuns: 150, requestsPerRun: 1, maxRemoteRuns: 10 },
        arbitrary: structuralEventArbitrary({ runId }),
        show: (sample) => `POST ${sample.body}`,
        predicate: async (sample, notes) => {
          notes.note('Expected verdict', describeVerdict(sample.expected));
          notes.note('Faults', sample.faults.map((fault) => fault.description).join('\n'));
          const outcome = await judge(sample);
          propertyCheck.verdict(outcome, outcome.response);
        },
        // Taken apart as the fixed sweep is: a violation goes to the fault that caused it.
        credit: (sample, violations) =>
          creditTakenApart(sample.faults, violations, (faults) =>
            judge(applyStructuralFaults({ ...sample.base, externalId: nextId() }, faults)),
          ),
      });
    },
  );
});
