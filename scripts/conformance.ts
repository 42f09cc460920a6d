/**
 * `npm run conformance [-- <playwright arguments>]`: checks the target contract, establishes with a
 * preflight that the target is the service (and measures its round trip), runs the conformance suites
 * and reports the run's own request counts, then writes the certificate. With KIT_BASELINE it then
 * compares the run with that baseline (reports/compare/).
 *
 * The exit code (config/exit-codes.ts) tells "the service broke a rule" (1) from "we could not test
 * the service" (2 configuration, 3 the target is not a working deployment, went away or was too slow,
 * 6 a tenant throttled below the configured limit, 130/143 interrupted), and drift from the baseline
 * (5, only with KIT_FAIL_ON_DRIFT=true). It is computed from the certificate, never from another run's
 * results: the outputs of the previous run are cleared before this one starts.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import {
  ConfigError,
  caTrustEnvironment,
  EXIT,
  loadDotEnv,
  mayWrite,
  readTargetContract,
  readTimeouts,
} from '../config/index.ts';
import { defaultWorkers, workersOfArguments } from '../config/run-workers.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import type { Certificate } from '../reports/certificate/certificate.ts';
import { certificateStep } from '../reports/certificate/write-certificate.ts';
import { compareWithBaseline, loadProfileOf } from '../reports/compare/gate.ts';
import { type CompareSettings, readCompareSettings } from '../reports/compare/settings.ts';
import type { FoundProfile } from '../reports/profile/files.ts';
import { outputPaths, outputRoot } from '../run-output/output-paths.ts';
import { readRunStop } from '../run-output/run-stop.ts';
import {
  describeRequestBudget,
  requestBudgetReport,
  sumRequestStats,
} from '../suites/support/request-budget.ts';
import { runPlaywrightChild } from './playwright-cli.ts';
import { PreflightError, preflight } from './preflight.ts';
import { describeRunPlan, runPlan } from './run-plan.ts';
import { throttleLine } from './throttle-line.ts';

const say = (line: string): void => {
  process.stdout.write(`conformance: ${line}\n`);
};

const main = async (): Promise<number> => {
  let settings: CompareSettings;
  // Read before the run: a wrong path stops it at once, and a baseline in the output folder is read
  // before the run writes over it.
  let baseline: FoundProfile | undefined;
  try {
    if (process.env.KIT_IGNORE_DOTENV !== 'true') loadDotEnv();
    const contract = readTargetContract();
    settings = readCompareSettings();
    if (settings.baseline) {
      baseline = loadProfileOf('KIT_BASELINE', settings.baseline);
      say(
        `KIT_BASELINE: the run will be compared with ${baseline.profile.run.runId ?? 'a run'} (${baseline.source})`,
      );
    }
    process.env[CONTRACT_VARIABLES.runId] =
      contract.kind === 'remote' ? contract.target.runId : contract.runId;
    readTimeouts();
    if (contract.kind === 'remote') {
      const { target } = contract;
      say(`target ${target.baseUrl} (${target.environment}), run ${target.runId}`);
      // Playwright and its workers, started below, trust TARGET_CA_FILE from their first instruction.
      Object.assign(process.env, caTrustEnvironment(target));
      if (!mayWrite(target)) {
        say(
          `PRODUCTION target: only @readonly checks run (set ${CONTRACT_VARIABLES.allowProductionWrites}=true to run everything)`,
        );
      }
      const { roundTripMs } = await preflight(target);
      process.env.KIT_ROUND_TRIP_MS = String(Math.max(1, roundTripMs));
      const timeouts = readTimeouts();
      say(
        `preflight: the service answers, round trip ${roundTripMs} ms; a request without an answer after ${timeouts.requestMs / 1000} s is not run, a check stops after ${timeouts.testMs / 1000} s`,
      );
      const plan = runPlan({
        limits: target.limits,
        embedded: target.embedded,
        workers: workersOfArguments(process.argv.slice(2)) ?? defaultWorkers(target.embedded),
        roundTripMs,
        tenantB: target.tenantB !== undefined,
        rateLimitTenant: target.rateLimitTenant !== undefined,
        readOnly: !mayWrite(target),
      });
      for (const line of describeRunPlan(plan, target.embedded)) say(line);
    } else {
      say(`no ${CONTRACT_VARIABLES.baseUrl}: starting the embedded reference server, run ${contract.runId}`);
      const plan = runPlan({
        limits: contract.limits,
        embedded: true,
        workers: workersOfArguments(process.argv.slice(2)) ?? defaultWorkers(true),
        roundTripMs: undefined,
        tenantB: true,
        rateLimitTenant: true,
        readOnly: false,
      });
      for (const line of describeRunPlan(plan, true)) say(line);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      say(`configuration error: ${error.message}`);
      return EXIT.badConfiguration;
    }
    if (error instanceof PreflightError) {
      say(error.message);
      return error.exitCode;
    }
    throw error;
  }
  clearPreviousRun();
  const playwright = await runPlaywrightChild([
    'test',
    '-c',
    'playwright.config.ts',
    ...process.argv.slice(2),
  ]);
  // The run's own request budget: what each tenant was sent, and any 429 met outside @ratelimit.
  const contract = readTargetContract();
  const limits = contract.kind === 'remote' ? contract.target.limits : contract.limits;
  const runId = process.env[CONTRACT_VARIABLES.runId];
  const paths = outputPaths();
  const stats = sumRequestStats(paths.requestStats, runId);
  const budget = requestBudgetReport(stats, limits, { runId });
  mkdirSync(paths.conformance, { recursive: true });
  writeFileSync(paths.requestBudget, `${JSON.stringify(budget, null, 2)}\n`);
  for (const line of describeRequestBudget(budget)) say(line);
  const certificate = await certificateStep(say);
  const runCode = exitCodeOfRun(playwright.signal, certificate, budget.breaches.length > 0, (line) =>
    say(line),
  );
  if (playwright.signal) return runCode;
  if (!baseline) return runCode;
  const compare = (line: string) => say(`compare: ${line}`);
  let compareCode: number;
  try {
    compareCode = compareWithBaseline(
      baseline,
      loadProfileOf('this run', outputRoot()),
      settings,
      compare,
    ).exitCode;
  } catch (error) {
    compare(`not compared: ${(error as Error).message}`);
    compareCode = EXIT.deviation;
  }
  // A deviation of the run itself outranks drift from the baseline.
  return runCode !== EXIT.ok ? runCode : compareCode;
};

/** What the previous run left in the output folder: this run's outputs never mix with it. */
const clearPreviousRun = (): void => {
  const paths = outputPaths();
  for (const path of [
    paths.results,
    paths.junit,
    paths.observations,
    paths.runInfo,
    paths.runStop,
    paths.targetHealth,
    paths.requestStats,
    paths.requestBudget,
    paths.certificate,
  ]) {
    rmSync(path, { recursive: true, force: true });
  }
};

