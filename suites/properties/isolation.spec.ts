/**
 * Property (model-based): for any sequence of steps of two tenants (create, update, read each way, the
 * other's uuid read or updated, every externalId POSTed again however old, the other's externalId
 * reused, the other's listing pages asked for with its token or link), each answer is the one the
 * spec states, and no tenant's view of its events changes but by its own write (part 1; part 4, rules
 * 1 and 3). A failure is shrunk to the shortest sequence that shows it.
 */

import { KIT_MODEL_STEPS } from '../../config/settings/index.ts';
import { modelTallyAnnotation } from '../../run-records/model-tally.ts';
import { ruleCheck } from '../../run-records/rule-annotations.ts';
import { test } from '../fixtures/index.ts';
import { modelPropertyCost } from '../property-runner/property-runs.ts';
import { freshIds } from './property-requests.ts';
import { runSequence, tenantSequences } from './tenant-sequences.ts';

test.describe('properties: what each tenant sees', { tag: ['@property', '@isolation', '@dedup'] }, () => {
  test(
    ...ruleCheck(
      ['ISOLATION-GET', 'ISOLATION-PUT', 'ISOLATION-LISTING', 'DEDUP-EXTERNAL-ID', 'RETRIEVE-RETURNS-EVENT'],
      "for any sequence of two tenants' steps, each tenant's reads change only by its own writes (model-based)",
    ),
    async ({ tenantA, tenantB, runId, property }, testInfo) => {
      const nextId = freshIds(runId);
      const clients = { A: tenantA, B: tenantB };
      const tally = { sequences: 0, steps: 0 };
      try {
        await property({
          cost: modelPropertyCost(),
          arbitrary: tenantSequences(KIT_MODEL_STEPS.read()),
          predicate: (sequence, notes) =>
            runSequence(sequence, { clients, nextId, uuidsGiven: [], tally }, notes),
        });
      } finally {
        testInfo.annotations.push(modelTallyAnnotation(tally));
      }
    },
  );
});
