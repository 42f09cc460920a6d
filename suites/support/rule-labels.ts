/**
 * The report's labels of a check, from its check record (run-records/check-record-writer.ts): the rules it checks
 * and the rules its violations broke. From them the report gets its labels: epic = part of the spec, feature = area, story = rule id,
 * severity, and a link. A failed test also gets a story for every rule its violations broke, so the
 * report files a failure under the rule it broke, whichever test it happened in.
 */
import type { TestInfo } from '@playwright/test';
import * as allure from 'allure-js-commons';
import { type Label, LabelName, type Link } from 'allure-js-commons';
import { pendingRecordOf } from '../../run-records/check-record-writer.ts';
import { ruleLink } from '../../run-records/rule-link.ts';
import { type RuleId, ruleById, SPEC_PARTS } from '../../spec/index.ts';

/**
 * The rules' labels and links, given to Allure in one call each: every call of Allure's runtime is an
 * attachment, a step of Playwright's whose stack it captures.
 */
const labelRules = async (ids: readonly RuleId[], firstIsMain: boolean): Promise<void> => {
  if (ids.length === 0) return;
  const labels: Label[] = [];
  const links: Link[] = [];
  for (const [index, id] of ids.entries()) {
    const rule = ruleById(id);
    const main = firstIsMain && index === 0;
    // In the order the report's label list shows them before its "Show more".
    if (main)
      labels.push(
        { name: LabelName.EPIC, value: SPEC_PARTS[rule.part] },
        { name: LabelName.FEATURE, value: rule.area },
      );
    labels.push({ name: LabelName.STORY, value: rule.id });
    if (main) labels.push({ name: LabelName.SEVERITY, value: rule.severity });
    links.push({ url: ruleLink(rule), name: `rule ${rule.id}` });
  }
  await allure.labels(...labels);
  await allure.links(...links);
};

/** The labels of the rules the check checks (its record's rule ids). */
export const applyRuleLabels = async (testInfo: TestInfo): Promise<readonly RuleId[]> => {
  const ids = pendingRecordOf(testInfo).ruleIds;
  await labelRules(ids, true);
  return ids;
};

/** A story for each rule the check's recorded violations broke and it does not check itself. */
export const labelViolatedRules = async (testInfo: TestInfo): Promise<void> => {
  const record = pendingRecordOf(testInfo);
  const named = new Set<string>(record.ruleIds);
  const broken = [...new Set(record.violations.map((v) => v.rule))].filter((rule) => !named.has(rule));
  await labelRules(broken, false);
};
