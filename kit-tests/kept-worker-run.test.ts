/**
 * A failed check keeps its worker in a conformance run (reports/reporters/kept-worker-reporter.ts), and every
 * output still reads it as the failure it is: Playwright's JSON report, the JUnit file, the Allure
 * results, the certificate and the exit code. Under --retries a failed check is retried as Playwright
 * documents and never reads passed. Real runs against the reference server with a mutant that answers
 * validation failures 422.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONReport, JSONReportTest } from '@playwright/test/reporter';
import { EXIT } from '../config/index.ts';
import { KEPT_WORKER_ANNOTATION } from '../run-records/kept-worker.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { expect, test } from './test-support/kit-test.ts';
import { runConformance } from './test-support/run-conformance.ts';

/** Two checks that fail against the mutant, in two files, and two that pass. */
const GREP = 'VAL-STATUS-400|VAL-TYPE-ENUM: POST with type lowercase|AUTH-TOKEN-MISSING: POST';
const MUTANT = 'validation-status-422';

const testsOf = (report: JSONReport): JSONReportTest[] => {
  const tests: JSONReportTest[] = [];
  const walk = (suites: JSONReport['suites']): void => {
    for (const suite of suites) {
      for (const spec of suite.specs) for (const one of spec.tests) tests.push(one);
      walk(suite.suites ?? []);
    }
  };
  walk(report.suites);
  return tests;
};

/** Every annotation type the report holds, the tests' and their results'. */
const annotationTypes = (tests: readonly JSONReportTest[]): Set<string> =>
  new Set(
    tests.flatMap((t) => [
      ...t.annotations.map((a) => a.type),
      ...t.results.flatMap((r) => (r.annotations ?? []).map((a) => a.type)),
    ]),
  );

const run = async (args: readonly string[]) => {
  const folder = mkdtempSync(join(tmpdir(), 'kit-keep-run-'));
  const result = await runConformance({ KIT_OUTPUT_DIR: folder, REFERENCE_MUTANT: MUTANT }, [
    '--grep',
    GREP,
    '--workers=1',
    ...args,
  ]);
  const paths = outputPaths({ KIT_OUTPUT_DIR: folder });
  const report = JSON.parse(readFileSync(paths.results, 'utf8')) as JSONReport;
  return { folder, paths, result, report, tests: testsOf(report) };
};

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('KEPT-WORKER: failed checks keep their worker and every output reads them failed', async () => {
  const { folder, paths, result, report, tests } = await run([]);
  try {
    expect(result.code, result.output).toBe(EXIT.deviation);
    const failed = tests.filter((t) => t.status === 'unexpected');
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(tests.filter((t) => t.status === 'expected').length).toBeGreaterThanOrEqual(1);
    expect(report.stats.unexpected).toBe(failed.length);
    for (const t of failed) {
      expect(t.expectedStatus).toBe('passed');
      expect(t.results.map((r) => r.status)).toEqual(['failed']);
    }
    // One worker ran every check: no failure cost a restart.
    const conformance = tests.filter((t) => t.projectName === 'conformance');
    expect(new Set(conformance.flatMap((t) => t.results.map((r) => r.workerIndex))).size).toBe(1);
    expect(annotationTypes(tests).has(KEPT_WORKER_ANNOTATION)).toBe(false);
    const junit = readFileSync(paths.junit, 'utf8');
    expect(junit).toMatch(new RegExp(`<testsuites [^>]*errors="${failed.length}"`));
    expect(junit).not.toContain(KEPT_WORKER_ANNOTATION);
    const allureFailed = readdirSync(paths.allureResults)
      .filter((f) => f.endsWith('-result.json'))
      .map((f) => JSON.parse(readFileSync(join(paths.allureResults, f), 'utf8')) as { status: string })
      .filter((r) => r.status === 'failed');
    expect(allureFailed.length).toBe(failed.length);
    const certificate = JSON.parse(readFileSync(join(paths.certificate, 'certificate.json'), 'utf8')) as {
      outcome: string;
      totals: { tests: { failed: number } };
    };
    expect(certificate.outcome).toBe('deviation-found');
    expect(certificate.totals.tests.failed).toBe(failed.length);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('KEPT-WORKER: under --retries a failed check is retried and still reads failed, never passed or flaky', async () => {
  const { folder, result, report, tests } = await run(['--retries=1']);
  try {
    expect(result.code, result.output).toBe(EXIT.deviation);
    const failed = tests.filter((t) => t.status === 'unexpected');
    expect(failed.length).toBeGreaterThanOrEqual(2);
    for (const t of failed) expect(t.results.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(report.stats.flaky).toBe(0);
    expect(annotationTypes(tests).has(KEPT_WORKER_ANNOTATION)).toBe(false);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
