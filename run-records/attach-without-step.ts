/**
 * An attachment of the running check without a step of its own. `testInfo.attach` wraps each
 * attachment in a Playwright step, which captures its call stack, maps every frame through the source
 * maps and is reported to the runner as it begins and as it ends. A conformance run attaches about
 * 1 500 exchanges, check records and observations: those steps took about a seventh of a run's CPU.
 * Pushed onto `testInfo.attachments`, which Playwright hands on to its reporters as it does
 * `attach`'s, the attachment reaches the JSON results and Allure all the same, without the step (in
 * Allure, among the check's own attachments instead of under its "After Hooks"). Allure's runtime calls (the rules' labels) keep their
 * steps: Allure reads a stepless call only when the test ends, after its host and thread labels, and
 * the report would list the rule labels after them, under its "Show more".
 */
import type { TestInfo } from '@playwright/test';

export const attachWithoutStep = (
  testInfo: Pick<TestInfo, 'attachments'>,
  name: string,
  body: string | Buffer,
  contentType: string,
): void => {
  testInfo.attachments.push({ name, contentType, body: typeof body === 'string' ? Buffer.from(body) : body });
};
