/**
 * The self-check's batch of variants and mutants: which runs go in it, how its report is split, and a
 * real batch.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONReport, JSONReportSuite, JSONReportTest } from '@playwright/test/reporter';
import { SECOND_LOOK_PROJECT, WAITS_TAG } from '../config/index.ts';
import { kitEnvironment } from '../conformance-run/kit-environment.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { BATCH_TARGET_ANNOTATION } from '../run-records/batch-file.ts';
import { KEPT_WORKER_ANNOTATION } from '../run-records/kept-worker.ts';
import { ruleTagPatternOf } from '../run-records/rule-annotations.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { BATCH_SECOND_LOOK_PROJECT, type ShareKind, shareKindOf } from './batch-shares.ts';
import { planRuns, type Stage } from './plan.ts';
import { resultsOfReport } from './results.ts';
import { batchable, reportOfServer, restoredTest, runServerBatch } from './server-batch.ts';

/** The variant's stage in the real batch: every rate-limit check, and the checks of two rules of the others. */
const VARIANT_SLICE: Stage = {
  label: 'the rate-limit checks and a slice of the others',
  grep: `@ratelimit|${WAITS_TAG}|${ruleTagPatternOf(['AUTH-TOKEN-MISSING', 'VAL-AMOUNT-POSITIVE'])}`,
};

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

test("SELF-CHECK: the variants and the mutants' first stage go in a batch, never the reference or a deployment, never a mutant's every check", () => {
  const runs = planRuns();
  const batched = runs.filter(batchable);
  expect(batched.filter((run) => run.server.kind === 'mutant').length).toBeGreaterThan(100);
  expect(batched.filter((run) => run.server.kind === 'variant').length).toBeGreaterThan(20);
  expect(batched.some((run) => run.id === 'mutant-rate-limit-global')).toBe(true);
  expect(
    runs
      .filter((run) => !batchable(run))
      .map((run) => run.server.kind)
      .sort(),
  ).toEqual(['deployment', 'reference']);
  expect(planRuns({ full: true }).filter((run) => run.server.kind === 'mutant' && batchable(run))).toEqual(
    [],
  );
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

test('SELF-CHECK: a batch report is split by server, each part where a run of its own has it, in the project a run of its own has it in', () => {
  const markerSuite = (
    marker: string,
    mutant: string,
    kept: boolean,
    share = 'batch-worker-1',
  ): JSONReportSuite => ({
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
            ...reportTest(share, kept),
            annotations: [
              { type: BATCH_TARGET_ANNOTATION, description: mutant },
              ...reportTest(share, kept).annotations,
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
              markerSuite('⟦batch 4⟧', 'variant-d', false, 'batch-ratelimit-2'),
            ],
          },
        ],
      },
    ],
  };
  const a = reportOfServer(report, 0);
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
  const b = reportOfServer(report, 1).suites[0]?.suites?.[0]?.specs ?? [];
  expect(b.map((spec) => spec.tests[0]?.status)).toEqual(['expected']);
  expect(reportOfServer(report, 10).suites[0]?.suites?.[0]?.specs).toHaveLength(1);
  expect(reportOfServer(report, 2).suites[0]?.suites?.[0]?.specs).toEqual([]);
  // A rate-limit worker's check is put back in the rate-limit project.
  const d = reportOfServer(report, 3).suites[0]?.suites?.[0]?.specs ?? [];
  expect(d.map((spec) => spec.tests[0]?.projectName)).toEqual(['ratelimit']);
});

