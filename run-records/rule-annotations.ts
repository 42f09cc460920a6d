/**
 * The rules a check covers travel as typed test details: one Playwright annotation of type `rule` and
 * one tag `@RULE-ID` per catalog id, given where the check is declared, so Playwright keeps them in
 * every report (the JSON report lists them even for a check that never ran). The check record, the
 * certificate and the self-check read the annotations; the tags are what `--grep` selects by (the
 * self-check's stages, and a user's `--grep @VAL-AMOUNT-POSITIVE`). The title is for people: by the
 * house convention it starts with the same ids, as text that no code reads back.
 */
import type { TestDetails } from '@playwright/test';
import { isRuleId, type RuleId } from '../spec/index.ts';
import type { Annotation } from './result-annotations.ts';

export const RULE_ANNOTATION = 'rule';

const listOf = (rules: RuleId | readonly RuleId[]): readonly RuleId[] =>
  typeof rules === 'string' ? [rules] : rules;

export const ruleAnnotations = (rules: RuleId | readonly RuleId[]): Annotation[] =>
  listOf(rules).map((id) => ({ type: RULE_ANNOTATION, description: id }));

/** The Playwright tag of a rule: `@VAL-AMOUNT-POSITIVE`. */
export const ruleTag = (id: RuleId): `@${RuleId}` => `@${id}`;

/**
 * A pattern (for Playwright's --grep and --grep-invert, and a project's `grep`) of the checks tagged
 * with one of these rules. Playwright matches it against the title path followed by the tags, each
 * after a space; a whole tag must match (`@VAL-STATUS-400` is not `@VAL-STATUS-4000`).
 */
export const ruleTagPatternOf = (ids: readonly RuleId[]): string => `(?:^|\\s)@(?:${ids.join('|')})(?=\\s|$)`;

/**
 * The tags of rules a check's judgements reach beyond those it is declared for (its evidence can show
 * another rule broken: a PUT answered 429 yet applied, seen by the check that waits for the window to
 * reset). With them a selection by such a rule runs the check too (`--grep @RATE-LIMIT-429`, the
 * self-check's first stage of a mutant declared for it); the reports and the certificate still credit
 * it to its declared rules, by its annotations. `ruleCheck(ids, text, reachesRules([...]))`.
 */
export const reachesRules = (rules: readonly RuleId[]): TestDetails => ({ tag: rules.map(ruleTag) });

/** The title people read: the rules' ids, then the text (`VAL-AMOUNT-POSITIVE: amount 0 gives 400`). */
export const ruleTitle = (rules: RuleId | readonly RuleId[], text: string): string =>
  `${listOf(rules).join(', ')}: ${text}`;

/**
 * A check's title and details from the rules it covers: `test(...ruleCheck(ids, text, details), body)`.
 * The details keep their own annotations after the rules', and their own tags before the rules'.
 */
export const ruleCheck = (
  rules: RuleId | readonly RuleId[],
  text: string,
  details: TestDetails = {},
): [string, TestDetails] => {
  const ownAnnotations = details.annotation === undefined ? [] : [details.annotation].flat();
  const ownTags = details.tag === undefined ? [] : [details.tag].flat();
  return [
    ruleTitle(rules, text),
    {
      ...details,
      tag: [...ownTags, ...listOf(rules).map(ruleTag)],
      annotation: [...ruleAnnotations(rules), ...ownAnnotations],
    },
  ];
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
