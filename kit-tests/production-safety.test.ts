/**
 * Against production only checks that create nothing run, unless the user opts in; and "read-only"
 * means GET only. Proven end to end: the suite runs against the reference server in production mode,
 * through a proxy that records every method, and the server then counts the events it holds.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import { expect, test } from './test-support/kit-test.ts';
import { startMisbehavingTarget } from './test-support/misbehaving-target.ts';
import { runConformance } from './test-support/run-conformance.ts';

test.setTimeout(180_000);

interface PlaywrightReport {
  suites: PlaywrightSuite[];
}
interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: { title: string; tags: string[]; tests: { results: { status: string }[] }[] }[];
}

const specsOf = (suite: PlaywrightSuite): NonNullable<PlaywrightSuite['specs']> => [
  ...(suite.specs ?? []),
  ...(suite.suites ?? []).flatMap(specsOf),
];

test('PRODUCTION-SAFETY: against production only @readonly checks run, nothing is created, only GETs are sent', async () => {
  const server = await startReferenceServer({ environment: 'production' });
  // Every request the run sends passes through a recorder: a read-only run sends nothing but GETs.
  const recorder = await startMisbehavingTarget({ kind: 'proxy', upstream: server.baseUrl });
  try {
    const output = mkdtempSync(join(tmpdir(), 'kit-production-'));
    // Every check the run selects, on one worker: the read-only checks are a few GETs each, and each
    // worker more would cost more to start than the checks it takes.
    const result = await runConformance(
      { ...targetEnvironmentOf(server), TARGET_BASE_URL: recorder.url, KIT_OUTPUT_DIR: output },
      ['--workers=1'],
    );
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('PRODUCTION target: only @readonly checks run');
    const report = JSON.parse(
      readFileSync(join(output, 'conformance', 'results.json'), 'utf8'),
    ) as PlaywrightReport;
    const ran = report.suites.flatMap(specsOf).filter((spec) => spec.tests.some((t) => t.results.length > 0));
    expect(ran.length).toBeGreaterThan(5);
    for (const spec of ran) expect(spec.tags, spec.title).toContain('readonly');
    expect(server.eventCount()).toBe(0);
    expect(recorder.requests.length).toBeGreaterThan(10);
    expect(recorder.requests.filter((r) => !r.startsWith('GET '))).toEqual([]);
  } finally {
    await recorder.close();
    await server.close();
  }
});

test('PRODUCTION-SAFETY: ALLOW_PRODUCTION_WRITES=true lets a production run create events', async () => {
  const server = await startReferenceServer({ environment: 'production' });
  try {
    const output = mkdtempSync(join(tmpdir(), 'kit-production-writes-'));
    const result = await runConformance(
      { ...targetEnvironmentOf(server), KIT_OUTPUT_DIR: output, ALLOW_PRODUCTION_WRITES: 'true' },
      ['--grep', 'DEDUP-EXTERNAL-ID: a second POST'],
    );
    expect(result.code, result.output).toBe(0);
    expect(result.output).not.toContain('only @readonly checks run');
    expect(server.eventCount()).toBeGreaterThan(0);
  } finally {
    await server.close();
  }
});
