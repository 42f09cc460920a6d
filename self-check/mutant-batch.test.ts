/** The self-check's batch of mutants: which runs go in it, how its report is split, and a real batch. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { JSONReport, JSONReportSuite, JSONReportTest } from '@playwright/test/reporter';
import { kitEnvironment } from '../conformance-run/kit-environment.ts';
import { BATCH_TARGET_ANNOTATION } from '../run-records/batch-file.ts';
import { KEPT_WORKER_ANNOTATION } from '../run-records/kept-worker.ts';
import { KIT_ROOT } from '../run-records/kit-root.ts';
import { outputPaths } from '../run-records/output-paths.ts';
import { batchable, reportOfMutant, restoredTest, runMutantBatch } from './mutant-batch.ts';
import { planRuns } from './plan.ts';
import { resultsOfReport } from './results.ts';

const reportTest = (projectName: string, kept: boolean): JSONReportTest => ({
  timeout: 1000,
  annotations: kept ? [{ type: KEPT_WORKER_ANNOTATION, description: 'kept' }] : [],
  expectedStatus: kept ? 'failed' : 'passed',
  projectName,
  projectId: projectName,
  results: [
    {
      workerIndex: 0,
      parallelIndex: 0,
      status: kept ? 'failed' : 'passed',
      duration: 5,
      error: undefined,
      errors: [],
      stdout: [],
      stderr: [],
      retry: 0,
      startTime: new Date().toISOString(),
      attachments: [],
      annotations: [],
    },
  ],
  status: 'expected',
});

test('SELF-CHECK: only the mutants of the conformance checks go in a batch; never with --full', () => {
  const runs = planRuns();
  const batched = runs.filter(batchable);
  expect(batched.length).toBeGreaterThan(50);
  expect(batched.every((run) => run.server.kind === 'mutant' && run.projects.join() === 'conformance')).toBe(
    true,
  );
  expect(runs.find((run) => run.id === 'reference' && batchable(run))).toBeUndefined();
  expect(runs.find((run) => run.id === 'mutant-rate-limit-global' && batchable(run))).toBeUndefined();
  expect(planRuns({ full: true }).filter(batchable)).toEqual([]);
});

test('SELF-CHECK: a failure whose worker was kept is put back as the plain failure a run of its own reports', () => {
  const restored = restoredTest(reportTest('mutant-x', true));
  expect(restored.status).toBe('unexpected');
  expect(restored.expectedStatus).toBe('passed');
  expect(restored.annotations).toEqual([]);
  expect(restored.results[0]?.status).toBe('failed');
  // A check that passed stays as it was.
  expect(restoredTest(reportTest('mutant-x', false)).status).toBe('expected');
});

test('SELF-CHECK: a batch report is split by mutant, each part where a run of its own has it, under the conformance project', () => {
  const markerSuite = (marker: string, mutant: string, kept: boolean): JSONReportSuite => ({
    title: marker,
    file: 'fixtures/batch-mode.ts',
    line: 1,
    column: 1,
    specs: [
      {
        title: 'AUTH-TOKEN-MISSING: x',
        ok: true,
        tags: [],
        id: marker,
        file: 'fixtures/batch-mode.ts',
        line: 1,
        column: 1,
        tests: [
          {
            ...reportTest('batch-worker-1', kept),
            annotations: [
              { type: BATCH_TARGET_ANNOTATION, description: mutant },
              ...reportTest('batch-worker-1', kept).annotations,
            ],
          },
        ],
      },
    ],
  });
  const report: Pick<JSONReport, 'suites' | 'errors'> = {
    errors: [],
    suites: [
      {
        title: 'auth.spec.ts',
        file: 'auth.spec.ts',
        line: 0,
        column: 0,
        specs: [],
        suites: [
          {
            title: 'POST headers',
            file: 'auth.spec.ts',
            line: 3,
            column: 1,
            specs: [],
            suites: [
              markerSuite('⟦batch 1⟧', 'mutant-a', true),
              markerSuite('⟦batch 2⟧', 'mutant-b', false),
              markerSuite('⟦batch 11⟧', 'mutant-k', false),
            ],
          },
        ],
      },
    ],
  };
  const a = reportOfMutant(report, 0);
  const describe = a.suites[0]?.suites?.[0];
  expect(describe?.title).toBe('POST headers');
  expect(describe?.suites).toBeUndefined();
  expect(describe?.specs).toHaveLength(1);
  expect(describe?.specs[0]?.file).toBe('auth.spec.ts');
  expect(describe?.specs[0]?.line).toBe(0);
  const tests = describe?.specs[0]?.tests ?? [];
  expect(tests).toHaveLength(1);
  expect(tests[0]?.projectName).toBe('conformance');
  expect(tests[0]?.status).toBe('unexpected');
  expect(tests[0]?.annotations).toEqual([]);
  const b = reportOfMutant(report, 1).suites[0]?.suites?.[0]?.specs ?? [];
  expect(b.map((spec) => spec.tests[0]?.status)).toEqual(['expected']);
  expect(reportOfMutant(report, 10).suites[0]?.suites?.[0]?.specs).toHaveLength(1);
  expect(reportOfMutant(report, 2).suites[0]?.suites?.[0]?.specs).toEqual([]);
});

test("SELF-CHECK: a real batch catches each mutant by its declared rules, each mutant's checks exactly its stage's, one after another in one worker that serves others too", async () => {
  test.setTimeout(120_000);
  const runs = planRuns({
    only: [
      'mutant-token-prefix-only-checked',
      'mutant-validation-status-422',
      'mutant-tenant-header-not-checked-on-get',
    ],
  });
  expect(runs).toHaveLength(3);
  expect(runs.every(batchable)).toBe(true);
  const outputRoot = mkdtempSync(join(tmpdir(), 'kit-batch-'));
  const { outcomes, problem } = await runMutantBatch(runs, { outputRoot, workers: 2, timeoutSeconds: 100 });
  expect(problem).toBeUndefined();
  for (const run of runs) {
    const outcome = outcomes.get(run.id);
    expect(outcome?.timedOut).toBeUndefined();
    const failed = outcome?.results?.tests.filter((t) => t.outcome === 'failed') ?? [];
    expect(failed.length, run.id).toBeGreaterThan(0);
    expect(failed.some((t) => t.failedRules.some((r) => run.server.catchingRules.includes(r)))).toBe(true);
    expect(failed.every((t) => t.project === 'conformance')).toBe(true);
    // Exactly the checks a run of its own selects with the stage's filter, none twice.
    const listed = spawnSync(
      process.execPath,
      [
        createRequire(import.meta.url).resolve('@playwright/test/cli'),
        'test',
        '--list',
        '--reporter=json',
        '--project=conformance',
        `--grep=${run.stages[0]?.grep}`,
      ],
      { cwd: KIT_ROOT, encoding: 'utf8', env: { ...kitEnvironment(), KIT_IGNORE_DOTENV: 'true' } },
    );
    const own = resultsOfReport(JSON.parse(listed.stdout) as JSONReport).tests.map(
      (t) => `${t.file} ${t.title}`,
    );
    expect(own.length, listed.stderr).toBeGreaterThan(0);
    expect(outcome?.results?.tests.map((t) => `${t.file} ${t.title}`).sort()).toEqual(own.sort());
  }
  // Failures kept their worker: each mutant's checks in one worker, and the worker dealt two mutants
  // served both.
  const report = JSON.parse(
    readFileSync(join(outputRoot, 'batch-mutants', 'results.json'), 'utf8'),
  ) as JSONReport;
  const workers = new Map<string, Set<number>>();
  const visit = (suites: JSONReport['suites']): void => {
    for (const suite of suites) {
      for (const spec of suite.specs)
        for (const t of spec.tests) {
          const mutant = t.annotations.find((a) => a.type === BATCH_TARGET_ANNOTATION)?.description ?? '';
          for (const r of t.results)
            workers.set(mutant, (workers.get(mutant) ?? new Set()).add(r.workerIndex));
        }
      visit(suite.suites ?? []);
    }
  };
  visit(report.suites);
  expect([...workers.keys()].sort()).toEqual(runs.map((r) => r.id).sort());
  for (const indexes of workers.values()) expect(indexes.size).toBe(1);
  const workerOf = (run: (typeof runs)[number]) => [...(workers.get(run.id) ?? [])][0];
  expect(workerOf(runs[0] as (typeof runs)[number])).toBe(workerOf(runs[2] as (typeof runs)[number]));
  expect(workerOf(runs[0] as (typeof runs)[number])).not.toBe(workerOf(runs[1] as (typeof runs)[number]));
  // Each mutant's request counts, written as the worker that served it ends, carry its own run id.
  const runIds = runs.map((run) => {
    const folder = outputPaths({ KIT_OUTPUT_DIR: join(outputRoot, run.id) }).requestStats;
    const ids = readdirSync(folder).map(
      (file) => (JSON.parse(readFileSync(join(folder, file), 'utf8')) as { runId?: string }).runId,
    );
    expect(ids.length, run.id).toBeGreaterThan(0);
    expect(new Set(ids).size, run.id).toBe(1);
    return ids[0];
  });
  expect(new Set(runIds).size).toBe(runs.length);
  // Each mutant's part is also written where a run of its own writes it.
  for (const run of runs)
    expect(() => readFileSync(join(outputRoot, run.id, 'results-1.json'))).not.toThrow();
  // The servers' tokens are in none of the batch's outputs (Playwright copies project options into its
  // report), and the private folder that held them is gone.
  for (const file of ['batch.json', 'results.json', 'playwright.log']) {
    expect(readFileSync(join(outputRoot, 'batch-mutants', file), 'utf8'), file).not.toMatch(
      /svc_(test|live)_[A-Za-z0-9]/,
    );
  }
  const batch = JSON.parse(readFileSync(join(outputRoot, 'batch-mutants', 'batch.json'), 'utf8')) as {
    projects: { envFile: string }[];
  };
  for (const project of batch.projects) expect(existsSync(project.envFile)).toBe(false);
});
