/**
 * Property (model-based): for any sequence of steps of two tenants (create, update, read each way, the
 * other's uuid read or updated, every externalId POSTed again however old, the other's externalId
 * reused, the other's listing pages asked for with its token or link), each answer is the one the
 * spec states, and no tenant's view of its events changes but by its own write (part 1; part 4, rules
 * 1 and 3). A failure is shrunk to the shortest sequence that shows it.
 */

import * as fc from 'fast-check';
import { KIT_MODEL_STEPS } from '../../config/settings/index.ts';
import { ruleCheck } from '../../run-records/rule-annotations.ts';
import { test } from '../fixtures/index.ts';
import { modelPropertyCost } from '../property-runner/property-runs.ts';
import { freshIds } from './property-requests.ts';
import type { SequenceModel, SequenceSystem } from './tenant-model.ts';
import { startSequence, tenantSequences } from './tenant-sequences.ts';

test.describe('properties: what each tenant sees', { tag: ['@property', '@isolation', '@dedup'] }, () => {
  test(
    ...ruleCheck(
      ['ISOLATION-GET', 'ISOLATION-PUT', 'ISOLATION-LISTING', 'DEDUP-EXTERNAL-ID', 'RETRIEVE-RETURNS-EVENT'],
      "for any sequence of two tenants' steps, each tenant's reads change only by its own writes (model-based)",
    ),
    async ({ tenantA, tenantB, runId, property }) => {
      const nextId = freshIds(runId);
      await property({
        cost: modelPropertyCost(),
        arbitrary: tenantSequences(KIT_MODEL_STEPS.read()),
        predicate: async ({ start, steps }, notes) => {
          const system: SequenceSystem = { clients: { A: tenantA, B: tenantB }, nextId, uuidsGiven: [] };
          let model: SequenceModel | undefined;
          try {
            await fc.asyncModelRun(async () => {
              const setup = await startSequence(start, system);
              model = setup.model;
              return setup;
            }, steps);
          } finally {
            const written = model && { A: model.A.events, B: model.B.events };
            notes.note('What each tenant wrote (the model)', JSON.stringify(written ?? {}, null, 2));
          }
        },
      });
    },
  );
});
