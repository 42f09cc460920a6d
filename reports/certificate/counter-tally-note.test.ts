/** The certificate's note of what the rate-limit counter's axes covered and the windows they took. */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { TestOutcome } from '../../run-records/check-record-reader.ts';
import type { CounterTally } from '../../run-records/counter-tally.ts';
import { counterTallyNotes } from './counter-tally-note.ts';

const outcome = (counterTally?: CounterTally) =>
  ({ title: 't', ...(counterTally ? { counterTally } : {}) }) as unknown as TestOutcome;

test("the certificate's note sums the counter checks' tallies and names the budget, and says nothing without one", () => {
  expect(counterTallyNotes([outcome(), outcome()])).toEqual([]);
  const [note] = counterTallyNotes([
    outcome({ sent: 8, unsent: 0, windows: 1, budget: 30 }),
    outcome(),
    outcome({ sent: 2, unsent: 0, windows: 0, budget: 30 }),
  ]);
  expect(note).toContain(
    'sent 10 axes, taking 1 fresh window of the rate-limit tenant of the 30 it may (KIT_COUNTER_WINDOWS)',
  );
  expect(note).not.toContain('unsent');
});

test("the certificate's note says how many axes the budget left unsent, and that they are not established", () => {
  const [note] = counterTallyNotes([outcome({ sent: 3, unsent: 5, windows: 1, budget: 1 })]);
  expect(note).toContain('taking 1 fresh window of the rate-limit tenant of the 1 it may');
  expect(note).toContain('5 left unsent when the budget was spent, each not established');
});
