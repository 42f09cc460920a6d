/** The rules of these violations, in order: what most of the oracle's tests compare. */
export const rules = (violations: readonly { rule: string }[]): string[] => violations.map((v) => v.rule);
