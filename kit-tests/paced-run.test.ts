/**
 * The pacing against the strictest limiter, end to end: a conforming reference server that allows every
 * tenant 30 requests in any span of 2 s (a sliding log, the variant that counts that way), and the kit
 * told the same through the target contract. Three workers, the auth checks (many small requests) and
 * the twelve concurrent POSTs of DEDUP-CONCURRENT: no 429 outside the rate-limit checks, and the budget
 * report's busiest window (measured from the moments the requests left) within each tenant's share.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RequestBudgetReport } from '../pacing/request-budget.ts';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { expect, test } from './test-support/kit-test.ts';
import { runConformance } from './test-support/run-conformance.ts';

const LIMIT = { requestsPerWindow: 30, windowSeconds: 2 };

test('PACED RUN: against a sliding-log limit of 30 per 2 s, no 429 outside @ratelimit and every window within the share', async () => {
  test.setTimeout(200_000);
  const server = await startReferenceServer({ variant: 'leaf-paths-by-code', rateLimit: LIMIT });
  const output = mkdtempSync(join(tmpdir(), 'kit-paced-run-'));
  try {
    expect(server.behaviour.rateLimitAlgorithm).toBe('sliding-log');
    const { KIT_EMBEDDED_TARGET: _embedded, ...contract } = targetEnvironmentOf(server);
    const run = await runConformance({ ...contract, KIT_OUTPUT_DIR: output }, [
      '--grep',
      '@auth|DEDUP-CONCURRENT',
      '--workers=3',
    ]);
    expect(run.code, run.output).toBe(0);
    const budget = JSON.parse(
      readFileSync(outputPaths({ KIT_OUTPUT_DIR: output }).requestBudget, 'utf8'),
    ) as RequestBudgetReport;
    expect(budget.breaches).toEqual([]);
    expect(budget.warnings).toEqual([]);
    for (const name of ['A', 'B']) {
      const tenant = budget.tenants[name];
      expect(tenant, name).toBeDefined();
      expect(tenant?.outsideRateLimitChecks.throttled, name).toBe(0);
      expect(tenant?.limit.runBudgetPerWindow, name).toBe(24);
      expect(tenant?.peakPerWindow, name).toBeLessThanOrEqual(24);
    }
    // Busy enough that the pacing, not the machine, set the pace: several windows' worth of tenant A.
    expect(budget.tenants.A?.requests).toBeGreaterThan(2 * 24);
    expect(budget.tenants.A?.peakPerWindow).toBeGreaterThan(12);
  } finally {
    await server.close();
    rmSync(output, { recursive: true, force: true });
  }
});
