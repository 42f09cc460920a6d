/**
 * How much a model-based property judged: the sequences it ran and the steps in them. The property
 * leaves it as a Playwright annotation of its test; the certificate sums what the run's tests left.
 */
export interface ModelTally {
  readonly sequences: number;
  readonly steps: number;
}

export const MODEL_TALLY_ANNOTATION = 'model-tally';

export const modelTallyAnnotation = (tally: ModelTally): { type: string; description: string } => ({
  type: MODEL_TALLY_ANNOTATION,
  description: `${tally.sequences} sequences, ${tally.steps} steps`,
});

/** The tallies a test's annotations carry, summed; undefined when none does. */
export const modelTallyOf = (
  annotations: readonly { readonly type: string; readonly description?: string }[],
): ModelTally | undefined => {
  let tally: ModelTally | undefined;
  for (const { type, description } of annotations) {
    const match =
      type === MODEL_TALLY_ANNOTATION ? /^(\d+) sequences, (\d+) steps$/.exec(description ?? '') : null;
    if (!match) continue;
    tally = {
      sequences: (tally?.sequences ?? 0) + Number(match[1]),
      steps: (tally?.steps ?? 0) + Number(match[2]),
    };
  }
  return tally;
};
