/**
 * The rules a check covers travel as typed test details: one Playwright annotation of type `rule` per
 * catalog id, given where the check is declared, so Playwright keeps them in every report (the JSON
 * report lists them even for a check that never ran). The check record, the certificate and the
 * self-check read them from there. The title is for people: by the house convention it starts with
 * the same ids (which keeps `--grep RULE-ID` working), and nothing reads them back from it.
 */
import type { TestDetails } from '@playwright/test';
import { isRuleId, type RuleId } from '../spec/index.ts';
import type { Annotation } from './result-annotations.ts';
import { ruleTitle } from './rule-titles.ts';

export const RULE_ANNOTATION = 'rule';

const listOf = (rules: RuleId | readonly RuleId[]): readonly RuleId[] =>
  typeof rules === 'string' ? [rules] : rules;

export const ruleAnnotations = (rules: RuleId | readonly RuleId[]): Annotation[] =>
  listOf(rules).map((id) => ({ type: RULE_ANNOTATION, description: id }));

/**
 * A check's title and details from the rules it covers: `test(...ruleCheck(ids, text, details), body)`.
 * The details keep their own annotations after the rules'.
 */
export const ruleCheck = (
  rules: RuleId | readonly RuleId[],
  text: string,
  details: TestDetails = {},
): [string, TestDetails] => {
  const own = details.annotation === undefined ? [] : [details.annotation].flat();
  return [ruleTitle(rules, text), { ...details, annotation: [...ruleAnnotations(rules), ...own] }];
};

export interface RulesOfAnnotations {
  /** The catalog's ids, in the order given, each once. */
  readonly ids: readonly RuleId[];
  /** Descriptions of `rule` annotations the catalog does not know. */
  readonly unknown: readonly string[];
}

export const rulesOfAnnotations = (annotations: readonly Annotation[]): RulesOfAnnotations => {
  const described = annotations
    .filter((annotation) => annotation.type === RULE_ANNOTATION)
    .map((annotation) => annotation.description?.trim() ?? '');
  return {
    ids: [...new Set(described.filter(isRuleId))],
    unknown: described.filter((id) => !isRuleId(id)),
  };
};
