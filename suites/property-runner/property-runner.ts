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
import type { Target } from '../../config/index.ts';
import { REFERENCE_DEPLOYMENT, REFERENCE_MUTANT, REFERENCE_VARIANT } from '../../config/settings/index.ts';
import { describeViolations, type Violation } from '../../oracle/index.ts';
import { RunStoppedError } from '../../pacing/run-guard.ts';
import { attachWithoutStep } from '../../run-records/attach-without-step.ts';
import { markInconclusive } from '../../run-records/check-record-writer.ts';
import {
  describeExchange,
  exchangeTitle,
  type HttpExchange,
  toCurl,
} from '../../run-records/http-exchange.ts';
import { escapeRegExp } from '../../utilities/escape-pattern.ts';
import { redact } from '../../utilities/redaction.ts';
import type { ExchangeHistory } from '../transport/exchange-log.ts';
import { NoResponseError } from '../transport/service-client.ts';
import { recordViolations } from '../verdicts/verdicts.ts';
import { EXCHANGE_SEPARATOR, PropertyViolation } from './property-checks.ts';
import {
  COMMANDS_REPLAY_VARIABLE,
  type PropertyCost,
  type RunSettings,
  runSettings,
} from './property-runs.ts';
import { shrinkBudget } from './shrink-budget.ts';

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

interface FailedRun<T> {
  readonly value: T;
  /** The counterexample as the report shows it. */
  readonly shown: string;
  readonly notes: readonly (readonly [string, string])[];
  readonly exchanges: readonly HttpExchange[];
  readonly error: unknown;
}

/** What a user can do about an inconclusive property (also in the README). */
export const INCONCLUSIVE_ADVICE = 'give it more time (KIT_TEST_TIMEOUT_SECONDS) or fewer runs (FC_RUNS)';

/** Time the test keeps after the property for the fixtures' checks and attachments. */
const TEARDOWN_MARGIN_MS = 15_000;
const MIN_PROPERTY_TIME_MS = 5_000;

const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/** The environment a replay needs besides FC_SEED / FC_PATH: the reference server's mutant, variant or deployment. */
const replayEnvironment = (target: Target): string[] =>
  target.embedded
    ? [REFERENCE_MUTANT, REFERENCE_VARIANT, REFERENCE_DEPLOYMENT]
        .filter((setting) => setting.read())
        .map((setting) => `${setting.name}=${shellQuote(setting.read() ?? '')}`)
    : [];

/** The commands that replay a failure: exactly the counterexample, and the whole run. README-ready. */
export const replayInstructions = (
  title: string,
  seed: number,
  path: string | null,
  extraEnvironment: readonly string[] = [],
  commandsReplayPath?: string,
): string => {
  const grep = `--grep ${shellQuote(escapeRegExp(title))}`;
  const command = (variables: readonly string[]) =>
    [...extraEnvironment, ...variables, 'npx tsx cli/commands/conformance.ts', grep].join(' ');
  const lines: string[] = [];
  if (path !== null) {
    const commands = commandsReplayPath
      ? [`${COMMANDS_REPLAY_VARIABLE}=${shellQuote(commandsReplayPath)}`]
      : [];
    lines.push(
      `Replay exactly this counterexample (seed ${seed}, path ${path}):`,
      `  ${command([`FC_SEED=${seed}`, `FC_PATH=${path}`, ...commands])}`,
    );
  }
  lines.push(`Replay the whole run of this property (seed ${seed}):`, `  ${command([`FC_SEED=${seed}`])}`);
  lines.push(
    '(The same variables work with `npx playwright test`; against a real deployment keep the same target contract: .env or the TARGET_* / TENANT_* variables.)',
  );
  return lines.join('\n');
};

/** The error of a run; a violation's exchange is left out, since the run's requests follow in full. */
const errorText = (error: unknown): string =>
  error instanceof PropertyViolation
    ? (error.message.split(EXCHANGE_SEPARATOR)[0] ?? error.message)
    : error instanceof Error
      ? `${error.name}: ${error.message}`
      : String(error);

const describeFailedRun = <T>(run: FailedRun<T>): string => {
  const parts = [`Counterexample (shrunk):\n${run.shown}`];
  for (const [label, text] of run.notes) parts.push(`${label}:\n${text}`);
  parts.push(`What went wrong:\n${errorText(run.error)}`);
  run.exchanges.forEach((exchange, index) => {
    parts.push(`--- request ${index + 1} of ${run.exchanges.length} ---\n${describeExchange(exchange)}`);
  });
  return redact(parts.join('\n\n'));
};

