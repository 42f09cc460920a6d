/**
 * The first stage of many servers' runs in one Playwright invocation (batch.config.ts): each mutant's
 * or variant's server started here, in this process, as the conformance run's global setup would
 * start it; each worker serving a share of the servers, one check after another. Playwright starts,
 * lists the suite and reports once for the batch instead of once per server, a worker starts once for
 * many servers, and a failed check keeps its worker; that was most of a server's cost. The batch's
 * JSON report is split back into one stage outcome per server, each failure whose worker was kept
 * restored as the plain failure a run of its own reports, so that the results are read exactly as any
 * run's (results.ts).
 *
 * The variants go in it too, with every check of both projects: the rate-limit checks on workers of
 * their own beside the others (batch.config.ts), as a conformance run has them, against the same
 * server. The reference and the deployments do not: they run exactly as a user runs the suite, a
 * process each (plan.ts), which proves the run's own machinery (its runner, its global setup, its
 * pacing) as the batch cannot.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONReport, JSONReportSuite, JSONReportTest } from '@playwright/test/reporter';
import { readTargetContract } from '../config/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import {
  type RunningReferenceServer,
  startReferenceServer,
  targetEnvironmentOf,
} from '../reference/index.ts';
import {
  BATCH_FILE_VARIABLE,
  BATCH_TARGET_ANNOTATION,
  type BatchFile,
  type BatchProject,
  batchMarker,
  isBatchMarker,
} from '../run-records/batch-file.ts';
import { KEPT_WORKER_ANNOTATION } from '../run-records/kept-worker.ts';
import { eachInTurn } from '../utilities/event-loop-turns.ts';
import { KIT_ROOT, playwrightEnvironment } from '../utilities/kit-root.ts';
import { ANSWERS_FILE_NAME, answersValidated } from './answers.ts';
import { runProjectOfBatchProject } from './batch-shares.ts';
import { runLoggedChild } from './logged-child.ts';
import type { StageOutcome } from './matrix.ts';
import type { PlannedRun } from './plan.ts';
import { resultsOfReport } from './results.ts';
import { scrubbedEnvironment } from './run-server.ts';

const require = createRequire(import.meta.url);

export interface ServerBatchOptions {
  readonly outputRoot: string;
  readonly workers: number;
  /** Workers for the rate-limit checks (batch-file.ts). */
  readonly rateLimitWorkers: number;
  /** Workers for the checks that wait seconds to look again (batch-file.ts). */
  readonly waitingWorkers: number;
  /** For the whole batch. */
  readonly timeoutSeconds: number;
  /** Called with the child's pid while it runs, and undefined when it ends (to stop it on Ctrl-C). */
  readonly onChild?: (pid: number | undefined) => void;
}

/**
 * A run that can go in a batch: a variant (every check), or a mutant whose first stage is the checks of
 * its declared rules (not `--full`'s every check: a failed check keeps its worker, but a hundred
 * failures a mutant would fill the batch's report).
 */
export const batchable = (run: PlannedRun): boolean =>
  run.server.kind === 'variant' || (run.server.kind === 'mutant' && run.stages[0]?.grep !== undefined);

/**
 * A failed check whose worker was kept was marked as expected to fail (suites/fixtures/kept-worker.ts):
 * put back as a run of its own reports it, an unexpected failure.
 */
export const restoredTest = (test: JSONReportTest): JSONReportTest => {
  const kept = test.annotations.some((a) => a.type === KEPT_WORKER_ANNOTATION);
  const annotations = test.annotations.filter((a) => a.type !== KEPT_WORKER_ANNOTATION);
  const results = test.results.map((result) => ({
    ...result,
    annotations: (result.annotations ?? []).filter((a) => a.type !== KEPT_WORKER_ANNOTATION),
  }));
  if (!kept) return { ...test, annotations, results };
  return { ...test, annotations, results, expectedStatus: 'passed', status: 'unexpected' };
};

/** A test of the batch without what only the batch gave it: the marker's annotation. */
const withoutBatchAnnotation = (test: JSONReportTest): JSONReportTest => ({
  ...test,
  annotations: test.annotations.filter((a) => a.type !== BATCH_TARGET_ANNOTATION),
  results: test.results.map((result) => ({
    ...result,
    annotations: (result.annotations ?? []).filter((a) => a.type !== BATCH_TARGET_ANNOTATION),
  })),
});

/**
 * The report's suites with only one server's checks: those under its marker, put back where a run of
 * its own has them (in the describe around the marker, under the spec file that declares them), in the
 * project of the conformance configuration a run of its own has them in.
 */
