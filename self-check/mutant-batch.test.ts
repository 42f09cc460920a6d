/** The self-check's batch of mutants: which runs go in it, how its report is split, and a real batch. */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { JSONReport, JSONReportTest } from '@playwright/test/reporter';
import { KEPT_WORKER_ANNOTATION } from '../run-records/kept-worker.ts';
import { batchable, reportOfProject, restoredTest, runMutantBatch } from './mutant-batch.ts';
import { planRuns } from './plan.ts';

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

test('SELF-CHECK: a batch report is split by project, each part under the conformance project a run of its own has', () => {
  const report: Pick<JSONReport, 'suites' | 'errors'> = {
    errors: [],
    suites: [
      {
        title: 'auth.spec.ts',
        file: 'auth.spec.ts',
        line: 0,
        column: 0,
        specs: [
          {
            title: 'AUTH-TOKEN-MISSING: x',
            ok: true,
            tags: [],
            id: '1',
            file: 'auth.spec.ts',
            line: 1,
            column: 1,
            tests: [reportTest('mutant-a', true), reportTest('mutant-b', false)],
          },
        ],
      },
    ],
  };
  const a = reportOfProject(report, 'mutant-a');
  const tests = a.suites[0]?.specs[0]?.tests ?? [];
  expect(tests).toHaveLength(1);
  expect(tests[0]?.projectName).toBe('conformance');
  expect(tests[0]?.status).toBe('unexpected');
  expect(reportOfProject(report, 'mutant-b').suites[0]?.specs[0]?.tests[0]?.status).toBe('expected');
});

test('SELF-CHECK: a real batch of two mutants catches each by its declared rules, every check of a mutant in one worker', async () => {
  test.setTimeout(120_000);
  const runs = planRuns({ only: ['mutant-token-prefix-only-checked', 'mutant-validation-status-422'] });
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
  }
  // Failures kept their worker: one worker per mutant for all of its checks.
  const report = JSON.parse(
    readFileSync(join(outputRoot, 'batch-mutants', 'results.json'), 'utf8'),
  ) as JSONReport;
  const workers = new Map<string, Set<number>>();
  const visit = (suites: JSONReport['suites']): void => {
    for (const suite of suites) {
      for (const spec of suite.specs)
        for (const t of spec.tests)
          for (const r of t.results)
            workers.set(t.projectName, (workers.get(t.projectName) ?? new Set()).add(r.workerIndex));
      visit(suite.suites ?? []);
    }
  };
  visit(report.suites);
  expect([...workers.keys()].sort()).toEqual(runs.map((r) => r.id).sort());
  for (const indexes of workers.values()) expect(indexes.size).toBe(1);
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
