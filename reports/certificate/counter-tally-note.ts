/** The certificate's note of what the rate-limit counter's axes covered and the windows they took of their budget. */

import type { TestOutcome } from '../../run-records/check-record-reader.ts';
import type { CounterTally } from '../../run-records/counter-tally.ts';
import { sumTallies } from '../../run-records/counter-tally.ts';

export const counterTallyNotes = (outcomes: readonly TestOutcome[]): string[] => {
  let tally: CounterTally | undefined;
  for (const outcome of outcomes) if (outcome.counterTally) tally = sumTallies(tally, outcome.counterTally);
  if (tally === undefined) return [];
  const unsent =
    tally.unsent > 0 ? `; ${tally.unsent} left unsent when the budget was spent, each not established` : '';
  return [
    `The rate-limit counter sent ${tally.sent} axes, taking ${tally.windows} fresh ${tally.windows === 1 ? 'window' : 'windows'} of the rate-limit tenant of the ${tally.budget} it may (KIT_COUNTER_WINDOWS)${unsent}.`,
  ];
};
