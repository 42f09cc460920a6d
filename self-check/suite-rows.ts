/**
 * The suite's rows of the self-check: the variants and the mutants' first stage in one Playwright
 * invocation (server-batch.ts), beside it the runs of their own (the reference, the deployments, one
 * invocation per run and stage), then the batch's later stages; each row reported in one line as it
 * ends.
 */
import { answersText, mutantAnswersText } from './answers.ts';
import type { ChildGroups } from './child-groups.ts';
import {
  type CompletedRun,
  conformingEntry,
  deploymentEntry,
  mutantEntry,
  type StageOutcome,
} from './matrix.ts';
import type { PhaseClock } from './phase-clock.ts';
import type { PlannedRun } from './plan.ts';
import { deploymentText } from './render.ts';
import { runServer } from './run-server.ts';
import { batchable, runServerBatch } from './server-batch.ts';

export interface SuiteRowsOptions {
  readonly outputRoot: string;
  readonly concurrency: number;
  readonly timeoutSeconds: number;
  /** --full or --no-batch: every run in invocations of its own. */
  readonly noBatch: boolean;
  readonly children: ChildGroups;
  /** Times the batch, each run of its own and the batch's later stages. */
  readonly clock: PhaseClock;
  readonly say: (line: string) => void;
}

/** One finished row, in one line. */
export const progressOf = (done: CompletedRun): string => {
  const { run } = done;
  if (run.server.kind === 'mutant') {
    const entry = mutantEntry(done);
    const by = entry.caughtByRules.map((r) => r.ruleId).join(', ');
    const verdict =
      entry.verdict === 'error'
        ? `ERROR ${entry.problem}`
        : entry.verdict === 'survived'
          ? 'SURVIVED'
          : entry.verdict === 'not-established'
            ? `not established: ${entry.unestablished?.[0]?.reason ?? ''}`
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

/** The batch's workers of each kind, for `concurrency` runs at a time. */
const batchWorkers = (
  concurrency: number,
): { workers: number; rateLimitWorkers: number; waitingWorkers: number } => ({
  workers: concurrency,
  // The rate-limit checks mostly wait for a window to pass: twice as many workers as the others, so
  // that the variants' (every check, each a few windows) end before the others' checks do (a worker
  // more is a second of CPU more).
  rateLimitWorkers: 2 * concurrency,
  // The checks that look again seconds later wait seconds for each server that has them (seventy or
  // so): a worker more than the others, so that their waits end before the others' work.
  waitingWorkers: concurrency + 1,
});

/** The line that says how the batch's servers are run. */
const batchLine = (servers: number, concurrency: number): string => {
  const { workers, rateLimitWorkers, waitingWorkers } = batchWorkers(concurrency);
  return `${servers} variants and mutants in one Playwright invocation: ${workers} workers for the conformance checks, ${waitingWorkers} for those that wait to look again, ${rateLimitWorkers} for the rate-limit checks; beside it, the runs of their own`;
};

/** Runs every suite row; returns them as they completed. */
export const runSuiteRows = async (
  runs: readonly PlannedRun[],
  options: SuiteRowsOptions,
): Promise<CompletedRun[]> => {
  const { concurrency, say, clock } = options;
  const batched = options.noBatch ? [] : runs.filter(batchable);
  let batchedLeft = batched.length;
  /** The batch's later stages: from the batch's end until the last of its runs is done. */
  let endLaterStages = (): void => {};
  const firstStages = new Map<string, StageOutcome>();
  /** The runs of processes of their own (the reference, the deployments), then the batch's later stages. */
  const queue = runs.filter((run) => !batched.includes(run));
  /** A phase each for the reference and the deployments; one for the variants and mutants of no batch. */
  const ownPhase = (run: PlannedRun): boolean =>
    run.server.kind === 'reference' || run.server.kind === 'deployment';
  const unbatched = queue.filter((run) => !ownPhase(run));
  let unbatchedLeft = unbatched.length;
  const endUnbatched = unbatched.length ? clock.begin('variants and mutants, a run each') : () => {};
  const completed: CompletedRun[] = [];
  let liveWorkers = 0;
  const worker = async (): Promise<void> => {
    liveWorkers += 1;
    for (let next = queue.shift(); next; next = queue.shift()) {
      const run = next;
      const ofTheirOwn = !batched.includes(run);
      const serve = () =>
        runServer(
          run,
          {
            outputRoot: options.outputRoot,
            timeoutSeconds: options.timeoutSeconds,
            onChild: options.children.tracked(),
          },
          firstStages.get(run.id),
        );
      const done = ownPhase(run) ? await clock.timed(run.id, serve) : await serve();
      if (!ofTheirOwn && --batchedLeft === 0) endLaterStages();
      if (unbatched.includes(run) && --unbatchedLeft === 0) endUnbatched();
      completed.push(done);
      say(`[${completed.length}/${runs.length}] ${progressOf(done)}`);
    }
    liveWorkers -= 1;
  };
  const runBatch = async (): Promise<void> => {
    if (batched.length === 0) return;
    const { outcomes, problem } = await clock.timed('batch', () =>
      runServerBatch(batched, {
        outputRoot: options.outputRoot,
        ...batchWorkers(concurrency),
        timeoutSeconds: options.timeoutSeconds,
        onChild: options.children.tracked(),
      }),
    );
    endLaterStages = clock.begin('later stages');
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
  /** Workers for the queue, up to `concurrency` with those still at work. */
  const workOffQueue = () =>
    Promise.all(Array.from({ length: Math.min(concurrency - liveWorkers, queue.length) }, worker));
  if (batched.length) say(batchLine(batched.length, concurrency));
  // The runs of their own go beside the batch: the machine's cores are as busy either way, and neither
  // waits for the other's last few seconds. The batch's runs come back to the queue when it ends.
  const rowsOfTheirOwn = workOffQueue();
  await runBatch();
  // Workers of the runs of their own may have ended on an empty queue meanwhile: new ones beside those
  // still at work take the batch's runs.
  await Promise.all([rowsOfTheirOwn, workOffQueue()]);
  return completed;
};
