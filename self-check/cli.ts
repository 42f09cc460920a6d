/**
 * `fei-kit self-check [options]`: scores the conformance suite against the conforming reference
 * server, every variant (must pass) and every mutant (must be caught), prints the matrix, writes it
 * as JSON and Markdown under <output>/self-check/, and ends with 1 when a mutant survives, a variant or
 * the reference fails, or a run proves nothing (an error). A weakly caught mutant is reported but does
 * not fail the self-check, nor does a mutant, a k6 row or a client row left not established (a claim
 * the oracle, the load generator or the certifier could not make on this machine). Its options are
 * listed by cli/commands/self-check.ts.
 */

import { mkdirSync, rmSync } from 'node:fs';
import type { SayLine } from '../utilities/console-line.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { answersValidated, prepareAnswersValidator } from './answers.ts';
import { type ChildGroups, watchChildGroups } from './child-groups.ts';
import { runClientRows } from './client-rows.ts';
import { renderClientText } from './client-verdicts.ts';
import { runFaultRows } from './fault-rows.ts';
import { runLoadRows } from './load-rows.ts';
import { buildMatrix, type CompletedRun } from './matrix.ts';
import { closingTotals, selfCheckExitCode, writeMatrixFiles } from './outcome.ts';
import { partSchedule, runPartsInSteps } from './part-schedule.ts';
import { type PhaseClock, phaseTimingLine, startPhaseClock } from './phase-clock.ts';
import { renderText } from './render.ts';
import { loadRowsRun, planSelfCheck, type SelfCheckPlan, selfCheckNotes } from './run-plan.ts';
import { readSelfCheckSettings, type SelfCheckOptions, type SelfCheckSettings } from './settings.ts';
import { runSuiteRows } from './suite-rows.ts';

export type { SelfCheckOptions } from './settings.ts';

/**
 * Client rows at a time: each a reference server and a small client, about a third of a core, whose
 * timing rules (delays, time-outs) hold with five side by side on two cores.
 */
const CLIENT_CONCURRENCY = 5;

/** The k6 rows' time limit each: a row takes about 10 s alone. */
const LOAD_ROW_TIMEOUT_SECONDS = 120;

/** The validator's absence (the kit installed as a package) is said once, not on every row. */
const sayValidatorAbsent = (completed: readonly CompletedRun[], say: SayLine): void => {
  const skipped = completed.find((done) => done.answers?.outcome === 'not validated')?.answers;
  if (skipped?.outcome === 'not validated') say(skipped.reason);
};

interface PartContext {
  readonly values: SelfCheckOptions;
  readonly settings: SelfCheckSettings;
  readonly plan: SelfCheckPlan;
  readonly outputRoot: string;
  readonly children: ChildGroups;
  readonly clock: PhaseClock;
  readonly say: SayLine;
}

/** What each part of the self-check runs, each timed as a phase; partSchedule says when. */
const partRunners = ({ values, settings, plan, outputRoot, children, clock, say }: PartContext) => ({
  'load rows': () =>
    clock.timed('load rows', () =>
      runLoadRows(plan.loadRuns, {
        only: settings.only,
        skip: values['no-load'] ?? false,
        concurrency: settings.loadConcurrency,
        outputRoot,
        timeoutSeconds: LOAD_ROW_TIMEOUT_SECONDS,
        say,
        onChild: children.onChild,
      }),
    ),
  'client rows': () =>
    clock.timed('client rows', () =>
      runClientRows(plan.clientRows, {
        skip: values['no-clients'] ?? false,
        concurrency: CLIENT_CONCURRENCY,
        outputRoot,
        // The reference server, whatever target the caller's shell names (a base URL would mean proxy mode).
        env: Object.fromEntries(
          Object.entries(process.env).filter(([name]) => !/^(TARGET_|TENANT_)/.test(name)),
        ),
        say,
      }),
    ),
  'fault rows': () =>
    clock.timed('fault rows', () =>
      runFaultRows(plan.faultRows, { skip: values['no-faults'] ?? false, outputRoot, say }),
    ),
  // Timed inside: the batch, each run of its own, the batch's later stages.
  'suite rows': () =>
    runSuiteRows(plan.runs, {
      outputRoot,
      concurrency: settings.concurrency,
      timeoutSeconds: settings.timeoutSeconds,
      noBatch: Boolean(values.full || values['no-batch']),
      children,
      clock,
      say,
    }),
});

/** The self-check; returns 0 when every row of the matrix is as it must be, 1 otherwise. */
export const runSelfCheck = async (values: SelfCheckOptions, say: SayLine): Promise<number> => {
  const clock = startPhaseClock();
  const outputRoot = outputPaths().selfCheck;
  const settings = readSelfCheckSettings(values);
  const plan = planSelfCheck(values, settings);
  const notes = selfCheckNotes(values, settings, plan);

  rmSync(outputRoot, { recursive: true, force: true });
  mkdirSync(outputRoot, { recursive: true });
  say(
    `${plan.runs.length} runs, ${settings.concurrency} at a time${loadRowsRun(values, plan) ? `, and ${plan.loadRuns.length} load rows` : ''}; outputs under ${outputRoot}`,
  );
  for (const note of notes) say(`· ${note}`);
  // Before any row: the one long piece of this process's own work (answers.ts).
  if (plan.runs.some((run) => answersValidated(run.server))) await prepareAnswersValidator();
  const children = watchChildGroups();
  const runners = partRunners({ values, settings, plan, outputRoot, children, clock, say });
  const {
    'load rows': load,
    'client rows': clients,
    'fault rows': faults,
    'suite rows': completed,
  } = await runPartsInSteps(partSchedule(), runners);

  const matrices = await clock.timed('matrix', async () => ({
    suite: buildMatrix(completed),
    suiteRuns: plan.runs.length,
    load,
    clients,
    faults,
  }));
  sayValidatorAbsent(completed, say);
  const timings = clock.timings();
  const context = {
    wallSeconds: timings.whole.endSeconds,
    concurrency: settings.concurrency,
    notes,
    timings,
  };
  process.stdout.write(
    `\n${renderText(matrices.suite, context, load)}\n${renderClientText(clients).join('\n')}\n`,
  );
  writeMatrixFiles(outputRoot, matrices, context);
  say(`matrix written to ${outputRoot}/matrix.{md,json}`);
  say(phaseTimingLine(timings));
  const code = selfCheckExitCode(matrices);
  say(`${code === 0 ? 'PASSED' : 'FAILED'}: ${closingTotals(matrices)}`);
  return code;
};