const suitesOf = (suites: readonly JSONReportSuite[], marker: string, file?: string): JSONReportSuite[] =>
  suites.map(({ suites: nested = [], ...suite }) => {
    const specFile = file ?? suite.file;
    const own = nested.filter((s) => s.title === marker).flatMap((s) => s.specs);
    const others = nested.filter((s) => !isBatchMarker(s.title));
    return {
      ...suite,
      // Playwright locates a check where `test()` was called, which in a batch is batch-mode.ts: the
      // file is the spec file's, the line and column unknown.
      specs: own.map((spec) => ({
        ...spec,
        file: specFile,
        line: 0,
        column: 0,
        tests: spec.tests.map((test) =>
          restoredTest(
            withoutBatchAnnotation({ ...test, projectName: runProjectOfBatchProject(test.projectName) }),
          ),
        ),
      })),
      ...(others.length > 0 ? { suites: suitesOf(others, marker, specFile) } : {}),
    };
  });

/** One server's part of a batch report (the `index`-th of the batch file), as a report of its own. */
export const reportOfServer = (
  report: Pick<JSONReport, 'suites' | 'errors'>,
  index: number,
): Pick<JSONReport, 'suites' | 'errors'> => ({
  suites: suitesOf(report.suites, batchMarker(index)),
  errors: report.errors,
});

const secondsOf = (report: Pick<JSONReport, 'suites'>): number => {
  let ms = 0;
  const visit = (suites: readonly JSONReportSuite[]): void => {
    for (const suite of suites) {
      for (const spec of suite.specs)
        for (const test of spec.tests) for (const result of test.results) ms += result.duration;
      visit(suite.suites ?? []);
    }
  };
  visit(report.suites);
  return ms / 1000;
};

/** The run's server, started as the conformance run's global setup starts the embedded one. */
const startServerOf = async (
  run: PlannedRun,
  outputDir: string,
  envDir: string,
): Promise<{ server: RunningReferenceServer; project: BatchProject }> => {
  const contract = readTargetContract({ ...run.env });
  if (contract.kind !== 'embedded') throw new Error(`${run.id}: a batch runs reference servers only`);
  const server = await startReferenceServer({
    rateLimit: contract.limits.A,
    tenantRateLimits: contract.limits,
    ...(run.server.kind === 'mutant' ? { mutant: run.server.name } : { variant: run.server.name }),
    ...(answersValidated(run.server) ? { answersFile: join(outputDir, ANSWERS_FILE_NAME) } : {}),
  });
  const envFile = join(envDir, `${run.id}.json`);
  const env = {
    ...run.env,
    ...targetEnvironmentOf(server),
    [CONTRACT_VARIABLES.runId]: contract.runId,
    KIT_OUTPUT_DIR: outputDir,
    // What a run of its own has: a failing property's replay command names the server.
    ...(run.server.kind === 'mutant'
      ? { REFERENCE_MUTANT: run.server.name }
      : { REFERENCE_VARIANT: run.server.name }),
  };
  writeFileSync(envFile, JSON.stringify(env), { mode: 0o600 });
  return {
    server,
    project: { name: run.id, grep: run.stages[0]?.grep ?? '', suiteProjects: run.projects, envFile },
  };
};

/**
 * Seconds a batch may take before it is stopped: a run's time-out, and half a minute per server a
 * worker of the conformance checks serves (the rate-limit workers, as many or more, serve no more).
 */
const batchTimeoutSeconds = (runs: number, workers: number, perRun: number): number =>
  perRun + 30 * Math.ceil(runs / workers);

export interface ServerBatchResult {
  /** The first stage's outcome of each mutant the batch settled, by run id. */
  readonly outcomes: ReadonlyMap<string, StageOutcome>;
  /** Why the batch settled none, when it went wrong as a whole: its mutants then run one by one. */
  readonly problem?: string;
}

/**
 * Each run's output folder emptied and its server started, in turn; each server joins `servers` once
 * started. Starting a server waits on no I/O, so two hundred in a row held this process's event loop
 * for seconds, and the deployments it serves beside the batch (the fault rows') with it: one at a time.
 */
const startServers = (
  runs: readonly PlannedRun[],
  outputRoot: string,
  envDir: string,
  servers: RunningReferenceServer[],
): Promise<BatchProject[]> =>
  eachInTurn(runs, async (run) => {
    const outputDir = join(outputRoot, run.id);
    rmSync(outputDir, { recursive: true, force: true });
    mkdirSync(outputDir, { recursive: true });
    const { server, project } = await startServerOf(run, outputDir, envDir);
    servers.push(server);
    return project;
  });

