/**
 * `npm test`: the kit's own tests (those that run the real k6 apart, after the others, beside the
 * self-check's load rows, which leave a core idle too), then the self-check (self-check/: the suite against the reference server, which must pass, its variants,
 * which must pass too, and its mutants, which must be caught; the load scripts under k6 likewise). The
 * self-check's reference row is the whole conformance run against the embedded reference server, so
 * no step of its own repeats it. Ends with one line, `N passed,
 * N failed, N skipped`, over all of them. A user's target configuration and .env are ignored here:
 * this tests the kit, not a target.
 *
 * The k6 runs need k6 (K6_BIN, or k6 on PATH). Without it they alone are skipped, and counted as
 * skipped, and the run says so in one line at its start.
 *
 * `npm run test:quick` (`--quick`): the inner loop, the kit tests that start no whole conformance run
 * (playwright.kit.config.ts, KIT_TESTS_QUICK) and no k6, with the same closing line.
 *
 * Each step's wall time and the CPU time of its processes go to <output>/npm-test.json (or
 * npm-test-quick.json), which `fei-kit bench` reads; under each step of kit tests, the files that took
 * it longest (slowest-files.ts), there too.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compileCacheEnvironment } from '../conformance-run/compile-cache.ts';
import { kitEnvironment } from '../conformance-run/kit-environment.ts';
import { findK6 } from '../load/find-k6.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { childCpuSeconds } from './child-cpu.ts';
import { slowestFiles, slowestFilesLine } from './slowest-files.ts';
import { temporaryRoot } from './temporary-root.ts';
import {
  addTotals,
  closingLine,
  notPassedLines,
  type StepTiming,
  type TestTotals,
  timingLine,
  totalsOfReport,
} from './test-summary.ts';

interface Step {
  readonly name: string;
  readonly command: readonly string[];
  readonly report: string;
  readonly env?: Readonly<Record<string, string>>;
  /** A step of kit tests: its own temporary folder, removed when it passes (temporary-root.ts). */
  readonly temporary?: string;
  /**
   * Runs beside the next step instead of before it: its output held and printed whole when it ends,
   * its CPU counted in the next step's (the processes of both are waited for together).
   */
  readonly besideNext?: boolean;
}

const COMPILE_CACHE = compileCacheEnvironment();
const paths = outputPaths();

/**
 * Projects of the kit tests (the first names the step's temporary folder), with their results in a
 * folder of their own under the output folder.
 */
const kitTests = (
  name: string,
  projects: readonly [string, ...string[]],
  folderName: string,
  env: Readonly<Record<string, string>> = {},
): Step => {
  const folder = join(paths.root, folderName);
  return {
    name,
    // Playwright compiles the kit tests' TypeScript itself: a compiler loaded beside it (tsx) only
    // adds its own hooks to every import of the runner and its workers (6 to 17 % more CPU).
    command: [
      'node',
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      'playwright.kit.config.ts',
      ...projects.map((project) => `--project=${project}`),
    ],
    report: join(folder, 'results.json'),
    env: { ...env, KIT_TESTS_OUTPUT_DIR: folder },
    temporary: projects[0],
  };
};
/** The kit's commands as a user runs them: its bin. */
const KIT = ['node', 'bin/fei-kit.mjs'];

const QUICK_STEPS: readonly Step[] = [
  kitTests('kit tests without a whole conformance run', ['kit'], 'kit-tests-quick', {
    KIT_TESTS_QUICK: 'true',
  }),
];

const WHOLE_STEPS: readonly Step[] = [
  // The whole runs' project listed first in the config: Playwright hands out its tests first.
  kitTests('kit tests', ['kit', 'kit-whole-runs'], 'kit-tests'),
  // Apart from the CPU-heavy whole runs above: k6's open model is timed (playwright.kit.config.ts).
  // Beside the self-check's first part, its load rows, which leave a core idle too (each part about
  // one core); the self-check's suite runs, which keep both busy, begin as that part ends.
  { ...kitTests('kit tests under the real k6', ['real-k6'], 'kit-tests-real-k6'), besideNext: true },
  {
    // The suite scored against the reference, its variants (must pass) and its mutants (must be caught):
    // one "test" per server in the totals (self-check/matrix.ts).
    name: 'self-check: the suite against the reference server, its variants and its mutants',
    command: [...KIT, 'self-check'],
    report: join(paths.selfCheck, 'results.json'),
  },
];

