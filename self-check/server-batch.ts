/**
 * The first stage of every server's run in one Playwright invocation (batch.config.ts): each server
 * against its own reference server started here, in this process, as the conformance run's global
 * setup would start it, with a batch project for each Playwright project its run has (`conformance`,
 * `ratelimit`), one worker each, so that its rate-limit checks run on a worker of their own beside the
 * others, as in a user's run. Playwright starts, lists the suite and reports once for the batch instead
 * of once per server, and a failed check keeps its worker; that was most of a run's cost. The batch's
 * JSON report is split back into one stage outcome per server, under the project names a run of its
 * own has, each failure whose worker was kept restored as the plain failure a run of its own reports,
 * so that the results are read exactly as any run's (results.ts).
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
import { KEPT_WORKER_ANNOTATION } from '../run-records/kept-worker.ts';
import { KIT_ROOT, playwrightEnvironment } from '../run-records/kit-root.ts';
import { BATCH_FILE_VARIABLE, type BatchFile, type BatchProject } from './batch-file.ts';
import { runLoggedChild } from './logged-child.ts';
import type { StageOutcome } from './matrix.ts';
import type { PlannedRun } from './plan.ts';
import { resultsOfReport } from './results.ts';
import { runEnvironment, scrubbedEnvironment } from './run-server.ts';

const RATE_LIMIT_TAG = '@ratelimit';

const require = createRequire(import.meta.url);

export interface ServerBatchOptions {
  readonly outputRoot: string;
  readonly workers: number;
  /** For the whole batch. */
  readonly timeoutSeconds: number;
  /** Called with the child's pid while it runs, and undefined when it ends (to stop it on Ctrl-C). */
  readonly onChild?: (pid: number | undefined) => void;
}

/** A title pattern that matches what both patterns match (Playwright's grep takes one pattern a project). */
const bothPatterns = (a: string, b: string | undefined): string =>
  b === undefined ? a : `^(?=[\\s\\S]*(?:${a}))(?=[\\s\\S]*(?:${b}))`;

/**
 * The batch projects of a run's first stage: one per Playwright project of the run, each selecting
 * what the run's own invocation would (playwright.config.ts: `ratelimit` the @ratelimit checks,
 * `conformance` the others), within the stage's title filter.
 */
export const batchProjectsOf = (run: PlannedRun): Omit<BatchProject, 'envFile'>[] => {
  const stage = run.stages[0];
  const invert = stage?.grepInvert;
  return run.projects.map((project) =>
    project === 'ratelimit'
      ? {
          name: `${run.id} ${project}`,
          project,
          grep: bothPatterns(RATE_LIMIT_TAG, stage?.grep),
          ...(invert ? { grepInvert: invert } : {}),
        }
      : {
          name: run.id,
          project,
          grep: stage?.grep ?? '.',
          grepInvert: invert ? `${RATE_LIMIT_TAG}|${invert}` : RATE_LIMIT_TAG,
        },
  );
};

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

/** A batch project's name, and the name of the Playwright project a run of its own has for it. */
type ProjectPart = Pick<BatchProject, 'name' | 'project'>;

/** The report's suites with only the given projects' tests, under the project names a run of its own has. */
const suitesOf = (suites: readonly JSONReportSuite[], parts: readonly ProjectPart[]): JSONReportSuite[] =>
  suites.map((suite) => ({
    ...suite,
    specs: suite.specs.map((spec) => ({
      ...spec,
      tests: spec.tests.flatMap((test) => {
        const part = parts.find((p) => p.name === test.projectName);
        return part ? [restoredTest({ ...test, projectName: part.project })] : [];
      }),
    })),
    ...(suite.suites ? { suites: suitesOf(suite.suites, parts) } : {}),
  }));

