/**
 * Runs one fast-check property inside a Playwright test, the way the kit's properties behave
:
 * - the number of runs comes from the target (property-runs.ts), and a property that runs out of
 *   time stops early rather than blow the test's timeout; one that completed fewer runs than planned
 *   proves nothing about the rest and is *inconclusive*: never passed, shown as such everywhere;
 * - `FC_SEED` / `FC_PATH` replay a run or exactly one counterexample;
 * - a failure prints the seed, the path and the commands that replay it, and attaches the shrunk
 *   counterexample: its requests as curl commands (token redacted), what was expected, and what
 *   came back;
 * - a target that stops answering stops the property at once instead of being "shrunk" against;
 * - a failure is shrunk only within what the property had left of its runs (shrink-budget.ts), so a
 *   broken deployment's property costs no more requests than a conforming one's.
 */
import type { TestInfo } from '@playwright/test';
import * as fc from 'fast-check';
import { readTimeouts, type Target } from '../../config/index.ts';
import { KIT_TEST_TIMEOUT_SECONDS } from '../../config/settings/index.ts';
import { describeViolations, type Violation } from '../../oracle/index.ts';
import { RunStoppedError } from '../../pacing/run-guard.ts';
import { attachWithoutStep } from '../../run-records/attach-without-step.ts';
import { markInconclusive } from '../../run-records/check-record-writer.ts';
import { redact } from '../../utilities/redaction.ts';
import type { ExchangeHistory } from '../transport/exchange-log.ts';
import { NoResponseError } from '../transport/service-client.ts';
import { recordViolations } from '../verdicts/verdicts.ts';
import { PropertyViolation } from './property-checks.ts';
import {
  commandsReplayPathOf,
  curlScript,
  describeFailedRun,
  type FailedRun,
  replayEnvironment,
  replayInstructions,
} from './property-report.ts';
import { type PropertyCost, type RunSettings, remotePropertyTimeMs, runSettings } from './property-runs.ts';
import { type ShrinkBudget, shrinkBudget } from './shrink-budget.ts';

export { replayInstructions } from './property-report.ts';

/** What a predicate can leave for the report of its run, should it be the failing one. */
export interface RunNotes {
  /** A labelled piece of context: the expected verdict, the model's state, … */
  note(label: string, text: string): void;
}

export interface PropertyOptions<T> {
  readonly target: Target;
  /** The test's exchanges fixture: the requests of the shrunk run are read from it. */
  readonly exchanges: ExchangeHistory;
  readonly cost: PropertyCost;
  readonly arbitrary: fc.Arbitrary<T>;
  readonly predicate: (value: T, notes: RunNotes) => Promise<void>;
  /** How the counterexample reads in the report; fast-check's own rendering when absent. */
  readonly show?: (value: T) => string;
  /**
   * Credits the shrunk counterexample's violations, once, after shrinking: a body of several faults
   * is taken apart (faults-apart.ts), so that a 5xx goes to the fault that caused it and not to every
   * fault a shrink cut short by its budget left in the body. Its requests join the counterexample's.
   */
  readonly credit?: (value: T, violations: readonly Violation[]) => Promise<readonly Violation[]>;
}

/** What a user can do about an inconclusive property (also in the README). */
export const INCONCLUSIVE_ADVICE = 'give it more time (KIT_TEST_TIMEOUT_SECONDS) or fewer runs (FC_RUNS)';

/** Time the test keeps after the property for the fixtures' checks and attachments. */
export const TEARDOWN_MARGIN_MS = 15_000;
const MIN_PROPERTY_TIME_MS = 5_000;

const stopsTheRun = (error: unknown): boolean =>
  error instanceof NoResponseError || error instanceof RunStoppedError;

/** The predicate fast-check runs, and what it kept of the failures it met until the check settled. */
interface Watched<T> {
  readonly predicate: (value: T) => Promise<void>;
  /** The last failure before the check settled: after shrinking, the shrunk counterexample's. */
  lastFailure(): FailedRun<T> | undefined;
  /** The failure that met no answer, if one did: no later run is sent. */
  noAnswer(): FailedRun<T> | undefined;
  settle(): void;
}

