/** What the comparison of a provider's description with the spec finds, one place at a time. */

export interface DescriptionFinding {
  /** The rule the place bears on (spec/rules.ts or spec/client-rules.ts), or the gap it reads. */
  readonly rule: string;
  /** `differs`: the description says something else than a stated rule; `observed`: a reading of a gap. */
  readonly kind: 'differs' | 'observed';
  /** Where in the description: an operation (`POST /path`) or a part of the document. */
  readonly where: string;
  readonly what: string;
}

export const differs = (rule: string, where: string, what: string): DescriptionFinding => ({
  rule,
  kind: 'differs',
  where,
  what,
});

export const observed = (rule: string, where: string, what: string): DescriptionFinding => ({
  rule,
  kind: 'observed',
  where,
  what,
});
