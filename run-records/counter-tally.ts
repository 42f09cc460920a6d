/**
 * What the rate-limit counter's axes cost and covered: the axes sent, those its budget of fresh windows
 * (KIT_COUNTER_WINDOWS) left unsent, and the fresh windows they took of that budget. Each counter check
 * leaves it as a Playwright annotation of its test; the certificate sums what the run's tests left.
 */
export interface CounterTally {
  readonly sent: number;
  readonly unsent: number;
  readonly windows: number;
  readonly budget: number;
}

export const COUNTER_TALLY_ANNOTATION = 'counter-tally';

export const counterTallyAnnotation = (tally: CounterTally): { type: string; description: string } => ({
  type: COUNTER_TALLY_ANNOTATION,
  description: `${tally.sent} axes sent, ${tally.unsent} unsent, ${tally.windows} fresh windows of ${tally.budget}`,
});

const TALLY_FORM = /^(\d+) axes sent, (\d+) unsent, (\d+) fresh windows of (\d+)$/;

/** The tallies a test's annotations carry, summed (the budget is the run's, the largest given); undefined when none does. */
export const counterTallyOf = (
  annotations: readonly { readonly type: string; readonly description?: string }[],
): CounterTally | undefined => {
  let tally: CounterTally | undefined;
  for (const { type, description } of annotations) {
    const match = type === COUNTER_TALLY_ANNOTATION ? TALLY_FORM.exec(description ?? '') : null;
    if (!match) continue;
    tally = sumTallies(tally, {
      sent: Number(match[1]),
      unsent: Number(match[2]),
      windows: Number(match[3]),
      budget: Number(match[4]),
    });
  }
  return tally;
};

/** Two tallies as one: counts added, the one budget kept. */
export const sumTallies = (a: CounterTally | undefined, b: CounterTally): CounterTally => ({
  sent: (a?.sent ?? 0) + b.sent,
  unsent: (a?.unsent ?? 0) + b.unsent,
  windows: (a?.windows ?? 0) + b.windows,
  budget: Math.max(a?.budget ?? 0, b.budget),
});
