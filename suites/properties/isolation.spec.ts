/**
 * Property (model-based): whatever tenant A creates is invisible to tenant B, for any sequence of
 * creates and updates (part 1; part 4, rule 3). B's reads (GET, `?versions=true`) and updates of A's
 * uuids answer 404 ERR-4002, and A's events, and their versions, always hold what A last wrote.
 */
import * as fc from 'fast-check';
import { ruleCheck } from '../../run-records/rule-annotations.ts';
import { test } from '../fixtures/index.ts';
import {
  checkEveryEventOfA,
  type IsolationModel,
  type IsolationSystem,
  isolationScenarios,
  setUpIsolation,
} from './isolation-model.ts';
import { freshIds } from './property-requests.ts';

test.describe('properties: tenant isolation', { tag: ['@property', '@isolation'] }, () => {
  test(
    ...ruleCheck(
      'ISOLATION-GET',
      "for any sequence of A's creates and updates, B can neither read nor change A's events (model-based)",
    ),
    async ({ tenantA, tenantB, runId, property }) => {
      const nextId = freshIds(runId);
      await property({
        cost: { embeddedRuns: 100, requestsPerRun: 10 },
        arbitrary: isolationScenarios(),
        predicate: async ({ first, commands }, notes) => {
          const system: IsolationSystem = { a: tenantA, b: tenantB, uuids: [], nextId };
          let model: IsolationModel | undefined;
          try {
            await fc.asyncModelRun(async () => {
              const setup = await setUpIsolation(first, system);
              model = setup.model;
              return setup;
            }, commands);
            if (model) await checkEveryEventOfA(model, system);
          } finally {
            notes.note("What A's events must hold (the model)", JSON.stringify(model?.events ?? [], null, 2));
          }
        },
      });
    },
  );
});
