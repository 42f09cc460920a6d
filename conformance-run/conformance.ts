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
import { join, resolve } from 'node:path';
import { EXIT, loadDotEnvUnlessIgnored, readTargetContract } from '../config/index.ts';
import {
  PlaywrightArgumentError,
  type PlaywrightArguments,
  readPlaywrightArguments,
} from '../config/playwright-arguments.ts';
import { contractVariable, KIT_CONSOLE_REPORTER, KIT_OUTPUT_DIR } from '../config/settings/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { ComparisonInputError } from '../reports/release-gate/gate.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { OutputUnwritableError } from '../utilities/output-folder.ts';
import { outputPaths, outputRoot } from '../utilities/output-paths.ts';
import { runPlaywrightChild } from './playwright-cli.ts';
import { PreflightError } from './preflight.ts';
import { clearPreviousRun } from './previous-run.ts';
import { closeRun } from './run-closing.ts';
import { type RunInputs, readRunInputs } from './run-inputs.ts';
import { listingModeOf, selectedChecks, unlistedSelectionLine } from './selection.ts';
import { prepareTarget } from './target-preparation.ts';
import { unrunVerdict } from './unrun-verdict.ts';

const PLAYWRIGHT_CONFIG = ['test', '-c', join(KIT_ROOT, 'playwright.config.ts')];

/** Reporters that print the run to the console: the kit's own `list` steps aside for them. */
const CONSOLE_REPORTERS = new Set(['list', 'line', 'dot', 'github', 'null', 'failures']);

/**
 * The conformance run; returns its exit code. `say` tells what the run does (stdout); `fail` why it
 * stopped or could not run (stderr, where a pipeline's log shows errors). Its steps: read the
 * arguments, set what they set, read the inputs, select the checks, ready the target and say the plan,
 * run Playwright, close the run.
 */
export const runConformance = async (
  argv: readonly string[],
  say: SayLine,
  fail: SayLine = say,
): Promise<number> => {
  const args = readArguments(argv, fail);
  if (typeof args === 'number') return args;
  applyArguments(args);
  if (args.list) return listChecks(args, say, fail);
  const prepared = await prepareRun(args, say, fail);
  if (typeof prepared === 'number') return prepared;
  return executeRun(args, prepared, say, fail);
};

/** The Playwright arguments, or the exit code of arguments that cannot be read. */
const readArguments = (argv: readonly string[], fail: SayLine): PlaywrightArguments | number => {
  try {
    return readPlaywrightArguments(argv);
  } catch (error) {
    if (!(error instanceof PlaywrightArgumentError)) throw error;
    fail(`${error.message}; nothing was sent`);
    return EXIT.badConfiguration;
  }
};

/** What the arguments set for the whole run, before anything reads the output paths. */
const applyArguments = (args: PlaywrightArguments): void => {
  // Every output of the run, Playwright's included, goes to --output.
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
};

interface PreparedRun extends RunInputs {
  /** Playwright's arguments besides the user's (a worker count the selection caps). */
  readonly extraArguments: readonly string[];
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Everything before the first check: the inputs, the checks the filters select (nothing selected is
 * refused here), the target readied and the plan said. Returns the exit code of a run that stops here.
 */
const prepareRun = async (
  args: PlaywrightArguments,
  say: SayLine,
  fail: SayLine,
): Promise<PreparedRun | number> => {
  try {
    const inputs = readRunInputs(args, say);
    const chosen = await selectedChecks(args, listingModeOf(inputs.contract));
    // With --pass-with-no-tests the run goes on, as asked, and leaves a run of nothing (no certificate).
    if (chosen?.selected.length === 0 && !args.passWithNoTests) {
      fail(
        `NO CHECK SELECTED: ${args.filters.join(', ')} matches no check of the suite; nothing was started or sent`,
      );
      return EXIT.badConfiguration;
    }
    const selection = chosen?.selection;
    if (selection) say(`plan: ${plural(selection.checks, 'check')} selected by ${args.filters.join(', ')}`);
    const unlisted = unlistedSelectionLine(args.filters, chosen);
    if (unlisted) say(unlisted);
    const extraArguments = await prepareTarget(inputs.contract, args, selection, say);
    return { ...inputs, extraArguments };
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
};

/** Runs the checks under Playwright and closes the run; returns its exit code. */
const executeRun = async (
  args: PlaywrightArguments,
  prepared: PreparedRun,
  say: SayLine,
  fail: SayLine,
): Promise<number> => {
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
    ...prepared.extraArguments,
  ]);
  if (!playwright.signal) {
    const unrun = await unrunVerdict(outputPaths().results, playwright.code, args, say, fail);
    if (unrun !== undefined) return unrun;
  }
  return closeRun(
    playwright,
    { started, report: args.report, settings: prepared.settings, baseline: prepared.baseline },
    say,
    fail,
  );
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
