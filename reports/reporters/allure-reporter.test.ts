/** The kit's Allure reporter: the rules' labels and links from a check's `rule` annotations, in the runner. */

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import type { TestResult as AllureTestResult } from 'allure-js-commons';
import type { Writer } from 'allure-js-commons/sdk/reporter';
import { ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE } from 'allure-js-commons/sdk/reporter';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { ruleById, SPEC_PARTS } from '../../spec/index.ts';
import KitAllureReporter, { withRuleLabels, withRuleLinks } from './allure-reporter.ts';
import { useUnsyncedWriter } from './allure-results-writer.ts';

const checkOf = (rules: readonly string[]): TestCase =>
  ({
    id: 'check-1',
    annotations: [
      ...rules.map((id) => ({ type: 'rule', description: id })),
      { type: 'issue', description: 'kept as it is' },
    ],
    titlePath: () => ['', 'conformance', 'auth.spec.ts', 'a check'],
  }) as unknown as TestCase;

test('ALLURE LABELS: the main rule gives epic, feature and severity, every rule a story, as annotations Allure reads first', () => {
  const check = checkOf(['AUTH-TOKEN-INVALID', 'RETRIEVE-UNKNOWN-404']);
  const seen = withRuleLabels(check);
  const main = ruleById('AUTH-TOKEN-INVALID');
  expect(seen.annotations).toEqual([
    ...check.annotations,
    { type: '@allure.label.epic', description: SPEC_PARTS[main.part] },
    { type: '@allure.label.feature', description: main.area },
    { type: '@allure.label.story', description: 'AUTH-TOKEN-INVALID' },
    { type: '@allure.label.severity', description: main.severity },
    { type: '@allure.label.story', description: 'RETRIEVE-UNKNOWN-404' },
  ]);
  // The rest of the test is the test's own, untouched.
  expect(seen.id).toBe('check-1');
  expect(seen.titlePath()).toEqual(check.titlePath());
  expect(check.annotations).toHaveLength(3);
});

test('ALLURE LINKS: a link a rule, as the runtime message Allure applies when the test ends; the result itself untouched', () => {
  const check = checkOf(['AUTH-TOKEN-INVALID']);
  const result = {
    status: 'passed',
    attachments: [{ name: 'check record', contentType: 'x', body: Buffer.from('{}') }],
  };
  const seen = withRuleLinks(check, result as unknown as TestResult);
  expect(result.attachments).toHaveLength(1);
  expect(seen.status).toBe('passed');
  const message = seen.attachments.at(-1);
  expect(message?.contentType).toBe(ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE);
  expect(JSON.parse(message?.body?.toString() ?? '')).toEqual({
    type: 'metadata',
    data: { links: [{ url: 'spec/rules.ts#AUTH-TOKEN-INVALID', name: 'rule AUTH-TOKEN-INVALID' }] },
  });
});

test('ALLURE LABELS: a test of no rule is passed on as it is', () => {
  const check = checkOf([]);
  const result = { attachments: [] } as unknown as TestResult;
  expect(withRuleLabels(check)).toBe(check);
  expect(withRuleLinks(check, result)).toBe(result);
});

test('ALLURE WRITER: when the run begins, the results are written by the writer without a sync per file, and read as Allure wrote them', () => {
  const resultsDir = mkdtempSync(join(tmpdir(), 'allure-writer-'));
  try {
    const reporter = new KitAllureReporter({ resultsDir });
    reporter.onConfigure({ rootDir: resultsDir, projects: [] } as unknown as FullConfig);
    reporter.onBegin({ allTests: () => [] } as unknown as Suite);
    const writer = Reflect.get(Reflect.get(reporter, 'allureRuntime') as object, 'writer') as Writer;
    // Allure's own writer is a class; the kit's is a plain object of the same methods.
    expect(writer.constructor).toBe(Object);
    writer.writeAttachment('a-attachment.txt', Buffer.from('exchange'));
    writer.writeResult({ uuid: 'u1', name: 'a check' } as AllureTestResult);
    writer.writeGroup({ uuid: 'g1', name: 'a file', children: [], befores: [], afters: [] } as never);
    expect(readdirSync(resultsDir).sort()).toEqual([
      'a-attachment.txt',
      'g1-container.json',
      'u1-result.json',
    ]);
    expect(readFileSync(join(resultsDir, 'a-attachment.txt'), 'utf8')).toBe('exchange');
    expect(JSON.parse(readFileSync(join(resultsDir, 'u1-result.json'), 'utf8'))).toEqual({
      uuid: 'u1',
      name: 'a check',
    });
  } finally {
    rmSync(resultsDir, { recursive: true, force: true });
  }
});

test('ALLURE WRITER: a runtime whose writer is not Allure’s file writer keeps its own', () => {
  const own = { writeResult: () => undefined };
  const runtime = { writer: own };
  expect(useUnsyncedWriter({ allureRuntime: runtime }, '/nowhere')).toBe(false);
  expect(useUnsyncedWriter({}, '/nowhere')).toBe(false);
  expect(runtime.writer).toBe(own);
});
