/** The run's observations are keyed by the id of the test that saw each, never by its title. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import {
  OBSERVATION_CONTENT_TYPE,
  type ObservationsFile,
  observationAttachment,
} from '../../run-records/observations.ts';
import ObservationsReporter from './observations-reporter.ts';

const seen = (id: string, title: string, observed: string): [TestCase, TestResult] => {
  const { name, body } = observationAttachment({ ruleId: 'GAP-PUT-STATUS', observed });
  return [
    { id, title } as TestCase,
    { attachments: [{ name, contentType: OBSERVATION_CONTENT_TYPE, body: Buffer.from(body) }] } as TestResult,
  ];
};

test('OBSERVATIONS: two checks of one title keep their own observations, each under its test id', () => {
  const outputFile = join(mkdtempSync(join(tmpdir(), 'observations-')), 'observations.json');
  const reporter = new ObservationsReporter({ outputFile });
  reporter.onTestEnd(...seen('id-a', 'UPDATE-APPLIES: PUT', 'PUT answers 200'));
  reporter.onTestEnd(...seen('id-b', 'UPDATE-APPLIES: PUT', 'PUT answers 204'));
  reporter.onEnd();
  const file = JSON.parse(readFileSync(outputFile, 'utf8')) as ObservationsFile;
  expect(file.observations.map((o) => [o.testId, o.test, o.observed])).toEqual([
    ['id-a', 'UPDATE-APPLIES: PUT', 'PUT answers 200'],
    ['id-b', 'UPDATE-APPLIES: PUT', 'PUT answers 204'],
  ]);
  expect(file.byRule).toEqual({ 'GAP-PUT-STATUS': { 'PUT answers 200': 1, 'PUT answers 204': 1 } });
});