/** Runs Playwright over the batch file; the JSON report goes to `reportFile`. Returns whether it was stopped for time. */
const runBatchPlaywright = async (
  folder: string,
  files: { readonly batchFile: string; readonly reportFile: string },
  timeoutMs: number,
  onChild: ServerBatchOptions['onChild'],
): Promise<{ timedOut: boolean }> =>
  runLoggedChild(
    process.execPath,
    [
      require.resolve('@playwright/test/cli'),
      'test',
      '-c',
      join(KIT_ROOT, 'self-check', 'batch.config.ts'),
      '--reporter=json',
    ],
    {
      env: playwrightEnvironment({
        ...scrubbedEnvironment(),
        KIT_IGNORE_DOTENV: 'true',
        KIT_OUTPUT_DIR: folder,
        [BATCH_FILE_VARIABLE]: files.batchFile,
        PLAYWRIGHT_JSON_OUTPUT_NAME: files.reportFile,
        FORCE_COLOR: '0',
      }),
      logFile: join(folder, 'playwright.log'),
      timeoutMs,
      ...(onChild ? { onChild } : {}),
    },
  );

const readReport = (reportFile: string): JSONReport | undefined => {
  try {
    return JSON.parse(readFileSync(reportFile, 'utf8')) as JSONReport;
  } catch {
    return undefined;
  }
};

/** The batch's report, or why the batch as a whole settles nothing: stopped for time, no report, an error outside the checks. */
export const reportOrProblem = (timedOut: boolean, report: JSONReport | undefined): JSONReport | string => {
  if (timedOut) return 'the batch was stopped for taking too long';
  if (!report) return 'the batch wrote no report';
  const errors = report.errors ?? [];
  if (errors.length > 0)
    return `the batch failed outside its checks: ${errors[0]?.message?.split('\n')[0] ?? 'an error'}`;
  return report;
};

/** Each run's part of the report, written as its own first stage's results; a run of which no check ran is left out. */
const outcomesOfReport = (
  runs: readonly PlannedRun[],
  report: JSONReport,
  outputRoot: string,
): Map<string, StageOutcome> => {
  const outcomes = new Map<string, StageOutcome>();
  for (const [index, run] of runs.entries()) {
    const own = reportOfServer({ suites: report.suites ?? [], errors: report.errors ?? [] }, index);
    const results = resultsOfReport(own);
    if (results.tests.length === 0) continue;
    writeFileSync(join(outputRoot, run.id, 'results-1.json'), JSON.stringify(own));
    outcomes.set(run.id, {
      label: run.stages[0]?.label ?? 'checks of its declared rules',
      results,
      exitCode: results.tests.some((t) => t.outcome === 'failed') ? 1 : 0,
      seconds: secondsOf(own),
    });
  }
  return outcomes;
};

/**
 * The first stage of each run, in one Playwright invocation. A batch that went wrong as a whole (no
 * report, an error outside the checks, stopped for time) settles nothing, and a mutant of which it
 * ran no check is left out: those run in invocations of their own, so that one server's trouble is
 * never charged to the others.
 */
export const runServerBatch = async (
  runs: readonly PlannedRun[],
  options: ServerBatchOptions,
): Promise<ServerBatchResult> => {
  if (runs.length === 0) return { outcomes: new Map() };
  const folder = join(options.outputRoot, 'server-batch');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  // The projects' variables hold the servers' tokens: outside the outputs, private, gone when the batch
  // ends, even on Ctrl-C (the self-check then exits, and 'exit' handlers still run).
  const envDir = mkdtempSync(join(tmpdir(), 'kit-selftest-batch-'));
  const removeEnvDir = () => rmSync(envDir, { recursive: true, force: true });
  process.once('exit', removeEnvDir);
  const servers: RunningReferenceServer[] = [];
  try {
    const projects = await startServers(runs, options.outputRoot, envDir, servers);
    const workers = Math.max(1, Math.min(options.workers, runs.length));
    const batch: BatchFile = {
      workers,
      rateLimitWorkers: Math.max(1, options.rateLimitWorkers),
      waitingWorkers: Math.max(1, options.waitingWorkers),
      outputDir: join(folder, 'test-results'),
      projects,
    };
    const files = { batchFile: join(folder, 'batch.json'), reportFile: join(folder, 'results.json') };
    writeFileSync(files.batchFile, `${JSON.stringify(batch, null, 2)}\n`);
    const timeoutMs = batchTimeoutSeconds(runs.length, workers, options.timeoutSeconds) * 1000;
    const { timedOut } = await runBatchPlaywright(folder, files, timeoutMs, options.onChild);
    const report = reportOrProblem(timedOut, readReport(files.reportFile));
    if (typeof report === 'string') return { outcomes: new Map(), problem: report };
    return { outcomes: outcomesOfReport(runs, report, options.outputRoot) };
  } finally {
    removeEnvDir();
    process.off('exit', removeEnvDir);
    await Promise.all(servers.map((server) => server.close()));
  }
};
