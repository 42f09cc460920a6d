/**
 * For the generators' kit tests: compares an expected verdict with the findings of the independent
 * rule check (spec-rule-check.ts). Every expected error must be found, on its field, and nothing may
 * be found that no fault expects: no missing fault, no extra one.
 */
import type { ExpectedVerdict } from '../verdict.ts';
import type { Finding } from './spec-rule-check.ts';

export const verdictDisagreements = (expected: ExpectedVerdict, findings: readonly Finding[]): string[] => {
  const remaining = [...findings];
  const disagreements: string[] = [];
  for (const error of expected.errors) {
    // ANY stands for a rule with no code: an unknown payload property, or a field of the wrong JSON type.
    const kind =
      error.errorCode !== 'ANY'
        ? error.errorCode
        : error.ruleId === 'VAL-PAYLOAD-UNKNOWN-PROPERTY'
          ? 'UNKNOWN_PROPERTY'
          : 'WRONG_TYPE';
    const index = remaining.findIndex((finding) => finding.field === error.field && finding.kind === kind);
    if (index < 0)
      disagreements.push(`expected ${error.field} ${error.errorCode}, the rules find no such failure`);
    else remaining.splice(index, 1);
  }
  for (const finding of remaining)
    disagreements.push(`the rules find ${finding.field} ${finding.kind}, no fault expects it`);
  return disagreements;
};
