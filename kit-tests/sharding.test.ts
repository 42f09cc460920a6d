/**
 * docs/scaling.md's sharding recipe works: two shards with the blob reporter against one target,
 * merged with the kit's config, give the outputs of a single run (results.json, JUnit with rule ids,
 * observations, run.json, Allure results), from which the report and the certificate are built.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import { readRunInfo } from '../reports/reporters/run-info.ts';
import { testOutcomes } from '../run-records/check-record-reader.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { expect, test } from './test-support/kit-test.ts';

const run = (
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('close', (code) => resolve({ code, output }));
  });

const PLAYWRIGHT = 'node_modules/@playwright/test/cli.js';

test('SHARDING: two blob shards merged with the kit config give one run’s outputs, rule ids and all', async () => {
  test.setTimeout(180_000);
  const root = mkdtempSync(join(tmpdir(), 'kit-shards-'));
  const blobs = join(root, 'blobs');
  const server = await startReferenceServer({ rateLimit: { requestsPerWindow: 1000, windowSeconds: 5 } });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    KIT_IGNORE_DOTENV: 'true',
    KIT_OUTPUT_DIR: root,
    KIT_RUN_ID: 'kit-shards-1',
    ...targetEnvironmentOf(server),
  };
  try {
    for (const shard of [1, 2]) {
      const { code, output } = await run(
        [
          PLAYWRIGHT,
          'test',
          '-c',
          'playwright.config.ts',
          '--project',
          'conformance',
          '--grep',
          'AUTH-TOKEN-MISSING|GAP-MALFORMED-JSON',
          // The checks of a listing skip against the reference, which offers none.
          '--grep-invert',
          'a listing',
          '--shard',
          `${shard}/2`,
          '--reporter=blob',
          '--output',
          join(root, `test-results-${shard}`),
        ],
        { ...env, PLAYWRIGHT_BLOB_OUTPUT_DIR: join(root, `blob-${shard}`) },
      );
      expect(code, output).toBe(0);
      mkdirSync(blobs, { recursive: true });
      for (const file of readdirSync(join(root, `blob-${shard}`))) {
        renameSync(join(root, `blob-${shard}`, file), join(blobs, file));
      }
    }
  } finally {
    await server.close();
  }
  expect(readdirSync(blobs)).toHaveLength(2);
  const merged = await run([PLAYWRIGHT, 'merge-reports', '-c', 'playwright.config.ts', blobs], env);
  expect(merged.code, merged.output).toBe(0);

  const paths = outputPaths(env);
  const outcomes = testOutcomes(JSON.parse(readFileSync(paths.results, 'utf8')) as JSONReport);
  expect(outcomes.length).toBeGreaterThanOrEqual(4);
  expect(new Set(outcomes.flatMap((t) => t.ruleIds))).toEqual(
    // The header-name check is of TENANT-HEADER-MISSING too.
    new Set(['AUTH-TOKEN-MISSING', 'TENANT-HEADER-MISSING', 'REQUEST-MALFORMED-400', 'GAP-MALFORMED-JSON']),
  );
  expect(outcomes.every((t) => t.status === 'passed')).toBe(true);
  const junit = readFileSync(paths.junit, 'utf8');
  expect(junit.match(/<property name="rule" /g)).toHaveLength(
    outcomes.reduce((sum, t) => sum + t.ruleIds.length, 0),
  );
  const allure = readdirSync(paths.allureResults).filter((f) => f.endsWith('-result.json'));
  expect(allure).toHaveLength(outcomes.length);
  expect(existsSync(join(paths.allureResults, 'environment.properties'))).toBe(true);
  const observations = JSON.parse(readFileSync(paths.observations, 'utf8')) as {
    byRule: Record<string, unknown>;
  };
  expect(Object.keys(observations.byRule)).toContain('GAP-MALFORMED-JSON');
  const info = readRunInfo(paths.runInfo);
  expect(info?.runId).toBe('kit-shards-1');
  expect(info?.target?.baseUrl).toBe(env.TARGET_BASE_URL);
});
