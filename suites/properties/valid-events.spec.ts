/** Property: every valid event is accepted with 201, and GET returns it unchanged (part 4). */
import { toJsonBody, validEventArbitrary } from '../../generators/index.ts';
import { ruleCheck } from '../../run-records/rule-annotations.ts';
import { test } from '../fixtures/index.ts';
import { propertyCheck } from '../property-runner/property-checks.ts';
import { postBody } from './property-requests.ts';

test.describe('properties: creation and retrieval', { tag: ['@property', '@retrieval'] }, () => {
  test(
    ...ruleCheck(
      'RETRIEVE-RETURNS-EVENT',
      'every valid event is accepted with 201 and GET returns it unchanged',
    ),
    async ({ tenantA, runId, property }) => {
      await property({
        cost: { embeddedRuns: 200, requestsPerRun: 2 },
        arbitrary: validEventArbitrary({ runId }),
        show: (event) => `POST ${toJsonBody(event)}`,
        predicate: async (event) => {
          const uuid = propertyCheck.created(await postBody(tenantA, toJsonBody(event)));
          propertyCheck.sameEvent(await tenantA.retrieve(uuid), event);
        },
      });
    },
  );
});
