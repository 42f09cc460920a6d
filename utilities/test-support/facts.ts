/**
 * Fails, naming each fact that does not hold, for the checks a fast-check property makes in every
 * run. Playwright reports every expect as a step of its test, with its stack trace mapped to the
 * sources: a few milliseconds of CPU each, more than most of these checks cost, where fast-check needs
 * only a throw to shrink and report its counterexample. (The generators' tests collect theirs in a
 * Problems list, generators/test-support/problems.ts, to the same end.)
 */
export const expectFacts = (facts: Readonly<Record<string, boolean>>): void => {
  const broken = Object.entries(facts)
    .filter(([, holds]) => !holds)
    .map(([fact]) => fact);
  if (broken.length > 0) throw new Error(`does not hold: ${broken.join('; ')}`);
};
