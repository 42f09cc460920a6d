/**
 * `fei-kit conformance [<playwright arguments>]`: reads the Playwright arguments (an unknown or
 * malformed one stops here, before any request), checks the target contract, establishes with a
 * preflight that the target is the service (and measures its round trip), runs the conformance suites
 * and reports the run's own request counts, then writes the certificate. With KIT_BASELINE it then
 * compares the run with that baseline (reports/release-gate/).
 *
 * The exit code (config/exit-codes.ts) tells "the service broke a rule" (1, and only when a violation
 * of a stated rule was recorded that the provider did not declare as a known deviation) from "we could
 * not test the service" (2 configuration or arguments, 3 the target is not a working deployment, went
 * away or was too slow, 6 a tenant throttled below the configured limit, 130/143 interrupted) and from the kit's own failures (7 the kit failed, 8 the
 * output folder cannot be written, 9 a baseline cannot be read), and drift from the baseline (5, only
 * with KIT_FAIL_ON_DRIFT=true). It is computed from the certificate, never from another run's results:
 * the outputs of the previous run are cleared before this one starts.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import {
  caTrustEnvironment,
  describedListingLine,
  EXIT,
  loadDotEnvUnlessIgnored,
  mayWrite,
  readDeclaredDeviations,
  readDescribedListing,
  readTargetContract,
  readTimeouts,
} from '../config/index.ts';
import {
  PlaywrightArgumentError,
  type PlaywrightArguments,
  readPlaywrightArguments,
} from '../config/playwright-arguments.ts';
import { defaultWorkers, workersOfArguments } from '../config/run-workers.ts';
import {
  contractVariable,
  KIT_CONSOLE_REPORTER,
  KIT_OUTPUT_DIR,
  KIT_ROUND_TRIP_MS,
} from '../config/settings/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { describeRequestBudget, requestBudgetReport, sumRequestStats } from '../pacing/request-budget.ts';
import { buildReport } from '../reports/allure/build-report.ts';
import { certificateStep } from '../reports/certificate/write-certificate.ts';
import type { FoundProfile } from '../reports/profile/files.ts';
import { ComparisonInputError, compareWithBaseline, loadProfileOf } from '../reports/release-gate/gate.ts';
import { type CompareSettings, readCompareSettings } from '../reports/release-gate/settings.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { ensureWritable, OutputUnwritableError } from '../utilities/output-folder.ts';
import { outputPaths, outputRoot } from '../utilities/output-paths.ts';
import { closingLines } from './closing-lines.ts';
import { runPlaywrightChild } from './playwright-cli.ts';
import { PreflightError, preflight } from './preflight.ts';
import { declarationLines, exitCodeOfRun, unansweredLines } from './run-ending.ts';
import { describeRunPlan, runPlan } from './run-plan.ts';
import { listSelected, type Selection, selectedChecks } from './selection.ts';

const PLAYWRIGHT_CONFIG = ['test', '-c', join(KIT_ROOT, 'playwright.config.ts')];

/** Reporters that print the run to the console: the kit's own `list` steps aside for them. */
const CONSOLE_REPORTERS = new Set(['list', 'line', 'dot', 'github', 'null', 'failures']);

/**
 * The conformance run; returns its exit code. `say` tells what the run does (stdout); `fail` why it
 * stopped or could not run (stderr, where a pipeline's log shows errors).
 */
