/**
 * Property: a valid PUT after a valid POST is applied (any 2xx) and GET shows the update, or is refused
 * cleanly and GET shows the event unchanged (part 4; PUT's rules are not shown).
 */
import { toJsonBody, validEventArbitrary, validUpdateArbitrary } from '../../generators/index.ts';
import { stateAfterUpdate } from '../../oracle/index.ts';
import { ruleCheck } from '../../run-records/rule-annotations.ts';
import { test } from '../fixtures/index.ts';
import { propertyCheck } from '../property-runner/property-checks.ts';
import { freshIds, postEvent, putEvent, rekeyedValidUpdate } from './property-requests.ts';

test.describe('properties: update', { tag: ['@property', '@update'] }, () => {
  test(
    ...ruleCheck(
      'UPDATE-APPLIES',
      'every valid PUT after a valid POST is applied and visible through GET, or refused cleanly and changes nothing',
    ),
    async ({ tenantA, runId, property }) => {
      const nextId = freshIds(runId);
      await property({
        cost: { embeddedRuns: 100, requestsPerRun: 3 },
        arbitrary: validEventArbitrary({ runId }).chain((previous) =>
          validUpdateArbitrary(previous).map((update) => rekeyedValidUpdate(nextId, previous, update)),
        ),
        show: ({ previous, update }) => `POST ${toJsonBody(previous)}\nPUT ${toJsonBody(update)}`,
        predicate: async ({ previous, update }) => {
          const uuid = propertyCheck.created(await postEvent(tenantA, previous));
          // Applied, or refused cleanly (PUT's rules and the status transitions are not shown): GET
          // shows the update, or the event as it was. That some update applies is UPDATE-APPLIES's
          // hand-written check.
          const outcome = propertyCheck.update(await putEvent(tenantA, uuid, update));
          const after = stateAfterUpdate(outcome, update, previous);
          propertyCheck.sameEvent(await tenantA.retrieve(uuid), after.event, after.judge);
        },
      });
    },
  );
});
