/**
 * Every command twice in the same output folder, as a scheduled job runs it night after night: the
 * second run exits as the first did, and leaves the same files, each written afresh. A file the first
 * run wrote and the second left as it was would be half of an old run beside a new one; only the
 * history (Allure's trend) is kept on purpose. The tests of kit-tests/run-twice*.test.ts, in chains:
 * each chain has an output folder of its own and runs beside the others, its steps in order (a step
 * may read an earlier one's outputs). The runs are small: these tests are about the folder, not the
 * verdicts. A test that already runs a command twice in one folder (package.test.ts, the installed
 * kit's client certification) compares its runs with the same `runWriting` and `expectFreshOutputs`.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { EXIT } from '../../config/index.ts';
import { outputPaths } from '../../utilities/output-paths.ts';
import { runKit } from '../../utilities/test-support/run-kit.ts';

type KitRun = Awaited<ReturnType<typeof runKit>>;

/** Every file under `folder`, with its modification time. */
const filesOf = (folder: string): Map<string, number> => {
  const files = new Map<string, number>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(folder, path), statSync(path).mtimeMs);
    }
  };
  walk(folder);
  return files;
};

/** A file's name with what differs from run to run by design (uuids, run ids, dates) left out. */
const shapeOf = (path: string): string =>
  path
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\d{3,}/g, '<n>');

/** Kept on purpose across runs: the history each report appends one run to. */
const HISTORY = /^history\//;

export interface Step {
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Another command's files this one marks in place, once: a second run finds them marked. */
  readonly marksInPlace?: RegExp;
  /**
   * A k6 run: its thresholds are timed, and on a busy machine a run may cross one (exit 1) where the
   * other did not. The folder is what is compared: each run exits 0 or 1, never a kit failure.
   */
  readonly timed?: boolean;
}

/**
 * The exits a timed run may end with on a busy machine: passed, a threshold crossed, or the load
 * generator short of its rate (not established). These tests compare outputs, not verdicts.
 */
const TIMED_EXITS = [EXIT.ok, EXIT.deviation, EXIT.couldNotRun];

/** A run's exit as these tests require it: the first's, and 0; for a timed run, one of TIMED_EXITS each. */
const expectExit = (step: Step, first: KitRun, second: KitRun): void => {
  if (step.timed) {
    for (const run of [first, second]) expect(TIMED_EXITS, run.output.slice(-2000)).toContain(run.code);
    return;
  }
  expect(second.code, second.output.slice(-2000)).toBe(first.code);
  expect(first.code, first.output.slice(-2000)).toBe(0);
};

export interface Chain {
  readonly name: string;
  /** Its steps; `folder` is the chain's output folder. */
  readonly steps: (folder: string) => readonly Step[];
  /** Checked after its steps, in its folder. */
  readonly after?: { readonly title: string; readonly check: (env: NodeJS.ProcessEnv) => void };
}

/** When a run of a command started, and the files under its output folder it wrote. */
export interface FolderWrites {
  readonly started: number;
  readonly written: readonly string[];
}

/** A run of a command, and what it wrote. */
export interface WrittenRun<R> extends FolderWrites {
  readonly run: R;
}

/** Runs `command` once and lists the files under `folder` it wrote (modified since it started). */
export const runWriting = async <R>(
  folder: string,
  command: () => R | Promise<R>,
): Promise<WrittenRun<R>> => {
  const started = Date.now();
  const run = await command();
  const written = existsSync(folder)
    ? [...filesOf(folder)].filter(([, mtime]) => mtime >= started).map(([p]) => p)
    : [];
  return { run, started, written };
};

/**
 * The second run of a command in `folder` wrote the same files as the first, by shape, and left none
 * of the first's as they were (half of an old run), but the history kept on purpose and the files
 * `marksInPlace` says another command's.
 */
export const expectFreshOutputs = (
  folder: string,
  first: FolderWrites,
  second: FolderWrites,
  marksInPlace?: RegExp,
): void => {
  const own = (paths: readonly string[]) => paths.filter((p) => !marksInPlace?.test(p));
  const shapes = (paths: readonly string[]) => own(paths).map(shapeOf).sort();
  expect(shapes(second.written)).toEqual(shapes(first.written));
  const after = filesOf(folder);
  const stale = own(first.written).filter(
    (path) => !HISTORY.test(path) && (after.get(path) ?? Number.POSITIVE_INFINITY) < second.started,
  );
  expect(stale, 'the first run’s files the second left as they were').toEqual([]);
};

/** Runs a step twice in its chain's folder and compares what each run wrote. */
const runTwice = async (step: Step, env: NodeJS.ProcessEnv): Promise<void> => {
  const folder = outputPaths(env).root;
  const runOnce = () =>
    runWriting(folder, () => runKit(step.args, { ...env, ...step.env }, { timeoutMs: 200_000 }));
  const first = await runOnce();
  const second = await runOnce();
  expectExit(step, first.run, second.run);
  expectFreshOutputs(folder, first, second, step.marksInPlace);
};

/** Declares one test, from the test file itself: Playwright names a test by where `test()` is called. */
export type DeclareTest = (title: string, timeoutMs: number, body: () => Promise<void> | void) => void;

/**
 * The tests of these chains, side by side; a chain runs whole, its steps in order, in one worker, in
 * an output folder of its own under a temporary folder that worker made. `k6Path`: the k6 the
 * commands find (K6_BIN), when there is one.
 */
export const describeChains = (chains: readonly Chain[], declare: DeclareTest, k6Path?: string): void => {
  let root = '';
  test.beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'kit-run-twice-'));
  });
  test.afterAll(() => rmSync(root, { recursive: true, force: true }));
  const envOf = (chain: string): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    KIT_IGNORE_DOTENV: 'true',
    KIT_OUTPUT_DIR: join(root, chain.replace(/\W+/g, '-')),
    ...(k6Path === undefined ? {} : { K6_BIN: k6Path }),
  });
  test.describe.configure({ mode: 'parallel' });
  for (const { name, steps, after } of chains) {
    test.describe(name, () => {
      test.describe.configure({ mode: 'serial' });
      for (const [index, { args }] of steps('<output>').entries()) {
        declare(
          `RUN TWICE: fei-kit ${args.slice(0, 2).join(' ')} gives the same exit and fresh outputs`,
          240_000,
          async () => {
            const env = envOf(name);
            await runTwice(steps(outputPaths(env).root)[index] as Step, env);
          },
        );
      }
      if (after) declare(`RUN TWICE: ${after.title}`, 30_000, () => after.check(envOf(name)));
    });
  }
};