test("SELF-CHECK: a real batch catches each mutant by its declared rules and passes a variant's slice, each server's checks exactly its stage's, one after another in a worker that serves others too", async () => {
  test.setTimeout(180_000);
  const planned = planRuns({
    only: [
      'mutant-token-prefix-only-checked',
      'mutant-validation-status-422',
      'mutant-tenant-header-not-checked-on-get',
      'mutant-rate-limit-headers-sent',
      'variant-sliding-window',
    ],
  });
  // The rate-limit mutant and the variant share the one rate-limit worker, their checks taking turns
  // check by check: the variant's RATE-LIMIT-429 burst comes just before the mutant's
  // RATE-LIMIT-NO-HEADERS, which a record of the tenant kept per worker would judge on that burst.
  // The variant gets every rate-limit check and a slice of the others: the batch's mechanics need
  // its checks in both projects, not its every check (the self-check's own batch passes every variant
  // on the whole suite).
  const runs = [
    ...planned.filter((run) => run.server.kind === 'mutant' && run.projects.join() === 'conformance'),
    ...planned.filter((run) => run.id === 'mutant-rate-limit-headers-sent'),
    ...planned
      .filter((run) => run.server.kind === 'variant')
      .map((run) => ({ ...run, stages: [VARIANT_SLICE] })),
  ];
  expect(runs).toHaveLength(5);
  expect(runs.every(batchable)).toBe(true);
  const outputRoot = mkdtempSync(join(tmpdir(), 'kit-batch-'));
  const { outcomes, problem } = await runServerBatch(runs, {
    outputRoot,
    workers: 2,
    rateLimitWorkers: 1,
    waitingWorkers: 1,
    timeoutSeconds: 150,
  });
  expect(problem).toBeUndefined();
  for (const run of runs) {
    const outcome = outcomes.get(run.id);
    expect(outcome?.timedOut).toBeUndefined();
    const failed = outcome?.results?.tests.filter((t) => t.outcome === 'failed') ?? [];
    if (run.server.kind === 'variant') {
      expect(failed, run.id).toEqual([]);
      // Passed, not skipped: both projects' checks ran against it.
      const passed = (project: string) =>
        outcome?.results?.tests.filter((t) => t.project === project && t.outcome === 'passed').length ?? 0;
      expect(passed('conformance'), run.id).toBeGreaterThanOrEqual(2);
      expect(passed('ratelimit'), run.id).toBeGreaterThanOrEqual(4);
    } else {
      expect(failed.length, run.id).toBeGreaterThan(0);
      expect(failed.some((t) => t.failedRules.some((r) => run.server.catchingRules.includes(r)))).toBe(true);
    }
    // Each check in the project a run of its own has it in: the run's, or the second look that ends it.
    expect(
      [...new Set(outcome?.results?.tests.map((t) => t.project))].every(
        (project) => run.projects.includes(project as never) || project === SECOND_LOOK_PROJECT,
      ),
      run.id,
    ).toBe(true);
    // Exactly the checks a run of its own selects with the stage's filter, none twice.
    const grep = run.stages[0]?.grep;
    const listed = spawnSync(
      process.execPath,
      [
        createRequire(import.meta.url).resolve('@playwright/test/cli'),
        'test',
        '--list',
        '--reporter=json',
        ...run.projects.map((project) => `--project=${project}`),
        ...(grep ? [`--grep=${grep}`] : []),
      ],
      { cwd: KIT_ROOT, encoding: 'utf8', env: { ...kitEnvironment(), KIT_IGNORE_DOTENV: 'true' } },
    );
    const own = resultsOfReport(JSON.parse(listed.stdout) as JSONReport).tests.map(
      (t) => `${t.project} ${t.file} ${t.title}`,
    );
    expect(own.length, listed.stderr).toBeGreaterThan(0);
    expect(outcome?.results?.tests.map((t) => `${t.project} ${t.file} ${t.title}`).sort()).toEqual(
      own.sort(),
    );
  }
  // Failures kept their worker: each server's checks of a project in one worker, and the worker dealt
  // two servers served both.
  const report = JSON.parse(
    readFileSync(join(outputRoot, 'server-batch', 'results.json'), 'utf8'),
  ) as JSONReport;
  const workers = new Map<string, Set<number>>();
  // HTTP exchanges attached, to passing checks and to the others.
  const shown = { passed: 0, otherwise: 0 };
  const visit = (suites: JSONReport['suites']): void => {
    for (const suite of suites) {
      for (const spec of suite.specs)
        for (const t of spec.tests) {
          for (const r of t.results)
            shown[r.status === 'passed' ? 'passed' : 'otherwise'] += r.attachments.filter((a) =>
              a.name.startsWith('HTTP '),
            ).length;
          // The look at the end of the batch is every server's, on workers of its own.
          if (t.projectName === BATCH_SECOND_LOOK_PROJECT) continue;
          const server = t.annotations.find((a) => a.type === BATCH_TARGET_ANNOTATION)?.description ?? '';
          const key = `${server} ${shareKindOf(t.projectName)}`;
          for (const r of t.results) workers.set(key, (workers.get(key) ?? new Set()).add(r.workerIndex));
        }
      visit(suite.suites ?? []);
    }
  };
  visit(report.suites);
  // A passing check's exchanges are read by nobody in the batch; a failure keeps them, to show why.
  expect(shown.passed).toBe(0);
  expect(shown.otherwise).toBeGreaterThan(0);
  expect([...workers.keys()].sort()).toEqual(
    runs
      .flatMap((run) => [
        ...run.projects.map((project) => `${run.id} ${project === 'ratelimit' ? 'ratelimit' : 'checks'}`),
        // The variant's check that looks again seconds later, on a worker of the waiting kind.
        ...(run.server.kind === 'variant' ? [`${run.id} waiting`] : []),
      ])
      .sort(),
  );
  for (const indexes of workers.values()) expect(indexes.size).toBe(1);
  const workerOf = (index: number, kind: ShareKind) =>
    [...(workers.get(`${runs[index]?.id} ${kind}`) ?? [])][0];
  expect(workerOf(0, 'checks')).toBe(workerOf(2, 'checks'));
  expect(workerOf(0, 'checks')).not.toBe(workerOf(1, 'checks'));
  expect(workerOf(1, 'checks')).toBe(workerOf(4, 'checks'));
  expect(workerOf(3, 'ratelimit')).toBe(workerOf(4, 'ratelimit'));
  expect(workerOf(4, 'ratelimit')).not.toBe(workerOf(4, 'checks'));
  expect(workerOf(4, 'waiting')).not.toBe(workerOf(4, 'checks'));
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
    expect(readFileSync(join(outputRoot, 'server-batch', file), 'utf8'), file).not.toMatch(
      /svc_(test|live)_[A-Za-z0-9]/,
    );
  }
  const batch = JSON.parse(readFileSync(join(outputRoot, 'server-batch', 'batch.json'), 'utf8')) as {
    projects: { envFile: string }[];
  };
  for (const project of batch.projects) expect(existsSync(project.envFile)).toBe(false);
});