/** One run's part of a batch report (the tests of its batch projects), as a report of its own. */
export const reportOfRun = (
  report: Pick<JSONReport, 'suites' | 'errors'>,
  parts: readonly ProjectPart[],
): Pick<JSONReport, 'suites' | 'errors'> => ({
  suites: suitesOf(report.suites, parts),
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
): Promise<{ server: RunningReferenceServer; projects: BatchProject[] }> => {
  const contract = readTargetContract({ ...run.env });
  if (contract.kind !== 'embedded') throw new Error(`${run.id}: a batch runs reference servers only`);
  const { kind, name } = run.server;
  const server = await startReferenceServer({
    rateLimit: contract.limits.A,
    tenantRateLimits: contract.limits,
    ...(kind === 'mutant' ? { mutant: name } : {}),
    ...(kind === 'variant' ? { variant: name } : {}),
    ...(kind === 'deployment' ? { deployment: name } : {}),
  });
  const envFile = join(envDir, `${run.id}.json`);
  // What a run of its own has (run-server.ts): a failing property's replay command names the server.
  const { KIT_REFERENCE_MUTANT, KIT_REFERENCE_VARIANT, KIT_REFERENCE_DEPLOYMENT } = runEnvironment(
    run,
    outputDir,
    '',
    {},
  );
  const env = {
    ...run.env,
    ...targetEnvironmentOf(server),
    [CONTRACT_VARIABLES.runId]: contract.runId,
    KIT_OUTPUT_DIR: outputDir,
    ...(KIT_REFERENCE_MUTANT ? { KIT_REFERENCE_MUTANT } : {}),
    ...(KIT_REFERENCE_VARIANT ? { KIT_REFERENCE_VARIANT } : {}),
    ...(KIT_REFERENCE_DEPLOYMENT ? { KIT_REFERENCE_DEPLOYMENT } : {}),
  };
  writeFileSync(envFile, JSON.stringify(env), { mode: 0o600 });
  return { server, projects: batchProjectsOf(run).map((part) => ({ ...part, envFile })) };
};

/**
 * Seconds a batch may take before it is stopped: a run's time-out, and twice the runs' expected
 * seconds shared by the workers (a loaded machine is slower, a batch that hangs is not).
 */
const batchTimeoutSeconds = (runs: readonly PlannedRun[], workers: number, perRun: number): number =>
  perRun + Math.ceil((2 * runs.reduce((sum, run) => sum + run.expectedSeconds, 0)) / workers);

/**
 * The batch's projects in the order Playwright starts them: each run's rate-limit checks (which mostly
 * wait out windows) beside another run's CPU-bound checks, the longest runs first.
 */
const interleaved = (projects: readonly BatchProject[][]): BatchProject[] => {
  const waiting = projects.flat().filter((p) => p.project === 'ratelimit');
  const working = projects.flat().filter((p) => p.project !== 'ratelimit');
  const order: BatchProject[] = [];
  while (waiting.length || working.length) {
    const next = waiting.shift();
    if (next) order.push(next);
    const other = working.shift();
    if (other) order.push(other);
  }
  return order;
};

export interface ServerBatchResult {
  /** The first stage's outcome of each run the batch settled, by run id. */
  readonly outcomes: ReadonlyMap<string, StageOutcome>;
  /** Why the batch settled none, when it went wrong as a whole: its runs then go one by one. */
  readonly problem?: string;
}

/** Where the batch writes: its projects, Playwright's whole report and log. */
export const BATCH_FOLDER = 'batch';

/**
 * The first stage of each run, in one Playwright invocation. A batch that went wrong as a whole (no
 * report, an error outside the checks, stopped for time) settles nothing, and a run of which it ran
 * no check is left out: those run in invocations of their own, so that one server's trouble is never
 * charged to the others.
 */
export const runServerBatch = async (
  runs: readonly PlannedRun[],
  options: ServerBatchOptions,
): Promise<ServerBatchResult> => {
  const outcomes = new Map<string, StageOutcome>();
  if (runs.length === 0) return { outcomes };
  const folder = join(options.outputRoot, BATCH_FOLDER);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  // The projects' variables hold the servers' tokens: outside the outputs, private, gone when the batch
  // ends, even on Ctrl-C (the self-check then exits, and 'exit' handlers still run).
  const envDir = mkdtempSync(join(tmpdir(), 'kit-selftest-batch-'));
  const removeEnvDir = () => rmSync(envDir, { recursive: true, force: true });
  process.once('exit', removeEnvDir);
  const servers: RunningReferenceServer[] = [];
  try {
    const projectsOfRuns: BatchProject[][] = [];
    for (const run of runs) {
      const outputDir = join(options.outputRoot, run.id);
      rmSync(outputDir, { recursive: true, force: true });
      mkdirSync(outputDir, { recursive: true });
      const { server, projects } = await startServerOf(run, outputDir, envDir);
      servers.push(server);
      projectsOfRuns.push(projects);
    }
    const projects = interleaved(projectsOfRuns);
    const workers = Math.max(1, Math.min(options.workers, projects.length));
    const batch: BatchFile = { workers, outputDir: join(folder, 'test-results'), projects };
    const batchFile = join(folder, 'batch.json');
    const reportFile = join(folder, 'results.json');
    writeFileSync(batchFile, `${JSON.stringify(batch, null, 2)}\n`);
    const { timedOut } = await runLoggedChild(
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
          [BATCH_FILE_VARIABLE]: batchFile,
          PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
          FORCE_COLOR: '0',
        }),
        logFile: join(folder, 'playwright.log'),
        timeoutMs: batchTimeoutSeconds(runs, workers, options.timeoutSeconds) * 1000,
        ...(options.onChild ? { onChild: options.onChild } : {}),
      },
    );
    let report: JSONReport | undefined;
    try {
      report = JSON.parse(readFileSync(reportFile, 'utf8')) as JSONReport;
    } catch {
      report = undefined;
    }
    if (timedOut) return { outcomes, problem: 'the batch was stopped for taking too long' };
    if (!report) return { outcomes, problem: 'the batch wrote no report' };
    const errors = report.errors ?? [];
    if (errors.length > 0) {
      return {
        outcomes,
        problem: `the batch failed outside its checks: ${errors[0]?.message?.split('\n')[0] ?? 'an error'}`,
      };
    }
    for (const run of runs) {
      const own = reportOfRun({ suites: report.suites ?? [], errors }, batchProjectsOf(run));
      const results = resultsOfReport(own);
      if (results.tests.length === 0) continue;
      writeFileSync(join(options.outputRoot, run.id, 'results-1.json'), JSON.stringify(own));
      outcomes.set(run.id, {
        label: run.stages[0]?.label ?? 'checks of its declared rules',
        results,
        exitCode: results.tests.some((t) => t.outcome === 'failed') ? 1 : 0,
        seconds: secondsOf(own),
      });
    }
    return { outcomes };
  } finally {
    removeEnvDir();
    process.off('exit', removeEnvDir);
    await Promise.all(servers.map((server) => server.close()));
  }
};
