/**
 * allure-playwright, as the conformance config lists it, with three differences.
 *
 * The labels and links of the rules a check checks come from here, in the runner, from the check's
 * `rule` annotations (run-records/rule-annotations.ts): known where the check is declared, they cost
 * the workers nothing, where Allure's runtime API in the check made each call an attachment, a step
 * of Playwright's whose stack it captures. The labels go to Allure as the annotations it reads when a
 * test begins (`@allure.label.<name>`), so the report lists them before its host and thread labels;
 * the links, which annotations cannot carry, as the runtime message the API would have sent.
 *
 * `playwright merge-reports` (merging the blob reports of shards, docs/scaling.md) configures
 * reporters before it knows any project, and allure-playwright reads the first project's folders
 * then, which throws. Those folders only serve screenshot comparisons, which the API suites never
 * make: any folder will do.
 *
 * Its files are written without a sync to the disk each (allure-results-writer.ts).
 */
import type { FullConfig, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import type { RuntimeMetadataMessage } from 'allure-js-commons/sdk';
import { ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE } from 'allure-js-commons/sdk/reporter';
import { AllureReporter } from 'allure-playwright';
import { rulesOfAnnotations } from '../../run-records/rule-annotations.ts';
import { ruleReportMetadata } from '../../run-records/rule-report-metadata.ts';
import { useUnsyncedWriter } from './allure-results-writer.ts';

const metadataOf = (test: TestCase) => ruleReportMetadata(rulesOfAnnotations(test.annotations).ids, true);

/** The test as Allure sees it when it begins: its annotations and its rules' labels as annotations. */
export const withRuleLabels = (test: TestCase): TestCase => {
  const { labels } = metadataOf(test);
  if (labels.length === 0) return test;
  const annotations = [
    ...test.annotations,
    ...labels.map((label) => ({ type: `@allure.label.${label.name}`, description: label.value })),
  ];
  return Object.create(test, { annotations: { value: annotations } }) as TestCase;
};

/** The result as Allure reads it when the test ends: its attachments and a message of its rules' links. */
export const withRuleLinks = (test: TestCase, result: TestResult): TestResult => {
  const { links } = metadataOf(test);
  if (links.length === 0) return result;
  const message: RuntimeMetadataMessage = { type: 'metadata', data: { links } };
  const attachment = {
    name: 'Allure Metadata (metadata)',
    contentType: ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE,
    body: Buffer.from(JSON.stringify(message), 'utf8'),
  };
  return { ...result, attachments: [...result.attachments, attachment] };
};

export default class KitAllureReporter extends AllureReporter {
  override onConfigure(config: FullConfig): void {
    if (config.projects.length > 0) {
      super.onConfigure(config);
      return;
    }
    const folders = {
      outputDir: config.rootDir,
      snapshotDir: config.rootDir,
    } as FullConfig['projects'][number];
    super.onConfigure({ ...config, projects: [folders] });
  }

  override onBegin(suite: Suite): void {
    super.onBegin(suite);
    useUnsyncedWriter(this, this.options.resultsDir ?? './allure-results');
  }

  override onTestBegin(test: TestCase): void {
    super.onTestBegin(withRuleLabels(test));
  }

  override async onTestEnd(test: TestCase, result: TestResult): Promise<void> {
    await super.onTestEnd(test, withRuleLinks(test, result));
  }
}
