/** When a batch of servers settles nothing as a whole, and why: read from its report and whether it was stopped. */

import type { JSONReport } from '@playwright/test/reporter';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { reportOrProblem } from './server-batch.ts';

const report = (errors: JSONReport['errors']): JSONReport =>
  ({ suites: [], errors, config: {}, stats: {} }) as unknown as JSONReport;

test('SELF-CHECK: a batch stopped for time settles nothing, even with a report', () => {
  expect(reportOrProblem(true, report([]))).toBe('the batch was stopped for taking too long');
  expect(reportOrProblem(true, undefined)).toBe('the batch was stopped for taking too long');
});

test('SELF-CHECK: a batch that wrote no report settles nothing', () => {
  expect(reportOrProblem(false, undefined)).toBe('the batch wrote no report');
});

test("SELF-CHECK: an error outside the checks settles nothing, named by its message's first line", () => {
  expect(reportOrProblem(false, report([{ message: 'Error: config broke\n    at x.ts:1' }]))).toBe(
    'the batch failed outside its checks: Error: config broke',
  );
  expect(reportOrProblem(false, report([{}] as JSONReport['errors']))).toBe(
    'the batch failed outside its checks: an error',
  );
});

test('SELF-CHECK: a report with no error outside the checks is read, the same report', () => {
  const whole = report([]);
  expect(reportOrProblem(false, whole)).toBe(whole);
  const noErrors = { suites: [] } as unknown as JSONReport;
  expect(reportOrProblem(false, noErrors)).toBe(noErrors);
});
