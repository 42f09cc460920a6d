/**
 * One run of the self-check: Playwright's conformance configuration against the embedded reference
 * server started as one mutant, one variant, one deployment or itself, in child processes (one per stage) with the
 * run's own output folder (KIT_OUTPUT_DIR), each stage's JSON report read back afterwards. A conforming
 * server records every answer in that folder, validated afterwards against the OpenAPI document (answers.ts).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ANSWERS_FILE_VARIABLE } from '../conformance-run/reference-setting.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { KIT_ROOT, playwrightEnvironment } from '../utilities/kit-root.ts';
import { ANSWERS_FILE_NAME, answersValidated, validateAnswers } from './answers.ts';
import { runLoggedChild } from './logged-child.ts';
import type { CompletedRun, StageOutcome } from './matrix.ts';
import type { PlannedRun, Stage } from './plan.ts';
import { readRunResults } from './results.ts';

const require = createRequire(import.meta.url);

/** Variables of a user's target contract and of a run in progress: a self-check always runs embedded. */
const SCRUBBED =
  /^(TARGET_|TENANT_[AB]_|RATE_LIMIT_|KIT_ENV_FILE|KIT_REFERENCE_|REFERENCE_(?:VARIANT|MUTANT|DEPLOYMENT)$|KIT_EMBEDDED|KIT_OUTPUT_DIR|FC_|PLAYWRIGHT_JSON_)/;

/** The parent's environment without any target or run in progress. */
export const scrubbedEnvironment = (parent: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(parent))
    if (!SCRUBBED.test(name) && name !== CONTRACT_VARIABLES.runId) env[name] = value;
  return env;
};

/** The environment of one stage: the parent's, scrubbed of any target, plus the run's own. */
export const runEnvironment = (
  run: Pick<PlannedRun, 'server' | 'env'>,
  outputDir: string,
  reportFile: string,
  parent: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv => {
  return {
    ...scrubbedEnvironment(parent),
    KIT_IGNORE_DOTENV: 'true',
    KIT_OUTPUT_DIR: outputDir,
    PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
    FORCE_COLOR: '0',
    ...(run.server.kind === 'mutant' ? { REFERENCE_MUTANT: run.server.name } : {}),
    ...(run.server.kind === 'variant' ? { REFERENCE_VARIANT: run.server.name } : {}),
    ...(run.server.kind === 'deployment' ? { REFERENCE_DEPLOYMENT: run.server.name } : {}),
    ...(answersValidated(run.server) ? { [ANSWERS_FILE_VARIABLE]: join(outputDir, ANSWERS_FILE_NAME) } : {}),
    ...run.env,
  };
};

/**
 * Playwright's arguments for a stage: the run's projects, the stage's title filter, one worker (runs go
 * side by side instead), no retries (a check that passes on a retry would hide a flaky catch), JSON only.
 */
export const playwrightArguments = (run: Pick<PlannedRun, 'projects'>, stage: Stage): string[] => [
  'test',
  '-c',
  join(KIT_ROOT, 'playwright.config.ts'),
  ...run.projects.flatMap((p) => ['--project', p]),
  ...(stage.grep ? ['--grep', stage.grep] : []),
  ...(stage.grepInvert ? ['--grep-invert', stage.grepInvert] : []),
  '--pass-with-no-tests',
  '--workers=1',
  '--retries=0',
  '--reporter=json',
];

export interface RunOptions {
  readonly outputRoot: string;
  /** For the whole run, all stages together. */
  readonly timeoutSeconds: number;
  /** Called with a child's pid while it runs, and undefined when it ends (to stop it on Ctrl-C). */
  readonly onChild?: (pid: number | undefined) => void;
}

const runStage = async (
  run: PlannedRun,
  stage: Stage,
  index: number,
  outputDir: string,
  options: RunOptions,
  deadline: number,
): Promise<StageOutcome> => {
  const reportFile = join(outputDir, `results-${index + 1}.json`);
  const started = performance.now();
  const exit = await runLoggedChild(
    process.execPath,
    [require.resolve('@playwright/test/cli'), ...playwrightArguments(run, stage)],
    {
      env: playwrightEnvironment(runEnvironment(run, outputDir, reportFile)),
      logFile: join(outputDir, `run-${index + 1}.log`),
      timeoutMs: deadline - performance.now(),
      ...(options.onChild ? { onChild: options.onChild } : {}),
    },
  );
  return {
    label: stage.label,
    results: readRunResults(reportFile),
    exitCode: exit.code ?? (exit.signal ? 128 : 1),
    seconds: (performance.now() - started) / 1000,
    ...(exit.timedOut ? { timedOut: true } : {}),
  };
};

/**
 * A stage settles the run when it went wrong, or when a failed check broke one of the rules the
 * server is declared to break (a mutant's catching rules; any failure of a conforming server): later
 * stages could only add checks that catch it too. A failure crediting only other rules does not
 * settle it: a later check may still credit a declared rule.
 */
const settles = (stage: StageOutcome, declared: readonly string[]): boolean =>
  stage.timedOut === true ||
  !stage.results ||
  stage.results.errors.length > 0 ||
  stage.results.tests.some(
    (t) =>
      t.outcome === 'failed' && (declared.length === 0 || t.failedRules.some((r) => declared.includes(r))),
  );

/**
 * Runs the stages of a run in order until one settles it. `firstStage`: the outcome of its first stage
 * when that already ran elsewhere (the batch of variants and mutants, server-batch.ts); the run goes on from there.
 */
export const runServer = async (
  run: PlannedRun,
  options: RunOptions,
  firstStage?: StageOutcome,
): Promise<CompletedRun> => {
  const outputDir = join(options.outputRoot, run.id);
  if (!firstStage) rmSync(outputDir, { recursive: true, force: true });
  mkdirSync(outputDir, { recursive: true });
  const deadline = performance.now() + options.timeoutSeconds * 1000;
  const stages: StageOutcome[] = [];
  for (const [index, stage] of run.stages.entries()) {
    const outcome =
      index === 0 && firstStage
        ? firstStage
        : await runStage(run, stage, index, outputDir, options, deadline);
    stages.push(outcome);
    if (settles(outcome, run.server.catchingRules)) break;
  }
  if (!answersValidated(run.server)) return { run, stages };
  return { run, stages, answers: await validateAnswers(join(outputDir, ANSWERS_FILE_NAME)) };
};
