/**
 * The capacity run under the real k6, as a user runs it (`fei-kit load capacity`): once whole and
 * once as two local execution segments merged, against the reference server, with the same
 * verdicts; and against a server that throttles one tenant below the limit its tenants file gives,
 * which fails that tenant's threshold and no other. Short runs of few tenants (seconds each).
 * Skipped, with the reason, where k6 is not installed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { generateTenants, startReferenceServer } from '../reference/index.ts';
import { scanFiles } from '../reports/secret-scan/secret-scan.ts';
import { findK6 } from './find-k6.ts';
import { tenantsFileText } from './lib/tenants-file.ts';
import { fixtureTenants } from './test-support/capacity-fixtures.ts';
import {
  failedThresholds,
  mergedSummary,
  runCapacityChild,
  segmentManifest,
} from './test-support/run-capacity-child.ts';

const k6 = findK6(process.env);
let work: string;

test.beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'kit-capacity-run-'));
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * What these runs check is the verdicts' equivalence and the throttled tenant, not the machine's
 * speed: a light load, latency limits a busy machine's stalls stay under, and the most dropped
 * iterations the plan allows (a busy k6 drops some, more at its start).
 */
const SHORT = {
  LOAD_DURATION: '6s',
  CAPACITY_SHARE: '0.3',
  LATENCY_P95_MS: '5000',
  LATENCY_P99_MS: '10000',
  LOAD_DROPPED_TOLERANCE: '0.1',
};

