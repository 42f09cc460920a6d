/** A throttled tenant's stop read with the deviations the run found. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import type { Certificate } from '../reports/certificate/certificate.ts';
import { throttleExplainedByDeviation } from './run-ending.ts';

const withRules = (rules: { id: string; verdict: string }[]): Certificate =>
  ({ rules }) as unknown as Certificate;

test('RUN ENDING: a paced tenant throttled is explained only by tenants sharing one count (RATE-LIMIT-PER-TENANT broken)', () => {
  expect(throttleExplainedByDeviation(withRules([{ id: 'RATE-LIMIT-PER-TENANT', verdict: 'failed' }]))).toBe(
    true,
  );
  // Another deviation, or the per-tenant rule passed or not run, leaves the contract's limit in question.
  expect(throttleExplainedByDeviation(withRules([{ id: 'RATE-LIMIT-429', verdict: 'failed' }]))).toBe(false);
  expect(throttleExplainedByDeviation(withRules([{ id: 'RATE-LIMIT-PER-TENANT', verdict: 'passed' }]))).toBe(
    false,
  );
  expect(throttleExplainedByDeviation(undefined)).toBe(false);
});
