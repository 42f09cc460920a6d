/**
 * One load row of the self-check: the reference server started in this process as the row's mutant,
 * variant or itself (behind the slowed proxy for the slowed server), k6 run on the script's bundle in
 * a child process with the target contract and k6's settings in its environment (as the runner hands
 * them: load/k6-environment.ts), held to a share of the machine for the starved generator's row
 * (generator-hold.ts), then its outputs read back: exit code, JSON summary, JUnit file and
 * web dashboard, all in the row's own folder with k6's log.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import type { LoadScript } from '../load/bundle.ts';
import { k6RunEnvironment, reportFilesOf } from '../load/k6-environment.ts';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import { readLoadSummaries } from '../reports/allure/load-summaries.ts';
import { type GeneratorHold, holdGenerator } from './generator-hold.ts';
import type { PlannedLoadRun } from './load-plan.ts';
import type { LoadRunOutcome } from './load-verdicts.ts';
import { startSlowedProxy } from './slowed-proxy.ts';

/** A user's target, load settings and k6 settings stay out: a self-check always runs its own. */
const SCRUBBED =
  /^(TARGET_|TENANT_[AB]_|RATE_LIMIT_|KIT_|LOAD_|LATENCY_|ALLOW_PRODUCTION|K6_|FC_|PLAYWRIGHT_)/;

export interface LoadRunOptions {
  readonly k6: string;
  readonly bundles: Readonly<Record<LoadScript, string>>;
  readonly outputRoot: string;
  readonly runId: string;
  readonly timeoutSeconds: number;
  /** Called with k6's pid when it starts (running) and when it ends, to stop it on Ctrl-C. */
  readonly onChild?: (pid: number, running: boolean) => void;
}

const scrubbed = (parent: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(parent).filter(([name]) => !SCRUBBED.test(name)));

/** The counts of a JUnit file's first testsuite. */
export const junitCounts = (
  xml: string,
): { tests: number; failures: number; errors: number; skipped: number } | undefined => {
  const suite = /<testsuite\b[^>]*>/.exec(xml)?.[0];
  if (!suite) return undefined;
  const count = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(suite)?.[1] ?? Number.NaN);
  const counts = {
    tests: count('tests'),
    failures: count('failures'),
    errors: count('errors'),
    skipped: count('skipped'),
  };
  return Object.values(counts).every(Number.isInteger) ? counts : undefined;
};

const runK6 = (
  k6: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  options: LoadRunOptions,
  hold: GeneratorHold | undefined,
): Promise<number | undefined> =>
  new Promise((resolve) => {
    const log = createWriteStream(logFile);
    // Its own process group, so that a run that hangs is stopped whole.
    const child = spawn(k6, [...args], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    if (child.pid) options.onChild?.(child.pid, true);
    const release = child.pid && hold ? holdGenerator(child.pid, hold) : undefined;
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, options.timeoutSeconds * 1000);
    child.on('error', (error) => {
      log.write(`could not start k6: ${error.message}\n`);
    });
    child.on('close', (code) => {
      release?.();
      clearTimeout(timer);
      if (child.pid) options.onChild?.(child.pid, false);
      log.end();
      resolve(timedOut || code === null ? undefined : code);
    });
  });

const readOutcome = (
  run: PlannedLoadRun,
  folder: string,
  exitCode: number | undefined,
  seconds: number,
  outputRoot: string,
): LoadRunOutcome => {
  const files = reportFilesOf(run.script, folder);
  const summary = readLoadSummaries(folder).summaries.find((s) => s.script === run.script);
  const junit = existsSync(files.junit) ? junitCounts(readFileSync(files.junit, 'utf8')) : undefined;
  return {
    run,
    exitCode,
    seconds,
    ...(summary ? { summary: { verdict: summary.verdict, thresholds: summary.thresholds } } : {}),
    ...(junit ? { junit } : {}),
    ...(summary?.dashboardFile ? { dashboard: relative(outputRoot, summary.dashboardFile) } : {}),
  };
};

export const runLoadRow = async (run: PlannedLoadRun, options: LoadRunOptions): Promise<LoadRunOutcome> => {
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const folder = join(options.outputRoot, run.id);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    server = await startReferenceServer({
      rateLimit: run.rateLimit,
      // Every tenant the same limit: the control tenant's share and a global budget are measured by it.
      tenantRateLimits: { A: run.rateLimit, B: run.rateLimit, RATE_LIMIT: run.rateLimit },
      ...(run.server.kind === 'mutant' ? { mutant: run.server.name } : {}),
      ...(run.server.kind === 'variant' ? { variant: run.server.name } : {}),
    });
  } catch (error) {
    return {
      run,
      exitCode: undefined,
      seconds: elapsed(),
      problem: `the server did not start: ${(error as Error).message}`,
    };
  }
  const proxy = run.msPerRequestInFlight
    ? await startSlowedProxy(server.baseUrl, run.msPerRequestInFlight)
    : undefined;
  try {
    const target = {
      ...targetEnvironmentOf(server),
      ...(proxy ? { [CONTRACT_VARIABLES.baseUrl]: proxy.baseUrl } : {}),
    };
    const env = k6RunEnvironment(
      { ...scrubbed(process.env), ...target, ...run.env },
      { script: run.script, reportDir: folder, runId: options.runId, plannedSeconds: run.plannedSeconds },
    );
    const exitCode = await runK6(
      options.k6,
      ['run', '--quiet', options.bundles[run.script]],
      env,
      join(folder, 'k6.log'),
      options,
      run.generatorHold,
    );
    return readOutcome(run, folder, exitCode, elapsed(), options.outputRoot);
  } finally {
    await proxy?.close();
    await server.close();
  }
};
