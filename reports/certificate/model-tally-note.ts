/** The certificate's note of how much the model-based properties judged: sequences and steps, in all. */
import type { TestOutcome } from '../../run-records/check-record-reader.ts';

export const modelTallyNotes = (outcomes: readonly TestOutcome[]): string[] => {
  const tallies = outcomes.flatMap((outcome) => (outcome.modelTally ? [outcome.modelTally] : []));
  if (tallies.length === 0) return [];
  const sequences = tallies.reduce((sum, tally) => sum + tally.sequences, 0);
  const steps = tallies.reduce((sum, tally) => sum + tally.steps, 0);
  return [
    `The model-based property judged ${sequences} sequences of the tenants' steps, ${steps} steps in all, each tenant's view compared with the model after every step that could reach it (KIT_MODEL_STEPS, KIT_MODEL_REQUESTS).`,
  ];
};
