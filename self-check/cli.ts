/**
 * `fei-kit self-check [options]`: scores the conformance suite against the conforming reference
 * server, every variant (must pass) and every mutant (must be caught), prints the matrix, writes it
 * as JSON and Markdown under <output>/self-check/, and ends with 1 when a mutant survives, a variant or
 * the reference fails, or a run proves nothing (an error). A weakly caught mutant is reported but does
 * not fail the self-check. Its options are listed by cli/commands/self-check.ts.
 */

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ConfigError, durationOptionSeconds } from '../config/index.ts';
import {
  SELF_CHECK_CONCURRENCY,
  SELF_CHECK_LOAD_CONCURRENCY,
  SELF_CHECK_MUTANT_FC_RUNS,
} from '../config/settings/index.ts';
import { describeWholeNumber, parseWholeNumber, SHARED_LIMIT_VARIABLES } from '../contract/index.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { answersText, mutantAnswersText } from './answers.ts';
import { plannedClientRows, runClientRows } from './client-rows.ts';
import {
  clientAsReportStats,
  clientMatrixPasses,
  clientTotalsLine,
  renderClientMarkdown,
  renderClientText,
} from './client-verdicts.ts';
import { faultTotalsLine, plannedFaultRows, runFaultRows } from './fault-rows.ts';
import { loadTotalsLine } from './load-render.ts';
import { plannedLoadRows, runLoadRows } from './load-rows.ts';
import { loadAsReportStats, loadMatrixPasses } from './load-verdicts.ts';
import {
  buildMatrix,
  type CompletedRun,
  conformingEntry,
  deploymentEntry,
  exitCodeOf,
  matrixAsReportStats,
  mutantEntry,
  type StageOutcome,
} from './matrix.ts';
import { type PlannedRun, planRuns, UNTHROTTLED_LIMIT } from './plan.ts';
import { deploymentText, renderMarkdown, renderText, totalsLine } from './render.ts';
import { runServer } from './run-server.ts';
import { batchable, runServerBatch } from './server-batch.ts';

export interface SelfCheckOptions {
  readonly only?: string;
  readonly concurrency?: string;
  readonly full?: boolean;
  readonly 'mutant-fc-runs'?: string;
  readonly timeout?: string;
  readonly 'no-load'?: boolean;
  readonly 'load-concurrency'?: string;
  readonly 'no-batch'?: boolean;
  readonly 'no-clients'?: boolean;
  readonly 'no-faults'?: boolean;
}

const positive = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const value = parseWholeNumber(text, { min: 1 });
  if (value === undefined)
    throw new ConfigError(`${name} must be ${describeWholeNumber({ min: 1 })}; got "${text}"`);
  return value;
};

const progressOf = (done: CompletedRun): string => {
  const { run } = done;
  if (run.server.kind === 'mutant') {
    const entry = mutantEntry(done);
    const by = entry.caughtByRules.map((r) => r.ruleId).join(', ');
    const verdict =
      entry.verdict === 'error'
        ? `ERROR ${entry.problem}`
        : entry.verdict === 'survived'
          ? 'SURVIVED'
          : `${entry.verdict === 'caught' ? 'caught' : 'WEAKLY caught'} by ${by}`;
    const answers = mutantAnswersText(entry.answers);
    return `${run.id}: ${verdict}${answers ? `; ${answers}` : ''} (${Math.round(entry.seconds)} s)`;
  }
  if (run.server.kind === 'deployment') {
    const entry = deploymentEntry(done);
    return `${run.id}: ${entry.verdict === 'as-declared' ? 'as declared' : entry.verdict.toUpperCase()}, ${deploymentText(entry)} (${Math.round(entry.seconds)} s)`;
  }
  const entry = conformingEntry(done);
  const { passed, failed } = entry.counts;
  return `${run.id}: ${entry.verdict === 'passed' ? 'passed' : entry.verdict.toUpperCase()} (${passed} passed, ${failed} failed, ${answersText(entry.answers)}, ${Math.round(entry.seconds)} s)${entry.problem ? ` ${entry.problem}` : ''}`;
};

/**
 * Client rows at a time: each a reference server and a small client, about a third of a core, whose
 * timing rules (delays, time-outs) hold with five side by side on two cores.
 */
const CLIENT_CONCURRENCY = 5;

