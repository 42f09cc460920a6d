/**
 * DESIGN principle 4: against production only checks that create nothing run, unless the user opts
 * in. Proven end to end: the suite runs against the reference server in production mode, which then
 * counts the events it holds.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startReferenceServer } from '../reference/index.ts';
import { targetEnvironmentOf } from '../reference/target-env.ts';
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

test('PRODUCTION-SAFETY: against production only @readonly checks run, and nothing is created', async () => {
  const server = await startReferenceServer({ environment: 'production' });
  try {
    const output = mkdtempSync(join(tmpdir(), 'kit-production-'));
    const result = await runConformance({ ...targetEnvironmentOf(server), KIT_OUTPUT_DIR: output }, []);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('PRODUCTION target: only @readonly checks run');
    const report = JSON.parse(
      readFileSync(join(output, 'conformance', 'results.json'), 'utf8'),
    ) as PlaywrightReport;
    const ran = report.suites.flatMap(specsOf).filter((spec) => spec.tests.some((t) => t.results.length > 0));
    expect(ran.length).toBeGreaterThan(5);
    for (const spec of ran) expect(spec.tags, spec.title).toContain('readonly');
    expect(server.eventCount()).toBe(0);
  } finally {
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
