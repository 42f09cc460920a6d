/**
 * The one refusal of the pacing that says something about the check rather than the kit: the tenant's
 * share cannot hold `count` requests leaving at once. A check that needs them together (a burst) is
 * then inconclusive, never failed; every other RangeError of the pacing is an argument error, a kit
 * fault, and must not be read that way. A RangeError still, so code that knew it as one is unchanged.
 */
export class BudgetCannotHold extends RangeError {
  override readonly name = 'BudgetCannotHold';
}

/** Throws BudgetCannotHold when `count` requests cannot leave together within a share of `perSpan`. */
export const assertBudgetHolds = (count: number, perSpan: number, spanMs: number): void => {
  if (Number.isInteger(count) && count > perSpan)
    throw new BudgetCannotHold(
      `${count} requests cannot leave together within a share of ${perSpan} per ${spanMs} ms`,
    );
};
