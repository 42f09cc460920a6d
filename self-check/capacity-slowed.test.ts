/**
 * The capacity run against a server whose latency grows under load (the slowed proxy in front of the
 * reference server): the merged verdict of two segments fails by the latency thresholds (the rule
 * LOAD-LATENCY-*), not by a tenant's 429 nor by a status. Skipped, with the reason, without k6.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { findK6 } from '../load/find-k6.ts';
import { tenantsFileText } from '../load/lib/tenants-file.ts';
import { fixtureTenants } from '../load/test-support/capacity-fixtures.ts';
import { mergedSummary, runCapacityChild } from '../load/test-support/run-capacity-child.ts';
import { generateTenants, startReferenceServer } from '../reference/index.ts';
import { startSlowedProxy } from './slowed-proxy.ts';

const k6 = findK6(process.env);

test('LOAD-LATENCY: a server whose p95 grows under load fails the capacity run by its latency thresholds', async () => {
  test.skip(!k6.found, `k6 is not installed (${k6.found ? '' : k6.reason}): the capacity run is skipped`);
  test.setTimeout(180_000);
  const work = mkdtempSync(join(tmpdir(), 'kit-capacity-slowed-'));
  const tenants = fixtureTenants(2, 900, 60);
  const server = await startReferenceServer({
    tenants: [
      ...generateTenants('sandbox', Date.now()),
      ...tenants.map(({ name, clientId, accessToken }) => ({ name, clientId, accessToken })),
    ],
    tenantRateLimits: Object.fromEntries(
      tenants.map((t) => [t.name, { requestsPerWindow: 900, windowSeconds: 60 }]),
    ),
  });
  // 24 requests a second, each held 80 ms for every request in flight: it serves 12.5 a second
  // whatever the number in flight, so requests pile up and each one waits longer than the last.
  const proxy = await startSlowedProxy(server.baseUrl, 80);
  try {
    const tenantsFile = join(work, 'tenants.json');
    writeFileSync(tenantsFile, tenantsFileText(tenants), { mode: 0o600 });
    const reportDir = join(work, 'reports');
    const run = await runCapacityChild(
      k6.found ? k6.path : '',
      {
        TARGET_BASE_URL: proxy.baseUrl,
        TARGET_ENVIRONMENT: 'sandbox',
        CAPACITY_TENANTS_FILE: tenantsFile,
        LOAD_DURATION: '6s',
        LATENCY_P95_MS: '300',
        LATENCY_P99_MS: '600',
        LOAD_DIST_DIR: join(work, 'dist'),
        LOAD_REPORT_DIR: reportDir,
      },
      ['--segments', '2'],
    );
    expect(run.code).toBe(1);
    const failed = mergedSummary(reportDir).thresholds.filter((t) => t.verdict !== 'passed');
    const rules = new Set(failed.map((t) => t.ruleId));
    expect(failed.some((t) => t.ruleId.startsWith('LOAD-LATENCY-') && t.expression === 'p(95)<300')).toBe(
      true,
    );
    expect(rules.has('RATE-LIMIT-429')).toBe(false);
    expect(rules.has('LOAD-EXPECTED-STATUSES')).toBe(false);
    expect(proxy.peakInFlight()).toBeGreaterThan(3);
  } finally {
    await proxy.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
});
