/**
 * Every conformance test title starts with the ids of the rules it checks (`VAL-AMOUNT-POSITIVE: …`).
 * From them the report gets its labels: epic = part of the spec, feature = area, story = rule id,
 * severity, and a link. A failed test also gets a story for every rule its violations broke, so the
 * report files a failure under the rule it broke, whichever test it happened in.
 */
import type { TestInfo } from '@playwright/test';
import * as allure from 'allure-js-commons';
import { parseRuleTitle, violationsOfAnnotations } from '../../oracle/index.ts';
import { ruleLink } from '../../run-output/rule-link.ts';
import { type RuleId, ruleById, SPEC_PARTS } from '../../spec/index.ts';

const labelRule = async (id: RuleId, first: boolean): Promise<void> => {
  const rule = ruleById(id);
  if (first) {
    await allure.epic(SPEC_PARTS[rule.part]);
    await allure.feature(rule.area);
  }
  await allure.story(rule.id);
  if (first) await allure.severity(rule.severity);
  await allure.link(ruleLink(rule), `rule ${rule.id}`);
};

/** The labels of the rules a title names; throws on an id the catalog does not know. */
export const applyRuleLabels = async (title: string): Promise<readonly RuleId[]> => {
  const { ids, unknown } = parseRuleTitle(title);
  if (unknown.length > 0) throw new Error(`Unknown rule id ${unknown.join(', ')} in the title "${title}"`);
  for (const [index, id] of ids.entries()) await labelRule(id, index === 0);
  return ids;
};

/** A story for each rule the test's recorded violations broke and its title does not name. */
export const labelViolatedRules = async (testInfo: TestInfo): Promise<void> => {
  const named = new Set<string>(parseRuleTitle(testInfo.title).ids);
  for (const rule of new Set(violationsOfAnnotations(testInfo.annotations).map((v) => v.rule))) {
    if (named.has(rule)) continue;
    named.add(rule);
    await labelRule(rule, false);
  }
};
