/**
 * Sequences of the tenants' model-based property: each tenant's first two events (made one after the
 * other, so that each has a twin touched by nobody), then up to KIT_MODEL_STEPS steps of either tenant
 * (tenant-steps.ts). fast-check shrinks a failing sequence to the shortest that still fails; FC_SEED,
 * FC_PATH and FC_REPLAY_PATH replay it.
 */
import * as fc from 'fast-check';
import { eventFieldsArbitrary, type FinancialEventFields } from '../../generators/index.ts';
import type { RunNotes } from '../property-runner/property-runner.ts';
import { commandsReplayPath } from '../property-runner/property-runs.ts';
import { changeArbitrary } from './event-changes.ts';
import {
  emptyModel,
  MAX_EVENTS_PER_TENANT,
  type SequenceModel,
  type SequenceSystem,
  TENANTS,
} from './tenant-model.ts';
import {
  creates,
  postsDuplicates,
  reads,
  readsForeign,
  renames,
  renamesInvalidly,
  replaysForeignPages,
  retypes,
  reusesForeignExternalId,
  reusesFreedExternalId,
  type Step,
  updates,
  updatesForeign,
} from './tenant-steps.ts';

const tenantArbitrary = fc.constantFrom(...TENANTS);
const pickArbitrary = fc.nat({ max: MAX_EVENTS_PER_TENANT - 1 });
const fieldsArbitrary = (): fc.Arbitrary<FinancialEventFields> =>
  eventFieldsArbitrary({ multiCurrencyAmounts: { maxLength: 2 } });

/** The first events: two for each tenant, so that every event has a twin from the start. */
export interface SequenceStart {
  readonly A: readonly [FinancialEventFields, FinancialEventFields];
  readonly B: readonly [FinancialEventFields, FinancialEventFields];
}

export interface TenantSequence {
  readonly start: SequenceStart;
  readonly steps: Iterable<Step>;
}

const stepArbitrary = (): fc.Arbitrary<Step>[] => [
  fc.tuple(tenantArbitrary, fieldsArbitrary()).map(([t, fields]): Step => creates(t, fields)),
  fc.tuple(tenantArbitrary, pickArbitrary, changeArbitrary()).map(([t, p, c]): Step => updates(t, p, c)),
  fc
    .tuple(tenantArbitrary, pickArbitrary, changeArbitrary(), fc.boolean())
    .map(([t, p, c, shouted]): Step => renames(t, p, c, shouted)),
  fc
    .tuple(tenantArbitrary, pickArbitrary, changeArbitrary())
    .map(([t, p, c]): Step => renamesInvalidly(t, p, c)),
  fc.tuple(tenantArbitrary, pickArbitrary, changeArbitrary()).map(([t, p, c]): Step => retypes(t, p, c)),
  fc
    .tuple(tenantArbitrary, pickArbitrary, fieldsArbitrary())
    .map(([t, p, fields]): Step => reusesFreedExternalId(t, p, fields)),
  fc.tuple(tenantArbitrary, pickArbitrary).map(([t, p]): Step => reads(t, p)),
  fc.tuple(tenantArbitrary, pickArbitrary).map(([t, p]): Step => readsForeign(t, p)),
  fc
    .tuple(tenantArbitrary, pickArbitrary, changeArbitrary())
    .map(([t, p, c]): Step => updatesForeign(t, p, c)),
  fc.tuple(tenantArbitrary, fieldsArbitrary()).map(([t, fields]): Step => postsDuplicates(t, fields)),
  fc
    .tuple(tenantArbitrary, pickArbitrary, fieldsArbitrary())
    .map(([t, p, fields]): Step => reusesForeignExternalId(t, p, fields)),
  tenantArbitrary.map((t): Step => replaysForeignPages(t)),
];

/** Sequences of up to `maxSteps` steps after the first events. */
export const tenantSequences = (
  maxSteps: number,
  replayPath = commandsReplayPath(),
): fc.Arbitrary<TenantSequence> =>
  fc.record({
    start: fc.record({
      A: fc.tuple(fieldsArbitrary(), fieldsArbitrary()),
      B: fc.tuple(fieldsArbitrary(), fieldsArbitrary()),
    }),
    // Sequences as long as the budget allows: a step's effect often shows only at a later step.
    steps: fc.commands(stepArbitrary(), {
      maxCommands: maxSteps,
      size: 'max',
      ...(replayPath ? { replayPath } : {}),
    }),
  });

/** The first events of each tenant, created before the steps run: the model run's setup. */
export const startSequence = async (
  start: SequenceStart,
  system: SequenceSystem,
): Promise<{ model: SequenceModel; real: SequenceSystem }> => {
  const model = emptyModel();
  for (const tenant of TENANTS)
    for (const fields of start[tenant]) await creates(tenant, fields).run(model, system);
  return { model, real: system };
};

/** Runs one sequence against the deployment, leaving what each tenant wrote for the report of a failure. */
export const runSequence = async (
  { start, steps }: TenantSequence,
  system: SequenceSystem,
  notes: RunNotes,
): Promise<void> => {
  system.tally.sequences += 1;
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
};