/**
 * The run's exit code, from what happened to it and from its certificate: an interruption, a stop
 * (the target went away, a tenant was throttled), a deviation, a budget breach, an incomplete run.
 * Each case but a clean pass and a deviation is said in one line.
 */
const exitCodeOfRun = (
  signal: NodeJS.Signals | undefined,
  certificate: Certificate | undefined,
  budgetBreached: boolean,
  say: (line: string) => void,
): number => {
  if (signal) {
    say(`INTERRUPTED (${signal}): the certificate says "incomplete: interrupted"; what ran is kept`);
    return signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
  }
  const paths = outputPaths();
  const stop = readRunStop(paths.runStop);
  if (stop?.reason === 'throttled') {
    say(throttleLine(stop, paths.requestStats, readTargetContract()));
    return EXIT.throttled;
  }
  if (stop) {
    say(stop.line);
    return EXIT.targetUnreachable;
  }
  if (!certificate) return EXIT.deviation;
  if (certificate.outcome === 'deviation-found') return EXIT.deviation;
  if (budgetBreached) {
    say(
      'THROTTLED: a paced tenant met 429s outside the rate-limit checks: its real limit is below the contract (see the request counts above)',
    );
    return EXIT.throttled;
  }
  if (certificate.outcome === 'incomplete') {
    say(`COULD NOT RUN FULLY: ${certificate.outcomeText}`);
    return EXIT.targetUnreachable;
  }
  return EXIT.ok;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(`internal error: ${(error as Error).message}`);
    process.exit(EXIT.deviation);
  },
);