/** The self-check; returns 0 when every row of the matrix is as it must be, 1 otherwise. */
export const runSelfCheck = async (values: SelfCheckOptions, say: SayLine): Promise<number> => {
  const started = performance.now();
  const OUTPUT_ROOT = outputPaths().selfCheck;
  const loadConcurrency =
    positive('--load-concurrency', values['load-concurrency'] ?? SELF_CHECK_LOAD_CONCURRENCY.read()) ??
    // Five k6 runs at a time keep 2 cores about 1.3 busy: none drops an iteration, and the 15 rows take
    // three rounds instead of five.
    5;
  const concurrency =
    positive('--concurrency', values.concurrency ?? SELF_CHECK_CONCURRENCY.read()) ??
    availableParallelism() + 1;
  const mutantPropertyRuns = positive(
    '--mutant-fc-runs',
    values['mutant-fc-runs'] ?? SELF_CHECK_MUTANT_FC_RUNS.read(),
  );
  // The rate-limit checks mostly wait for a window to pass: as many workers as the others end theirs
  // well before the others end (a worker more is a second of CPU more).
  const rateLimitConcurrency = concurrency;
  const timeoutSeconds = durationOptionSeconds('--timeout', values.timeout) ?? 900;
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const runs: PlannedRun[] = planRuns({ full: values.full ?? false, mutantPropertyRuns, only });
  const loadRuns = plannedLoadRows(only);
  const clientRows = plannedClientRows(only);
  const faultRows = plannedFaultRows(only);
  if (runs.length === 0 && loadRuns.length === 0 && clientRows.length === 0 && faultRows.length === 0)
    throw new ConfigError(`--only ${values.only} matches no server`);

  const notes = [
    'the reference, every variant and every deployment get every check (conformance and rate-limit projects), at the embedded settings',
    "the reference's and every variant's server records every answer of its run (answers.jsonl in the run's folder), and each answer must validate against the kit's OpenAPI document; a mutant whose answers have the wrong shape records them too, and the document must refuse some; a deployment's answers are not validated (it deviates from the spec as it documents)",
    ...(values.full
      ? ['every mutant gets every check too, in one stage (--full)']
      : [
          `a mutant of the rate limit gets the rate-limit checks only; every other mutant the conformance checks only, unthrottled (${SHARED_LIMIT_VARIABLES.requestsPerWindow}=${UNTHROTTLED_LIMIT}): a mutant of another area cannot change rate limiting, and the rate limit is not what its run is about`,
          'a mutant gets the checks of its declared rules first; every other check runs only when none of those failed (to tell weakly caught from survived), so "caught by" lists the declared rules\' checks that failed; --full lists every check that fails',
        ]),
    ...(mutantPropertyRuns ? [`properties run ${mutantPropertyRuns} times each against mutants`] : []),
    values.full || values['no-batch']
      ? 'each run is one Playwright invocation per stage, with its own output folder under fei-kit-output/self-check/<run>/'
      : "each run is one Playwright invocation per stage, with its own output folder under fei-kit-output/self-check/<run>/, except the variants' runs and the mutants' first stage: one invocation for all of them, each against its own server, each worker serving a share of the servers one check after another (the rate-limit checks on workers of their own, beside the others), a failed check keeping its worker (fei-kit-output/self-check/server-batch/); the reference and the deployments run as a user runs the suite",
    ...(loadRuns.length && !values['no-load']
      ? [
          `${loadRuns.length} load rows: each one k6 run of a load script (a limit of 40 per 2 s window), ${loadConcurrency} at a time, before the suite's runs (a load generator starved of CPU sends in bursts), in fei-kit-output/self-check/load-<script>-<server>/`,
        ]
      : []),
  ];

  rmSync(OUTPUT_ROOT, { recursive: true, force: true });
  mkdirSync(OUTPUT_ROOT, { recursive: true });
  say(
    `${runs.length} runs, ${concurrency} at a time${loadRuns.length && !values['no-load'] ? `, and ${loadRuns.length} load rows` : ''}; outputs under ${OUTPUT_ROOT}`,
  );
  for (const note of notes) say(`· ${note}`);

  const children = new Set<number>();
  const stopAll = (signal: NodeJS.Signals): void => {
    for (const pid of children) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', stopAll).once('SIGTERM', stopAll);
  /** Keeps a child's process group in `children` while it runs, to stop it on Ctrl-C. */
  const trackedChild = () => {
    let pid: number | undefined;
    return (child: number | undefined): void => {
      if (child !== undefined) {
        pid = child;
        children.add(child);
      } else if (pid !== undefined) children.delete(pid);
    };
  };

  // The variants, and the mutants' first stage, in one Playwright invocation (server-batch.ts); the
  // reference, the deployments and any later stage, one invocation per run and stage.
  const batched = values.full || values['no-batch'] ? [] : runs.filter(batchable);
  const firstStages = new Map<string, StageOutcome>();
  /** The runs of processes of their own (the reference, the deployments), then the batch's later stages. */
  const queue = runs.filter((run) => !batched.includes(run));
  const completed: CompletedRun[] = [];
  let liveWorkers = 0;
  const worker = async (): Promise<void> => {
    liveWorkers += 1;
    for (let next = queue.shift(); next; next = queue.shift()) {
      const done = await runServer(
        next,
        { outputRoot: OUTPUT_ROOT, timeoutSeconds, onChild: trackedChild() },
        firstStages.get(next.id),
      );
      completed.push(done);
      say(`[${completed.length}/${runs.length}] ${progressOf(done)}`);
    }
    liveWorkers -= 1;
  };
  const runBatch = async (): Promise<void> => {
    if (batched.length === 0) return;
    const { outcomes, problem } = await runServerBatch(batched, {
      outputRoot: OUTPUT_ROOT,
      workers: concurrency,
      rateLimitWorkers: rateLimitConcurrency,
      timeoutSeconds,
      onChild: trackedChild(),
    });
    if (problem)
      say(`${problem}: its servers run one by one (fei-kit-output/self-check/server-batch/playwright.log)`);
    else if (outcomes.size < batched.length)
      say(`${batched.length - outcomes.size} servers ran no check in the batch: they run one by one`);
    for (const run of batched) {
      const first = outcomes.get(run.id);
      if (first) firstStages.set(run.id, first);
      queue.push(run);
    }
  };
  // The load rows go first, on their own: the k6 runs count requests per window of a clock, and a load
  // generator starved of CPU by the suite's runs sends in bursts, which a conforming server may rightly
  // answer differently (a token bucket serves the tokens it saved while the client stalled).
  const load = await runLoadRows(loadRuns, {
    only,
    skip: values['no-load'] ?? false,
    concurrency: loadConcurrency,
    outputRoot: OUTPUT_ROOT,
    timeoutSeconds: 120,
    say,
    onChild: (pid, running) => {
      if (running) children.add(pid);
      else children.delete(pid);
    },
  });
  // The client rows: light runs (a reference server, a small client), before the suite's heavy ones.
  const clients = await runClientRows(clientRows, {
    skip: values['no-clients'] ?? false,
    concurrency: CLIENT_CONCURRENCY,
    outputRoot: OUTPUT_ROOT,
    // The reference server, whatever target the caller's shell names (a base URL would mean proxy mode).
    env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(TARGET_|TENANT_)/.test(name))),
    say,
  });
  // The fault rows: the reference behind a slow, restarting, expiring or refusing proxy (fault-rows.ts).
  const faults = await runFaultRows(faultRows, {
    skip: values['no-faults'] ?? false,
    outputRoot: OUTPUT_ROOT,
    say,
  });
  /** Workers for the queue, up to `concurrency` with those still at work. */
  const workOffQueue = () =>
    Promise.all(Array.from({ length: Math.min(concurrency - liveWorkers, queue.length) }, worker));
  if (batched.length)
    say(
      `${batched.length} variants and mutants in one Playwright invocation: ${concurrency} workers for the conformance checks, ${rateLimitConcurrency} for the rate-limit checks; beside it, the runs of their own`,
    );
  // The runs of their own go beside the batch: the machine's cores are as busy either way, and neither
  // waits for the other's last few seconds. The batch's runs come back to the queue when it ends.
  const rowsOfTheirOwn = workOffQueue();
  await runBatch();
  // Workers of the runs of their own may have ended on an empty queue meanwhile: new ones beside those
  // still at work take the batch's runs.
  await Promise.all([rowsOfTheirOwn, workOffQueue()]);
  const wallSeconds = (performance.now() - started) / 1000;

  const matrix = buildMatrix(completed);
  // The validator's absence (the kit installed as a package) is said once, not on every row.
  const skipped = completed.find((done) => done.answers?.outcome === 'not validated')?.answers;
  if (skipped?.outcome === 'not validated') say(skipped.reason);
  const context = { wallSeconds, concurrency, notes };
  process.stdout.write(`\n${renderText(matrix, context, load)}\n${renderClientText(clients).join('\n')}\n`);
  writeFileSync(
    join(OUTPUT_ROOT, 'matrix.json'),
    `${JSON.stringify({ generatedAt: new Date().toISOString(), wallSeconds: Math.round(wallSeconds), concurrency, notes, ...matrix, load, clients }, null, 2)}\n`,
  );
  writeFileSync(
    join(OUTPUT_ROOT, 'matrix.md'),
    `${renderMarkdown(matrix, context, load)}\n${renderClientMarkdown(clients).join('\n')}\n`,
  );
  // For `npm test`'s closing line (kit-tests/test-summary.ts reads Playwright's JSON report shape).
  const suiteStats = matrixAsReportStats(matrix);
  const loadStats = loadAsReportStats(load);
  const clientStats = clientAsReportStats(clients);
  const stats = {
    expected: suiteStats.expected + loadStats.expected + clientStats.expected,
    unexpected: suiteStats.unexpected + loadStats.unexpected + clientStats.unexpected,
    skipped: suiteStats.skipped + loadStats.skipped + clientStats.skipped,
    flaky: suiteStats.flaky + loadStats.flaky + clientStats.flaky,
  };
  writeFileSync(
    join(OUTPUT_ROOT, 'results.json'),
    `${JSON.stringify({ stats, errors: [], selftest: matrix.totals, load: load.totals, clients: clients.totals }, null, 2)}\n`,
  );
  say(`matrix written to ${join(OUTPUT_ROOT, 'matrix.{md,json}')}`);
  const suitePasses = runs.length === 0 || exitCodeOf(matrix) === 0;
  const faultsPass = faults.every((outcome) => outcome.passed);
  const code = suitePasses && loadMatrixPasses(load) && clientMatrixPasses(clients) && faultsPass ? 0 : 1;
  say(
    `${code === 0 ? 'PASSED' : 'FAILED'}: ${runs.length ? totalsLine(matrix) : 'no suite run'}; ${loadTotalsLine(load)}; ${clientTotalsLine(clients)}; ${faultTotalsLine(faults)}`,
  );
  return code;
};
