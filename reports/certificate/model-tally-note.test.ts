/** The certificate's note of what the model-based property judged. */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { TestOutcome } from '../../run-records/check-record-reader.ts';
import { modelTallyNotes } from './model-tally-note.ts';

test("the certificate's note sums the tallies of the run's tests, and says nothing without one", () => {
  const outcome = (modelTally?: { sequences: number; steps: number }) =>
    ({ title: 't', ...(modelTally ? { modelTally } : {}) }) as unknown as TestOutcome;
  expect(modelTallyNotes([outcome(), outcome()])).toEqual([]);
  const [note] = modelTallyNotes([
    outcome({ sequences: 3, steps: 20 }),
    outcome(),
    outcome({ sequences: 2, steps: 5 }),
  ]);
  expect(note).toContain('judged 5 sequences');
  expect(note).toContain('25 steps in all');
});
