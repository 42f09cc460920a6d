/**
 * Every conformance test title starts with its rule id (`VAL-AMOUNT-POSITIVE: …`). From it the report
 * gets its labels: epic = part of the spec, feature = area, story = rule id, severity, and a link.
 */
import * as allure from 'allure-js-commons';
import { isRuleId, type Rule, ruleById, SPEC_PARTS } from '../../spec/index.ts';

const RULE_ID_IN_TITLE = /^([A-Z0-9]+(?:-[A-Z0-9]+)+):/;

export const ruleIdOfTitle = (title: string): string | undefined => {
  const id = RULE_ID_IN_TITLE.exec(title)?.[1];
  return id !== undefined && isRuleId(id) ? id : undefined;
};

/** Where a rule is explained: the catalog, in the kit's repository. */
export const ruleLink = (rule: Rule): string => `spec/rules.ts#${rule.id}`;

export const applyRuleLabels = async (title: string): Promise<Rule | undefined> => {
  const id = ruleIdOfTitle(title);
  if (!id) return undefined;
  const rule = ruleById(id);
  await allure.epic(SPEC_PARTS[rule.part]);
  await allure.feature(rule.area);
  await allure.story(rule.id);
  await allure.severity(rule.severity);
  await allure.link(ruleLink(rule), `rule ${rule.id}`);
  return rule;
};
