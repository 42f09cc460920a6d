/**
 * `npm test` and the quick command (`npm run test:quick`) timed by the bench, in the same run as the
 * embedded conformance run, so that their figures are stated both in minutes and as a ratio to it: the
 * ratio holds on a machine of another speed or load, where minutes do not, and shows when the kit's
 * own tests grow faster than the run they test. Each step's wall time and the CPU time of its
 * processes come from the file `npm test` writes (kit-tests/run-all.ts: npm-test.json).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { KIT_ROOT, TSX_LOADER } from '../utilities/kit-root.ts';
import type { Row } from './figure-row.ts';
import type { EmbeddedFigure } from './kit-figures.ts';
import { timedNode } from './timed-run.ts';

export type TestCommand = 'npm test' | 'npm run test:quick';

const totalsSchema = z.object({ passed: z.number(), failed: z.number(), skipped: z.number() });
const timingsSchema = z.object({
  totals: totalsSchema,
  steps: z.array(
    z.object({
      name: z.string(),
      seconds: z.number(),
      cpuSeconds: z.number().optional(),
      totals: totalsSchema,
    }),
  ),
});

export interface TestCommandFigure {
  readonly command: TestCommand;
  /** Wall time of the whole command, from the bench. */
  readonly seconds: number;
  readonly code: number;
  readonly totals: z.infer<typeof totalsSchema>;
  readonly steps: z.infer<typeof timingsSchema>['steps'];
}

/**
 * The goals: `.ci/run` from a fresh clone in 8 minutes, of which npm ci, lint and the type-check take
 * about one, so `npm test` in 7; the quick command in 2. As ratios to the embedded run, from the
 * figures of the machine the goals were set on (the embedded run about 8.5 s there).
 */
export const TEST_COMMAND_GOALS: Readonly<Record<TestCommand, { seconds: number; ratio: number }>> =
  Object.freeze({
    'npm test': { seconds: 420, ratio: 50 },
    'npm run test:quick': { seconds: 120, ratio: 14 },
  });

/** Where `npm test` is: only a clone of the kit has its own tests (a package leaves them out). */
const RUN_ALL = join(KIT_ROOT, 'kit-tests', 'run-all.ts');

/** Runs the command as CI does (in the kit's folder), its outputs in `folder`, and reads its step figures. */
export const measureTestCommand = async (
  command: TestCommand,
  folder: string,
  env: NodeJS.ProcessEnv,
): Promise<TestCommandFigure> => {
  if (!existsSync(RUN_ALL)) throw new Error(`${command} needs the kit's repository: ${RUN_ALL} is not there`);
  const quick = command === 'npm run test:quick';
  const run = await timedNode(
    ['--import', TSX_LOADER, RUN_ALL, ...(quick ? ['--quick'] : [])],
    { ...env, KIT_OUTPUT_DIR: folder },
    join(folder, quick ? 'test-quick.log' : 'npm-test.log'),
    KIT_ROOT,
  );
  const file = join(folder, quick ? 'npm-test-quick.json' : 'npm-test.json');
  let timings: z.infer<typeof timingsSchema>;
  try {
    timings = timingsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    throw new Error(`${command} wrote no readable step figures (exit ${run.code}); see its log in ${folder}`);
  }
  return { command, seconds: run.seconds, code: run.code, totals: timings.totals, steps: timings.steps };
};

const s = (seconds: number): string => `${seconds.toFixed(1)} s`;
const closing = (t: TestCommandFigure['totals']): string =>
  `${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`;

/** The command's rows: the whole in minutes and as a ratio to the embedded run, then each step. */
export const testCommandRows = (
  command: TestCommand,
  figure: TestCommandFigure | undefined,
  embedded: EmbeddedFigure | undefined,
): Row[] => {
  const goal = TEST_COMMAND_GOALS[command];
  const goalText = `≤ ${goal.seconds / 60} min and ≤ ${goal.ratio} × the embedded run`;
  const measure = `${command} (wall; as a ratio to the embedded conformance run of the same bench)`;
  if (!figure) return [{ measure, figure: 'not measured', goal: goalText, verdict: 'not measured' }];
  const ratioOf = (seconds: number): number | undefined =>
    embedded && embedded.code === 0 && embedded.seconds > 0 ? seconds / embedded.seconds : undefined;
  const ratio = ratioOf(figure.seconds);
  const passed = figure.code === 0;
  const rows: Row[] = [
    {
      measure,
      figure: `${s(figure.seconds)} (${(figure.seconds / 60).toFixed(1)} min), ${ratio === undefined ? 'no embedded run to compare with' : `${ratio.toFixed(1)} × the embedded run`}: ${closing(figure.totals)}${passed ? '' : ` (exit ${figure.code}: it did not pass, so no goal is met)`}`,
      goal: goalText,
      verdict:
        passed && ratio !== undefined && figure.seconds <= goal.seconds && ratio <= goal.ratio
          ? 'met'
          : 'NOT MET',
    },
  ];
  for (const step of figure.steps) {
    const stepRatio = ratioOf(step.seconds);
    const cores =
      step.cpuSeconds === undefined || step.seconds <= 0
        ? ''
        : `, CPU ${s(step.cpuSeconds)} (${(step.cpuSeconds / step.seconds).toFixed(2)} cores busy)`;
    rows.push({
      measure: `${command}, step: ${step.name}`,
      figure: `${s(step.seconds)}${stepRatio === undefined ? '' : ` (${stepRatio.toFixed(1)} × the embedded run)`}${cores}: ${closing(step.totals)}`,
      goal: '',
      verdict: '',
    });
  }
  return rows;
};