/** The options' predicate, run within the shrink budget, keeping each failure's exchanges and notes. */
const watchedPredicate = <T>(options: PropertyOptions<T>, shrinking: ShrinkBudget): Watched<T> => {
  const { exchanges } = options;
  let lastFailure: FailedRun<T> | undefined;
  let noAnswer: FailedRun<T> | undefined;
  let settled = false;
  const predicate = async (value: T): Promise<void> => {
    // A target that gave no answer is not shrunk against: every later run fails at once, unsent.
    if (noAnswer !== undefined)
      throw new Error('not sent: the target stopped answering earlier in this property');
    // Past its budget, shrinking stops with the smallest counterexample found so far, unsent.
    if (!shrinking.mayRun()) throw new fc.PreconditionFailure(true);
    const from = exchanges.length;
    const notes: [string, string][] = [];
    try {
      await options.predicate(value, { note: (label, text) => notes.push([label, text]) });
    } catch (error) {
      if (!settled) {
        shrinking.failed();
        const shown = options.show ? options.show(value) : fc.stringify(value);
        lastFailure = { value, shown, notes, exchanges: exchanges.slice(from), error };
        if (stopsTheRun(error)) noAnswer = lastFailure;
      }
      throw error;
    }
  };
  return {
    predicate,
    lastFailure: () => lastFailure,
    noAnswer: () => noAnswer,
    settle: () => {
      settled = true;
    },
  };
};

/** The shrunk run with its violations credited by the options' `credit`, its requests added. */
const credited = async <T>(options: PropertyOptions<T>, run: FailedRun<T>): Promise<FailedRun<T>> => {
  if (!options.credit || !(run.error instanceof PropertyViolation)) return run;
  const { exchanges } = options;
  const from = exchanges.length;
  try {
    const violations = await options.credit(run.value, run.error.violations);
    return {
      ...run,
      error: new PropertyViolation(describeViolations(violations), violations),
      exchanges: [...run.exchanges, ...exchanges.slice(from)],
    };
  } catch (error) {
    // Without an answer to the requests that take it apart, the shrunk run's own credit stands.
    if (stopsTheRun(error)) return run;
    throw error;
  }
};

/** What the test's `property` annotation says of the run: runs, seed, outcome, requests, time. */
const describeRun = (
  details: fc.RunDetails<unknown>,
  settings: RunSettings,
  shrinking: ShrinkBudget,
  requests: number,
  seconds: string,
): string =>
  `${details.numRuns} of ${settings.numRuns} runs (${settings.source}), seed ${details.seed}${
    settings.path ? `, path ${settings.path}` : ''
  }, ${details.failed ? `failed, ${details.numShrinks} shrinks${shrinking.spent() ? ' (shrink budget spent)' : ''}` : 'passed'}${
    details.interrupted && !shrinking.spent() ? ', interrupted by the time limit' : ''
  }, ${requests} requests, ${seconds} s`;

/** A property that passed fewer runs than planned proves nothing of the rest: inconclusive. */
const markCutShort = (testInfo: TestInfo, completed: number, planned: number, seconds: string): void => {
  if (completed >= planned) return;
  const reason = `the property completed ${completed} of its ${planned} runs before the time limit (${seconds} s); ${INCONCLUSIVE_ADVICE}`;
  markInconclusive(testInfo, 'property-cut-short', reason);
  process.stdout.write(`[property] INCONCLUSIVE ${testInfo.title}: ${reason}\n`);
  testInfo.skip(true, `inconclusive: ${reason}`);
};

/** No answer, no verdict: the property is not run (the client marked it), never failed on a rule. */
const markNoAnswer = <T>(testInfo: TestInfo, run: FailedRun<T>, runs: number): void => {
  attachWithoutStep(
    testInfo,
    'property stopped: the request that got no answer',
    describeFailedRun(run),
    'text/plain',
  );
  testInfo.skip(true, `not run: the target stopped answering after ${runs} run(s) of the property`);
};