const curlScript = <T>(run: FailedRun<T>): string =>
  redact(
    [
      '# The requests of the shrunk counterexample, in order (token redacted).',
      ...run.exchanges.map(
        (exchange, index) => `# ${index + 1}. ${exchangeTitle(exchange)}\n${toCurl(exchange.request)}`,
      ),
    ].join('\n\n'),
  );

/**
 * Checks a property; a failure fails the test with fast-check's report, the replay commands and the
 * shrunk counterexample attached.
 */
export const checkProperty = async <T>(options: PropertyOptions<T>, testInfo: TestInfo): Promise<void> => {
  const started = performance.now();
  const requestsBefore = options.exchanges.length;
  // Shards pace themselves to an equal part of each tenant's budget: a property's runs are sized to the
  // share of its worker among all the shards' workers.
  const settings: RunSettings = runSettings(
    options.target,
    testInfo.config.workers * (testInfo.config.shard?.total ?? 1),
    options.cost,
  );
  const { exchanges } = options;
  let lastFailure: FailedRun<T> | undefined;
  let noAnswer: FailedRun<T> | undefined;
  let settled = false;
  const shrinking = shrinkBudget(settings.numRuns);

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
        if (error instanceof NoResponseError || error instanceof RunStoppedError) noAnswer = lastFailure;
      }
      throw error;
    }
  };

  const credited = async (run: FailedRun<T>): Promise<FailedRun<T>> => {
    if (!options.credit || !(run.error instanceof PropertyViolation)) return run;
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
      if (error instanceof NoResponseError || error instanceof RunStoppedError) return run;
      throw error;
    }
  };

  const timeLimit = Math.max(
    MIN_PROPERTY_TIME_MS,
    testInfo.timeout - TEARDOWN_MARGIN_MS - (performance.now() - started),
  );
  const details = await fc.check(fc.asyncProperty(options.arbitrary, predicate), {
    numRuns: settings.numRuns,
    ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
    ...(settings.path !== undefined ? { path: settings.path } : {}),
    plugins: [fc.interruptAfterTimeLimit(timeLimit)],
  });
  settled = true;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  testInfo.annotations.push({
    type: 'property',
    description: `${details.numRuns} of ${settings.numRuns} runs (${settings.source}), seed ${details.seed}${
      settings.path ? `, path ${settings.path}` : ''
    }, ${details.failed ? `failed, ${details.numShrinks} shrinks${shrinking.spent() ? ' (shrink budget spent)' : ''}` : 'passed'}${
      details.interrupted && !shrinking.spent() ? ', interrupted by the time limit' : ''
    }, ${exchanges.length - requestsBefore} requests, ${seconds} s`,
  });
  if (!details.failed) {
    if (details.numRuns < settings.numRuns) {
      const reason = `the property completed ${details.numRuns} of its ${settings.numRuns} runs before the time limit (${seconds} s); ${INCONCLUSIVE_ADVICE}`;
      markInconclusive(testInfo, 'property-cut-short', reason);
      process.stdout.write(`[property] INCONCLUSIVE ${testInfo.title}: ${reason}\n`);
      testInfo.skip(true, `inconclusive: ${reason}`);
    }
    return;
  }

  if (noAnswer) {
    // No answer, no verdict: the property is not run (the client marked it), never failed on a rule.
    attachWithoutStep(
      testInfo,
      'property stopped: the request that got no answer',
      describeFailedRun(noAnswer),
      'text/plain',
    );
    testInfo.skip(
      true,
      `not run: the target stopped answering after ${details.numRuns} run(s) of the property`,
    );
  }
  // fc.commands prints the commands that ran with a replayPath, which an exact replay needs as well.
  const commandsReplayPath = /replayPath="([^"]+)"/.exec(fc.stringify(details.counterexample))?.[1];
  const replay = replayInstructions(
    testInfo.title,
    details.seed,
    details.counterexamplePath,
    replayEnvironment(options.target),
    commandsReplayPath,
  );
  const shown = lastFailure && (await credited(lastFailure));
  // The shrunk failure is the test's: its violations are credited like a hand-written check's.
  if (shown?.error instanceof PropertyViolation) {
    recordViolations(shown.error.violations, shown.exchanges.at(-1));
  }
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
