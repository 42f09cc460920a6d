/**
 * The report's labels of a check, from its check record (run-records/check-record-writer.ts): the rules it checks
 * and the rules its violations broke. From them the report gets its labels: epic = part of the spec, feature = area, story = rule id,
 * severity, and a link. A failed test also gets a story for every rule its violations broke, so the
 * report files a failure under the rule it broke, whichever test it happened in.
 */
import type { TestInfo } from '@playwright/test';
import * as allure from 'allure-js-commons';
import { pendingRecordOf } from '../../run-records/check-record-writer.ts';
import { ruleLink } from '../../run-records/rule-link.ts';
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

/** The labels of the rules the check checks (its record's rule ids). */
export const applyRuleLabels = async (testInfo: TestInfo): Promise<readonly RuleId[]> => {
  const ids = pendingRecordOf(testInfo).ruleIds;
  for (const [index, id] of ids.entries()) await labelRule(id, index === 0);
  return ids;
};

/** A story for each rule the check's recorded violations broke and it does not check itself. */
export const labelViolatedRules = async (testInfo: TestInfo): Promise<void> => {
  const record = pendingRecordOf(testInfo);
  const named = new Set<string>(record.ruleIds);
  for (const rule of new Set(record.violations.map((v) => v.rule))) {
    if (named.has(rule)) continue;
    named.add(rule);
    await labelRule(rule, false);
  }
};