/** Runs a step; a step beside another has its output held and written whole as it ends. */
const run = (step: Step): Promise<number> =>
  new Promise((resolve) => {
    const held: Buffer[] = [];
    const write = (text: string) =>
      step.besideNext ? held.push(Buffer.from(text)) : process.stdout.write(text);
    write(`\n=== ${step.name}${step.besideNext ? ' (beside the next step: its output as it ends)' : ''}\n`);
    const [command, ...args] = step.command;
    const temporary = step.temporary === undefined ? undefined : temporaryRoot(step.temporary);
    const child = spawn(command as string, args, {
      env: { ...kitEnvironment(), ...COMPILE_CACHE, ...step.env, ...temporary?.env },
      stdio: step.besideNext ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    let ended = false;
    const end = (code: number, why?: string) => {
      if (ended) return;
      ended = true;
      if (why) write(`${step.name}: ${why}\n`);
      const line = temporary?.finish(code === 0);
      if (line) write(`${step.name}: ${line}\n`);
      if (held.length > 0) process.stdout.write(Buffer.concat(held));
      resolve(code);
    };
    // A command that cannot start is this step failed, never a crash that leaves the other running.
    child.on('error', (error) => end(1, `could not start ${command}: ${error.message}`));
    // 'exit', not 'close': a descendant that kept the pipes open must not hold the step forever; the
    // output read by then is what is written.
    child.on('exit', (code) => setImmediate(() => end(code ?? 1)));
  });

/** Files named under each step's closing line, so that a change sees where its minutes went. */
const SLOWEST_FILES = 8;

const quick = process.argv.includes('--quick');
const STEPS = quick ? QUICK_STEPS : WHOLE_STEPS;
const k6 = findK6(process.env);
if (!quick && !k6.found) {
  process.stdout.write(
    `K6 NOT FOUND: ${k6.reason}; npm test skips the k6 runs (the real-k6 kit tests and the self-check's load rows). Set K6_BIN or put k6 on PATH to run them.\n`,
  );
}

/**
 * A step run and timed: its wall time, and the CPU time of every process it started (none for a step
 * beside the next, whose processes that step's figure counts).
 */
const timed = async (step: Step): Promise<{ code: number; timing: Omit<StepTiming, 'totals'> }> => {
  const started = performance.now();
  const cpuBefore = childCpuSeconds();
  const code = await run(step);
  const cpuAfter = childCpuSeconds();
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds =
    cpuBefore === undefined || cpuAfter === undefined || step.besideNext ? undefined : cpuAfter - cpuBefore;
  return {
    code,
    timing: { name: step.name, code, seconds, ...(cpuSeconds === undefined ? {} : { cpuSeconds }) },
  };
};

interface DoneStep {
  readonly step: Step;
  readonly code: number;
  readonly timing: Omit<StepTiming, 'totals'>;
}

/** A step timed; one that could not even be set up is that step failed, said in one line. */
const timedSafely = (step: Step): Promise<Omit<DoneStep, 'step'>> =>
  timed(step).catch((error: unknown) => {
    process.stdout.write(
      `${step.name}: could not run: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return { code: 1, timing: { name: step.name, code: 1, seconds: 0 } };
  });

/**
 * Each step timed, in order, a step beside the next run with it; `settle` is handed each as it ends,
 * in the steps' order (a step beside the next after that step's own end).
 */
const runSteps = async (steps: readonly Step[], settle: (done: DoneStep) => void): Promise<void> => {
  let beside: { step: Step; result: Promise<Omit<DoneStep, 'step'>> } | undefined;
  for (const step of steps) {
    rmSync(step.report, { force: true });
    if (step.besideNext) {
      beside = { step, result: timedSafely(step) };
      continue;
    }
    const result = await timedSafely(step);
    if (beside) settle({ step: beside.step, ...(await beside.result) });
    beside = undefined;
    settle({ step, ...result });
  }
  if (beside) settle({ step: beside.step, ...(await beside.result) });
};

const started = performance.now();
let totals: TestTotals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = 0;
const notPassed: string[] = [];
const timings: StepTiming[] = [];
/** A step's totals added, its closing line and slowest files said, its tests not passed kept for the end. */
const settleStep = ({ step, code, timing }: DoneStep): void => {
  const stepTotals = totalsOfReport(step.report);
  const slowest = slowestFiles(step.report, SLOWEST_FILES);
  timings.push({
    ...timing,
    totals: stepTotals ?? { passed: 0, failed: 1, skipped: 0 },
    ...(slowest.length > 0 ? { slowestFiles: slowest } : {}),
  });
  if (!stepTotals) {
    process.stdout.write(`${step.name}: no results written (exit ${code}; ${timingLine(timing)})\n`);
    totals = addTotals(totals, { passed: 0, failed: 1, skipped: 0 });
    failedSteps += 1;
    return;
  }
  totals = addTotals(totals, stepTotals);
  if (code !== 0) failedSteps += 1;
  process.stdout.write(`${step.name}: ${closingLine(stepTotals)} (${timingLine(timing)})\n`);
  const slowestLine = slowestFilesLine(slowest);
  if (slowestLine) process.stdout.write(`${slowestLine}\n`);
  const lines = notPassedLines(step.report);
  if (lines.length > 0) for (const line of [`${step.name}:`, ...lines]) notPassed.push(line);
};
await runSteps(STEPS, settleStep);
const timingFile = join(paths.root, quick ? 'npm-test-quick.json' : 'npm-test.json');
mkdirSync(dirname(timingFile), { recursive: true });
writeFileSync(
  timingFile,
  `${JSON.stringify({ command: quick ? 'npm run test:quick' : 'npm test', seconds: (performance.now() - started) / 1000, totals, steps: timings }, null, 2)}\n`,
);
if (notPassed.length > 0)
  process.stdout.write(`\nNot passed at the first attempt:\n${notPassed.join('\n')}\n`);
process.stdout.write(`\n${closingLine(totals)}\n`);
process.exit(failedSteps === 0 && totals.failed === 0 ? 0 : 1);
