/** A throttled tenant's stop read with the deviations the run found. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import type { Certificate } from '../reports/certificate/certificate.ts';
import { throttleExplainedByDeviation } from './run-ending.ts';

const withRules = (rules: { id: string; verdict: string }[]): Certificate =>
  ({ rules }) as unknown as Certificate;
const shared = withRules([{ id: 'RATE-LIMIT-PER-TENANT', verdict: 'failed' }]);
const tenantA = (sent: number) => ({ tenant: 'A', name: 'A', sent, limit: { requestsPerWindow: 50 } });

test('RUN ENDING: a paced tenant throttled under half its limit is explained only by tenants sharing one count (RATE-LIMIT-PER-TENANT broken)', () => {
  expect(throttleExplainedByDeviation(shared, tenantA(1))).toBe(true);
  // Near its own limit, its own count may be what the contract sets too high.
  expect(throttleExplainedByDeviation(shared, tenantA(30))).toBe(false);
  // The rate-limit tenant is throttled on purpose; a client of no configured tenant has no count to read.
  expect(
    throttleExplainedByDeviation(shared, { ...tenantA(1), tenant: 'RATE_LIMIT', name: 'RATE_LIMIT' }),
  ).toBe(false);
  expect(throttleExplainedByDeviation(shared, { ...tenantA(1), tenant: 'no tenant headers' })).toBe(false);
  // Another deviation, or the per-tenant rule passed or not run, leaves the contract's limit in question.
  const other = withRules([{ id: 'RATE-LIMIT-429', verdict: 'failed' }]);
  expect(throttleExplainedByDeviation(other, tenantA(1))).toBe(false);
  const passed = withRules([{ id: 'RATE-LIMIT-PER-TENANT', verdict: 'passed' }]);
  expect(throttleExplainedByDeviation(passed, tenantA(1))).toBe(false);
  expect(throttleExplainedByDeviation(undefined, tenantA(1))).toBe(false);
});
