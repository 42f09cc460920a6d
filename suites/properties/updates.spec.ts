/** Property: a valid PUT after a valid POST succeeds (any 2xx) and GET shows the update (part 4). */
import { toJsonBody, validEventArbitrary, validUpdateArbitrary } from '../../generators/index.ts';
import { test } from '../support/fixtures.ts';
import { checkCreated, checkSameEvent, checkUpdated } from '../support/property-checks.ts';
import { checkProperty } from '../support/property-runner.ts';
import { freshIds, postEvent, putEvent, rekeyedValidUpdate } from './property-requests.ts';

test.describe('properties: update', { tag: ['@property', '@update'] }, () => {
  test('UPDATE-APPLIES: every valid PUT after a valid POST succeeds and is visible through GET', async ({
    target,
    tenantA,
    exchanges,
    runId,
  }, testInfo) => {
    const nextId = freshIds(runId);
    await checkProperty(
      {
        target,
        exchanges,
        cost: { embeddedRuns: 100, requestsPerRun: 3 },
        arbitrary: validEventArbitrary({ runId }).chain((previous) =>
          validUpdateArbitrary(previous).map((update) => rekeyedValidUpdate(nextId, previous, update)),
        ),
        show: ({ previous, update }) => `POST ${toJsonBody(previous)}\nPUT ${toJsonBody(update)}`,
        predicate: async ({ previous, update }) => {
          const uuid = checkCreated(await postEvent(tenantA, previous));
          checkUpdated(await putEvent(tenantA, uuid, update));
          checkSameEvent(await tenantA.retrieve(uuid), update);
        },
      },
      testInfo,
    );
  });
});