/** The shrunk failure becomes the test's: credited, attached with its replay, and thrown. */
const failWith = async <T>(
  options: PropertyOptions<T>,
  testInfo: TestInfo,
  details: fc.RunDetails<unknown>,
  watched: Watched<T>,
  shrinking: ShrinkBudget,
): Promise<never> => {
  const replay = replayInstructions(
    testInfo.title,
    details.seed,
    details.counterexamplePath,
    replayEnvironment(options.target),
    commandsReplayPathOf(details.counterexample),
  );
  const last = watched.lastFailure();
  const shown = last && (await credited(options, last));
  // The shrunk failure is the test's: its violations are credited like a hand-written check's.
  if (shown?.error instanceof PropertyViolation)
    recordViolations(shown.error.violations, shown.exchanges.at(-1));
  if (shown) {
    attachWithoutStep(testInfo, 'property counterexample: requests (curl)', curlScript(shown), 'text/plain');
    attachWithoutStep(
      testInfo,
      'property counterexample: expected and got',
      describeFailedRun(shown),
      'text/plain',
    );
  }
  attachWithoutStep(testInfo, 'property replay', replay, 'text/plain');
  const header = shrinking.spent()
    ? `Shrinking stopped at its budget (${shrinking.budget} runs, what the property had left): the counterexample below is the smallest found so far.`
    : details.interrupted
      ? 'The time limit interrupted shrinking: the counterexample below is the smallest found so far.'
      : undefined;
  const report = [
    `Property failed: ${testInfo.title}`,
    `Failed after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s): { seed: ${details.seed}, path: "${details.counterexamplePath ?? ''}" }`,
    ...(header ? [header] : []),
    '',
    replay,
    '',
    shown ? describeFailedRun(shown) : (fc.defaultReportMessage(details) ?? 'fast-check gave no report'),
  ].join('\n');
  // Printed as well as thrown, so that the seed and the path are in the console output of any reporter.
  process.stdout.write(
    `${redact(`[property] ${testInfo.title}: seed ${details.seed}, path ${details.counterexamplePath ?? '(none)'}\n${replay}`)}\n`,
  );
  throw new PropertyViolation(
    redact(report),
    shown?.error instanceof PropertyViolation ? shown.error.violations : [],
  );
};

/**
 * Against a deployment, makes the check's time limit hold its runs (remotePropertyTimeMs): far away the
 * one run a property makes may take longer than the usual limit, and cutting it short would leave its
 * rules not established by the seed's draw of its length. A limit the user set (KIT_TEST_TIMEOUT_SECONDS)
 * is kept as it is.
 */
export const holdRemoteRuns = (
  testInfo: Pick<TestInfo, 'timeout' | 'setTimeout'>,
  options: { readonly target: Pick<Target, 'limits'>; readonly cost: PropertyCost },
  settings: Pick<RunSettings, 'source' | 'numRuns'>,
  workers: number,
  env: NodeJS.ProcessEnv = process.env,
): void => {
  if (settings.source !== 'remote' || KIT_TEST_TIMEOUT_SECONDS.read(env) !== undefined) return;
  const needed =
    remotePropertyTimeMs(
      options.target.limits.A,
      workers,
      options.cost.requestsPerRun,
      settings.numRuns,
      readTimeouts(env).roundTripMs ?? 0,
    ) + TEARDOWN_MARGIN_MS;
  if (needed > testInfo.timeout) testInfo.setTimeout(needed);
};

/**
 * Checks a property; a failure fails the test with fast-check's report, the replay commands and the
 * shrunk counterexample attached.
 */
export const checkProperty = async <T>(options: PropertyOptions<T>, testInfo: TestInfo): Promise<void> => {
  const started = performance.now();
  const requestsBefore = options.exchanges.length;
  // Shards pace themselves to an equal part of each tenant's budget: a property's runs are sized to the
  // share of its worker among all the shards' workers.
  const workers = testInfo.config.workers * (testInfo.config.shard?.total ?? 1);
  const settings = runSettings(options.target, workers, options.cost);
  holdRemoteRuns(testInfo, options, settings, workers);
  const shrinking = shrinkBudget(settings.numRuns);
  const watched = watchedPredicate(options, shrinking);
  const timeLimit = Math.max(
    MIN_PROPERTY_TIME_MS,
    testInfo.timeout - TEARDOWN_MARGIN_MS - (performance.now() - started),
  );
  const details = await fc.check(fc.asyncProperty(options.arbitrary, watched.predicate), {
    numRuns: settings.numRuns,
    ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
    ...(settings.path !== undefined ? { path: settings.path } : {}),
    plugins: [fc.interruptAfterTimeLimit(timeLimit)],
  });
  watched.settle();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const requests = options.exchanges.length - requestsBefore;
  testInfo.annotations.push({
    type: 'property',
    description: describeRun(details, settings, shrinking, requests, seconds),
  });
  if (!details.failed) return markCutShort(testInfo, details.numRuns, settings.numRuns, seconds);
  const noAnswer = watched.noAnswer();
  if (noAnswer) markNoAnswer(testInfo, noAnswer, details.numRuns);
  return failWith(options, testInfo, details, watched, shrinking);
};