test.describe('capacity run under k6', () => {
  test.skip(!k6.found, `k6 is not installed (${k6.found ? '' : k6.reason}): the capacity runs are skipped`);
  // Two tests that share nothing but the worker's folder: on workers of their own.
  test.describe.configure({ timeout: 180_000 });

  test('whole and as two merged segments, against the reference server: the same verdicts, the merge computing what k6 does', async () => {
    const k6Path = k6.found ? k6.path : '';
    const tenants = fixtureTenants(3, 900, 60);
    const tenantsFile = join(work, 'tenants.json');
    writeFileSync(tenantsFile, tenantsFileText(tenants), { mode: 0o600 });
    const common = { ...SHORT, CAPACITY_TENANTS_FILE: tenantsFile };
    const wholeDir = join(work, 'whole');
    const splitDir = join(work, 'split');
    // Side by side, each bundling into a folder of its own and starting its own embedded server: the
    // load is light (SHORT).
    const [whole, split] = await Promise.all([
      runCapacityChild(k6Path, {
        ...common,
        LOAD_DIST_DIR: join(work, 'dist-whole'),
        LOAD_REPORT_DIR: wholeDir,
        KIT_RUN_ID: 'run-capacity-whole',
      }),
      runCapacityChild(
        k6Path,
        {
          ...common,
          LOAD_DIST_DIR: join(work, 'dist-split'),
          LOAD_REPORT_DIR: splitDir,
          KIT_RUN_ID: 'run-capacity-split',
        },
        ['--segments', '2'],
      ),
    ]);
    expect(whole.stderr).toBe('');
    // Against the reference: passed, or not established where this busy machine's k6 dropped more
    // iterations than the plan allows (exit 3, the rate reached said); never a deviation.
    expect([0, 3], whole.stdout.split('THRESHOLDS')[1]).toContain(whole.code);
    expect(whole.stdout).toMatch(/VERDICT: (PASSED|NOT ESTABLISHED)/);
    expect([0, 3], split.stdout.split('THRESHOLDS')[1]).toContain(split.code);
    expect(split.stdout).toContain('load/capacity (2 segment(s) merged)');

    // The same verdicts, but for the generator's own reach, which each run measures of itself.
    const verdicts = (dir: string) =>
      mergedSummary(dir).thresholds.map(
        (t) => `${t.metric} ${t.expression} ${t.ruleId === 'LOAD-OPEN-MODEL' ? 'reach' : t.verdict}`,
      );
    expect(verdicts(splitDir)).toEqual(verdicts(wholeDir));
    expect(verdicts(wholeDir)).toHaveLength(6 + 3 + 3 + 1);

    // The whole run's own k6 verdicts and values are the merge's of its raw samples.
    const own = segmentManifest(wholeDir, 'whole').ownVerdicts;
    const merged = mergedSummary(wholeDir).thresholds;
    expect(merged.map((t) => t.verdict)).toEqual(own.map((t) => t.verdict));
    merged.forEach((t, i) => {
      expect(t.observed as number).toBeCloseTo(own[i]?.observed as number, 4);
    });

    // Two instances, one sequence, each its half; every tenant sent its exact share in both runs.
    const halves = ['segment-1', 'segment-2'].map((name) => segmentManifest(splitDir, name));
    expect(halves.map((h) => h.segment)).toEqual(['0:1/2', '1/2:1']);
    expect(halves.every((h) => h.sequence === '0,1/2,1')).toBe(true);
    const sent = (dir: string) => {
      const metrics = mergedSummary(dir).metrics as Record<string, { values: { count?: number } }>;
      return tenants.map((t) => metrics[`http_reqs{tenant:${t.name}}`]?.values.count ?? 0);
    };
    const dropped = (dir: string) => {
      const metrics = mergedSummary(dir).metrics as Record<string, { values: { count?: number } }>;
      return metrics.dropped_iterations?.values.count ?? 0;
    };
    for (const [dir, instances] of [
      [wholeDir, 1],
      [splitDir, 2],
    ] as const) {
      // k6 may start one more iteration per instance at the very end of the duration.
      const planned = mergedSummary(dir).settings.plannedIterations as number;
      const iterations = sent(dir).reduce((a, b) => a + b, 0) / 3;
      expect(Math.abs(iterations - (planned - dropped(dir)))).toBeLessThanOrEqual(instances);
    }
    // Each tenant sent the same share both ways, but for the one iteration (3 requests) each instance
    // may start at the very end of the duration.
    if (dropped(wholeDir) === 0 && dropped(splitDir) === 0) {
      const whole = sent(wholeDir);
      sent(splitDir).forEach((count, i) => {
        expect(Math.abs(count - (whole[i] as number)), tenants[i]?.name).toBeLessThanOrEqual(3 * 2);
      });
    } else {
      // Said in the report, so that a busy machine weakening this test shows.
      test.info().annotations.push({
        type: 'not compared',
        description: `each tenant's share: k6 dropped ${dropped(wholeDir)} iterations whole and ${dropped(splitDir)} split`,
      });
    }

    // No token anywhere: reports, samples, manifests, the dashboard, what was printed.
    const scan = scanFiles(
      [wholeDir, splitDir],
      tenants.map((t) => t.accessToken),
    );
    expect(scan.files.length).toBeGreaterThan(8);
    expect(scan.hits).toEqual([]);
    for (const t of tenants) expect(whole.stdout + split.stdout).not.toContain(t.accessToken);
  });

  test('a server that throttles one tenant below its limit fails that tenant threshold, and only that', async () => {
    const k6Path = k6.found ? k6.path : '';
    const tenants = fixtureTenants(3, 900, 60);
    // The service holds t002 to 10 requests a minute; the tenants file (the agreed limit) says 900.
    const server = await startReferenceServer({
      tenants: [
        ...generateTenants('sandbox', Date.now()),
        ...tenants.map(({ name, clientId, accessToken }) => ({ name, clientId, accessToken })),
      ],
      tenantRateLimits: {
        t001: { requestsPerWindow: 900, windowSeconds: 60 },
        t002: { requestsPerWindow: 10, windowSeconds: 60 },
        t003: { requestsPerWindow: 900, windowSeconds: 60 },
      },
    });
    try {
      const tenantsFile = join(work, 'tenants-throttled.json');
      writeFileSync(tenantsFile, tenantsFileText(tenants), { mode: 0o600 });
      const reportDir = join(work, 'throttled');
      const run = await runCapacityChild(
        k6Path,
        {
          ...SHORT,
          TARGET_BASE_URL: server.baseUrl,
          TARGET_ENVIRONMENT: 'sandbox',
          CAPACITY_TENANTS_FILE: tenantsFile,
          LOAD_DIST_DIR: join(work, 'dist'),
          LOAD_REPORT_DIR: reportDir,
        },
        ['--segments', '2'],
      );
      expect(run.code).toBe(1);
      const failed = failedThresholds(reportDir).filter((t) => !t.startsWith('dropped_iterations'));
      expect(failed).toEqual(['capacity_throttled{tenant:t002} count==0']);
      expect(run.stdout).toMatch(/✗ RATE-LIMIT-429: tenant t002 at 30% of its limit/);
    } finally {
      await server.close();
    }
  });
});
