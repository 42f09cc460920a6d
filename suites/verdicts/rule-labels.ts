/**
 * The report's labels of a failed check's other broken rules: a story and a link for every rule its
 * recorded violations broke and it does not check itself, so the report files a failure under the rule
 * it broke, whichever check it happened in. The labels of the rules a check checks are the kit's Allure
 * reporter's to give (reports/reporters/allure-reporter.ts): they are known before the check runs.
 */
import type { TestInfo } from '@playwright/test';
import * as allure from 'allure-js-commons';
import { pendingRecordOf } from '../../run-records/check-record-writer.ts';
import { ruleReportMetadata } from '../../run-records/rule-report-metadata.ts';

/** A story for each rule the check's recorded violations broke and it does not check itself. */
export const labelViolatedRules = async (testInfo: TestInfo): Promise<void> => {
  const record = pendingRecordOf(testInfo);
  const named = new Set<string>(record.ruleIds);
  const broken = [...new Set(record.violations.map((v) => v.rule))].filter((rule) => !named.has(rule));
  if (broken.length === 0) return;
  // One call each: every call of Allure's runtime is an attachment, a step of Playwright's.
  const { labels, links } = ruleReportMetadata(broken, false);
  await allure.labels(...labels);
  await allure.links(...links);
};
