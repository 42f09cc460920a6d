/** The self-check's batch of servers: what each run's projects select, how its report is split, and a real batch. */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { JSONReport, JSONReportTest } from '@playwright/test/reporter';
import { KEPT_WORKER_ANNOTATION } from '../run-records/kept-worker.ts';
import { planRuns } from './plan.ts';
import { BATCH_FOLDER, batchProjectsOf, reportOfRun, restoredTest, runServerBatch } from './server-batch.ts';

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

const RATE_LIMIT_TITLE = 'RATE-LIMIT-429: the 1001st request in a window gets 429 @ratelimit';
const AUTH_TITLE = 'AUTH-TOKEN-MISSING: no token gives 401 ERR-1001 @auth @readonly';
const selects = (project: { grep: string; grepInvert?: string }, title: string): boolean =>
  new RegExp(project.grep, 'i').test(title) &&
  !(project.grepInvert && new RegExp(project.grepInvert, 'i').test(title));

test('SELF-CHECK: in a batch each run selects what its own invocation would: a project of the suite each', () => {
  const runs = planRuns();
  const [reference] = planRuns({ only: ['reference'] });
  const reference_ = batchProjectsOf(reference as (typeof runs)[number]);
  expect(reference_.map((p) => [p.name, p.project])).toEqual([
    ['reference ratelimit', 'ratelimit'],
    ['reference', 'conformance'],
  ]);
  const [rateLimit, conformance] = reference_;
  expect(rateLimit && selects(rateLimit, RATE_LIMIT_TITLE)).toBe(true);
  expect(rateLimit && selects(rateLimit, AUTH_TITLE)).toBe(false);
  expect(conformance && selects(conformance, AUTH_TITLE)).toBe(true);
  expect(conformance && selects(conformance, RATE_LIMIT_TITLE)).toBe(false);
  // A mutant of another area: the checks of its declared rules, never the rate-limit checks.
  const auth = runs.find((run) => run.id === 'mutant-token-prefix-only-checked');
  const [authPart, ...more] = auth ? batchProjectsOf(auth) : [];
  expect(more).toEqual([]);
  expect(authPart?.project).toBe('conformance');
  expect(authPart && selects(authPart, 'AUTH-TOKEN-PREFIX: a token of no known prefix gives 401')).toBe(true);
  expect(authPart && selects(authPart, AUTH_TITLE)).toBe(false);
  // A mutant of the rate limit: the rate-limit checks of its declared rules only.
  const limit = runs.find((run) => run.id === 'mutant-rate-limit-removed');
  const [limitPart, ...others] = limit ? batchProjectsOf(limit) : [];
  expect(others).toEqual([]);
  expect(limitPart?.project).toBe('ratelimit');
  expect(limitPart && selects(limitPart, RATE_LIMIT_TITLE)).toBe(true);
  expect(limitPart && selects(limitPart, 'RATE-LIMIT-HEADERS: a 429 has Retry-After @ratelimit')).toBe(false);
  expect(limitPart && selects(limitPart, 'RATE-LIMIT-429 named outside the rate-limit checks')).toBe(false);
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

test('SELF-CHECK: a batch report is split by run, each part under the project names a run of its own has', () => {
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
            tests: [
              reportTest('mutant-a', true),
              reportTest('mutant-b', false),
              reportTest('reference ratelimit', false),
              reportTest('reference', false),
            ],
          },
        ],
      },
    ],
  };
  const a = reportOfRun(report, [{ name: 'mutant-a', project: 'conformance' }]);
  const tests = a.suites[0]?.specs[0]?.tests ?? [];
  expect(tests).toHaveLength(1);
  expect(tests[0]?.projectName).toBe('conformance');
  expect(tests[0]?.status).toBe('unexpected');
  const b = reportOfRun(report, [{ name: 'mutant-b', project: 'conformance' }]);
  expect(b.suites[0]?.specs[0]?.tests[0]?.status).toBe('expected');
  const reference = reportOfRun(report, [
    { name: 'reference ratelimit', project: 'ratelimit' },
    { name: 'reference', project: 'conformance' },
  ]);
  expect(reference.suites[0]?.specs[0]?.tests.map((t) => t.projectName)).toEqual([
    'ratelimit',
    'conformance',
  ]);
});

test('SELF-CHECK: a real batch of three mutants catches each by its declared rules, every check of a mutant in one worker', async () => {
  test.setTimeout(150_000);
  const runs = planRuns({
    only: ['mutant-token-prefix-only-checked', 'mutant-validation-status-422', 'mutant-rate-limit-removed'],
  });
  expect(runs).toHaveLength(3);
  const outputRoot = mkdtempSync(join(tmpdir(), 'kit-batch-'));
  const { outcomes, problem } = await runServerBatch(runs, { outputRoot, workers: 2, timeoutSeconds: 100 });
  expect(problem).toBeUndefined();
  for (const run of runs) {
    const outcome = outcomes.get(run.id);
    expect(outcome?.timedOut).toBeUndefined();
    const failed = outcome?.results?.tests.filter((t) => t.outcome === 'failed') ?? [];
    expect(failed.length, run.id).toBeGreaterThan(0);
    expect(failed.some((t) => t.failedRules.some((r) => run.server.catchingRules.includes(r)))).toBe(true);
    expect(failed.every((t) => t.project === run.projects[0])).toBe(true);
  }
  // Failures kept their worker: one worker per mutant for all of its checks.
  const report = JSON.parse(
    readFileSync(join(outputRoot, BATCH_FOLDER, 'results.json'), 'utf8'),
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
  expect([...workers.keys()].sort()).toEqual(
    runs.flatMap((r) => batchProjectsOf(r).map((p) => p.name)).sort(),
  );
  for (const indexes of workers.values()) expect(indexes.size).toBe(1);
  // Each mutant's part is also written where a run of its own writes it.
  for (const run of runs)
    expect(() => readFileSync(join(outputRoot, run.id, 'results-1.json'))).not.toThrow();
  // The servers' tokens are in none of the batch's outputs (Playwright copies project options into its
  // report), and the private folder that held them is gone.
  for (const file of ['batch.json', 'results.json', 'playwright.log']) {
    expect(readFileSync(join(outputRoot, BATCH_FOLDER, file), 'utf8'), file).not.toMatch(
      /svc_(test|live)_[A-Za-z0-9]/,
    );
  }
  const batch = JSON.parse(readFileSync(join(outputRoot, BATCH_FOLDER, 'batch.json'), 'utf8')) as {
    projects: { envFile: string }[];
  };
  for (const project of batch.projects) expect(existsSync(project.envFile)).toBe(false);
});
