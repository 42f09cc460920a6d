/**
 * Fails, naming each fact that does not hold, for the checks a test makes hundreds of times (a
 * property's runs, a loop of rounds). Playwright reports every expect as a step of its test, with its
 * stack trace mapped to the sources: a few milliseconds of CPU each, more than most of these checks.
 * fast-check needs only the throw to shrink and report its counterexample; a test's other checks stay
 * expects.
 */
export const expectFacts = (facts: Readonly<Record<string, boolean>>, context?: string): void => {
  const broken = Object.entries(facts)
    .filter(([, holds]) => !holds)
    .map(([fact]) => fact);
  if (broken.length > 0)
    throw new Error(`${context === undefined ? '' : `${context}: `}does not hold: ${broken.join('; ')}`);
};