export const runConformance = async (
  argv: readonly string[],
  say: SayLine,
  fail: SayLine = say,
): Promise<number> => {
  let args: PlaywrightArguments;
  try {
    args = readPlaywrightArguments(argv);
  } catch (error) {
    if (!(error instanceof PlaywrightArgumentError)) throw error;
    fail(`${error.message}; nothing was sent`);
    return EXIT.badConfiguration;
  }
  // Before anything reads the output paths: every output of the run, Playwright's included, goes there.
  if (args.output !== undefined) KIT_OUTPUT_DIR.write(resolve(args.output));
  if (args.deviations !== undefined)
    contractVariable(CONTRACT_VARIABLES.declaredDeviations).write(resolve(args.deviations));
  if (args.openapi !== undefined)
    contractVariable(CONTRACT_VARIABLES.providerDescription).write(resolve(args.openapi));
  // `--reporter`, as in Playwright, replaces: the kit's console reporter steps aside, and only the
  // reporters that write what the certificate, the report and CI read stay. `--add-reporter` adds,
  // and a console reporter added that way takes the console too, so the run is not printed twice.
  const replaces = args.options.some((option) => option.spec.long === '--reporter');
  if (replaces || args.reporters.some((name) => CONSOLE_REPORTERS.has(name)))
    KIT_CONSOLE_REPORTER.write('user');
  if (args.list) return listChecks(args, say, fail);

  let settings: CompareSettings;
  let workerArguments: string[] = [];
  // Read before the run: a wrong path stops it at once, and a baseline in the output folder is read
  // before the run writes over it.
  let baseline: FoundProfile | undefined;
  try {
    loadDotEnvUnlessIgnored();
    const contract = readTargetContract();
    const declared = readDeclaredDeviations();
    if (declared) {
      say(
        `${CONTRACT_VARIABLES.declaredDeviations}: ${declared.deviations.length} declared deviation${declared.deviations.length === 1 ? '' : 's'} in ${declared.file} (${declared.deviations.map((d) => d.rule).join(', ')}): shown as declared in the certificate, not gating the exit code`,
      );
    }
    const described = readDescribedListing();
    if (described) say(describedListingLine(described));
    settings = readCompareSettings();
    ensureWritable(outputRoot(), args.output !== undefined ? '--output' : undefined);
    if (settings.baseline) {
      baseline = loadProfileOf('KIT_BASELINE', settings.baseline);
      say(
        `KIT_BASELINE: the run will be compared with ${baseline.profile.run.runId ?? 'a run'} (${baseline.source})`,
      );
    }
    contractVariable(CONTRACT_VARIABLES.runId).write(
      contract.kind === 'remote' ? contract.target.runId : contract.runId,
    );
    readTimeouts();
    // What the filters select, before anything starts: nothing selected is refused here, and the
    // plan and the workers are those of the checks that will run.
    const chosen = await selectedChecks(args);
    // With --pass-with-no-tests the run goes on, as asked, and leaves a run of nothing (no certificate).
    if (chosen?.selected.length === 0 && !args.passWithNoTests) {
      fail(
        `NO CHECK SELECTED: ${args.filters.join(', ')} matches no check of the suite; nothing was started or sent`,
      );
      return EXIT.badConfiguration;
    }
    const selection = chosen?.selection;
    if (selection) say(`plan: ${plural(selection.checks, 'check')} selected by ${args.filters.join(', ')}`);
    const asked = workersOfArguments(args.forPlaywright);
    /** The workers the run gets: Playwright starts no more than it has groups of checks to give. */
    const workersFor = (embedded: boolean): number => {
      const workers = asked ?? defaultWorkers(embedded);
      if (!selection || selection.groups >= workers) return workers;
      workerArguments = [`--workers=${Math.max(1, selection.groups)}`];
      return Math.max(1, selection.groups);
    };
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
      const { roundTripMs, bodiesBreakPart7 } = await preflight(target);
      KIT_ROUND_TRIP_MS.write(String(Math.max(1, roundTripMs)));
      const timeouts = readTimeouts();
      if (bodiesBreakPart7) say(`preflight: ${bodiesBreakPart7}`);
      say(
        `preflight: the service answers, round trip ${roundTripMs} ms; a request without an answer after ${timeouts.requestMs / 1000} s is not run, a check stops after ${timeouts.testMs / 1000} s`,
      );
      const plan = runPlan({
        limits: target.limits,
        embedded: target.embedded,
        workers: workersFor(target.embedded),
        roundTripMs,
        tenantB: target.tenantB !== undefined,
        rateLimitTenant: target.rateLimitTenant !== undefined,
        readOnly: !mayWrite(target),
        ...planSelection(selection),
      });
      for (const line of describeRunPlan(plan, target.embedded)) say(line);
    } else {
      say(`no ${CONTRACT_VARIABLES.baseUrl}: starting the reference server, run ${contract.runId}`);
      const plan = runPlan({
        limits: contract.limits,
        embedded: true,
        workers: workersFor(true),
        roundTripMs: undefined,
        tenantB: true,
        rateLimitTenant: true,
        readOnly: false,
        ...planSelection(selection),
      });
      for (const line of describeRunPlan(plan, true)) say(line);
    }
  } catch (error) {
    // A configuration error or an unwritable output folder ends in the command runner (cli/runner.ts).
    if (error instanceof PreflightError) {
      fail(error.message);
      return error.exitCode;
    }
    if (error instanceof ComparisonInputError) {
      fail(`BASELINE UNREADABLE: ${error.message}; nothing was sent`);
      return EXIT.comparisonUnreadable;
    }
    throw error;
  }
  const started = Date.now();
  try {
    clearPreviousRun();
  } catch (error) {
    fail(new OutputUnwritableError(outputRoot(), error).message);
    return EXIT.outputUnwritable;
  }
  const playwright = await runPlaywrightChild([
    ...PLAYWRIGHT_CONFIG,
    ...args.forPlaywright,
    ...workerArguments,
  ]);
  const paths = outputPaths();
  if (!playwright.signal) {
    const unrun = await unrunVerdict(paths.results, playwright.code, args, say, fail);
    if (unrun !== undefined) return unrun;
  }
  // The run's own request budget: what each tenant was sent, and any 429 met outside @ratelimit.
  const contract = readTargetContract();
  const limits = contract.kind === 'remote' ? contract.target.limits : contract.limits;
  const runId = contractVariable(CONTRACT_VARIABLES.runId).read();
  const stats = sumRequestStats(paths.requestStats, runId);
  const budget = requestBudgetReport(stats, limits, { runId });
  mkdirSync(paths.conformance, { recursive: true });
  writeFileSync(paths.requestBudget, `${JSON.stringify(budget, null, 2)}\n`);
  for (const line of describeRequestBudget(budget)) say(line);
  const certificate = await certificateStep(say);
  for (const line of declarationLines(certificate)) say(line);
  for (const line of unansweredLines(certificate)) fail(line);
  const runCode = exitCodeOfRun(
    { signal: playwright.signal, code: playwright.code },
    certificate,
    budget.breaches.length > 0,
    say,
    fail,
  );
  const closing = () => {
    for (const line of closingLines(paths, { started, compared: baseline !== undefined })) say(line);
  };
  if (playwright.signal) {
    closing();
    return runCode;
  }
  const compared = baseline ? compareRun(baseline, settings, runCode, say) : runCode;
  const code = args.report ? await withReport(compared, say) : compared;
  closing();
  return code;
};

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

const planSelection = (selection: Selection | undefined) => (selection ? { selection } : {});

/**
 * `--report`: the Allure report of the run just ended. A deviation or drift is what a report is for;
 * a run that could not happen leaves nothing new to report. The run's own code outranks the report's.
 */
const withReport = async (code: number, say: SayLine): Promise<number> => {
  if (code !== EXIT.ok && code !== EXIT.deviation && code !== EXIT.drift) {
    say(`report: not built: the run could not happen (exit ${code})`);
    return code;
  }
  const report = await buildReport();
  return code !== EXIT.ok ? code : report.code;
};

/** The comparison with KIT_BASELINE; a deviation of the run itself outranks drift from the baseline. */
const compareRun = (
  baseline: FoundProfile,
  settings: CompareSettings,
  runCode: number,
  say: SayLine,
): number => {
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
    if (!(error instanceof ComparisonInputError)) throw error;
    compare(`not compared: ${error.message}`);
    compareCode = EXIT.comparisonUnreadable;
  }
  return runCode !== EXIT.ok ? runCode : compareCode;
};

/**
 * `--list`: the checks the arguments select, listed by Playwright and nothing else: no preflight, no
 * request, no certificate, and the previous run's outputs left as they are (the kit's own reporters,
 * which write them, are replaced by the listing's).
 */
const listChecks = async (args: PlaywrightArguments, say: SayLine, fail: SayLine): Promise<number> => {
  loadDotEnvUnlessIgnored();
  readTargetContract();
  const reporter = `--reporter=${args.reporters.length > 0 ? args.reporters.join(',') : 'list'}`;
  const listed = await runPlaywrightChild([
    ...PLAYWRIGHT_CONFIG,
    ...args.forPlaywright.filter((argument) => !argument.startsWith('--add-reporter=')),
    reporter,
  ]);
  if (listed.signal) return listed.signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
  if (listed.code === 0) {
    say('listed only: nothing was run, no certificate written');
    return EXIT.ok;
  }
  if (args.filters.length > 0) {
    fail(`NO CHECK SELECTED: ${args.filters.join(', ')} matches no check of the suite`);
    return EXIT.badConfiguration;
  }
  fail(`KIT FAILURE: Playwright could not list the suite (exit ${listed.code}); the lines above say why`);
  return EXIT.kitFailure;
};

/**
 * The exit code of a run that checked nothing, or undefined when it ran checks: Playwright ended
 * without its results (the kit failed), or the filters selected no check (the arguments are wrong,
 * unless --pass-with-no-tests asked for that to pass). Which of the two is told by listing the checks
 * the filters select, not by reading Playwright's messages.
 */
const unrunVerdict = async (
  resultsFile: string,
  playwrightCode: number,
  args: PlaywrightArguments,
  say: SayLine,
  fail: SayLine,
): Promise<number | undefined> => {
  const report = readReport(resultsFile);
  if (!report) {
    fail(
      `KIT FAILURE: Playwright ended (exit ${playwrightCode}) without writing its results to ${resultsFile}: the kit failed, not the target; the lines above say why`,
    );
    return EXIT.kitFailure;
  }
  const stats = report.stats;
  const tests = stats ? stats.expected + stats.unexpected + stats.flaky + stats.skipped : 0;
  if (tests > 0) return undefined;
  const filters = args.filters.length > 0 ? args.filters.join(', ') : undefined;
  const selected = await countSelected(args);
  if (selected !== 0) {
    fail(
      `KIT FAILURE: Playwright ended (exit ${playwrightCode}) without running any of the ${selected ?? 'selected'} checks: the kit failed, not the target; the lines above say why`,
    );
    return EXIT.kitFailure;
  }
  if (args.passWithNoTests) {
    say(
      `no check selected${filters ? ` by ${filters}` : ''} (--pass-with-no-tests): nothing was checked, no certificate written`,
    );
    return EXIT.ok;
  }
  if (filters) {
    fail(`NO CHECK SELECTED: ${filters} matches no check of the suite; nothing was checked`);
    return EXIT.badConfiguration;
  }
  fail('KIT FAILURE: the run found no check to run at all; the lines above say why');
  return EXIT.kitFailure;
};

/** How many checks the arguments select (`playwright test --list`), or undefined if it cannot tell. */
const countSelected = async (args: PlaywrightArguments): Promise<number | undefined> =>
  (await listSelected(args))?.length;

const readReport = (path: string): JSONReport | undefined => {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as JSONReport;
  } catch {
    return undefined;
  }
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
