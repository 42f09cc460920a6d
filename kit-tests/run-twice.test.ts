/**
 * Every command twice in one output folder, as a scheduled job runs it night after night: the second
 * run exits as the first did, and leaves the same files, each written afresh. A file the first run
 * wrote and the second left as it was would be half of an old run beside a new one; only the history
 * (Allure's trend) is kept on purpose, and it grows by one run each time. The runs are small (a
 * filter, one mutant, short k6 runs): this test is about the folder, not the verdicts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { findK6 } from '../load/find-k6.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { runKit } from '../utilities/test-support/run-kit.ts';

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

interface Step {
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly needsK6?: boolean;
  /** Another command's files this one marks in place, once: a second run finds them marked. */
  readonly marksInPlace?: RegExp;
}

const k6 = findK6(process.env);
/** k6's short runs against the reference server: a 2 s window of 40, as the other real-k6 tests run. */
const SHORT_LOAD = {
  RATE_LIMIT_PER_MINUTE: '40',
  RATE_LIMIT_WINDOW_SECONDS: '2',
  LOAD_DURATION: '4s',
  LOAD_DROPPED_TOLERANCE: '0.05',
  RATE_LIMIT_TOLERANCE: '0.25',
};

/** The steps, in the order a user's night runs them; paths are the output folder's own. */
const stepsIn = (folder: string): readonly Step[] => [
  { args: ['conformance', '--grep', 'AUTH-TOKEN-MISSING'] },
  { args: ['certificate'] },
  // The report retypes the run's observations and marks drift in the run's own Allure results.
  { args: ['report'], marksInPlace: /^allure-results\// },
  { args: ['openapi'] },
  {
    args: [
      'certify-client',
      '--',
      process.execPath,
      join(KIT_ROOT, 'client', 'examples', 'example-client.mjs'),
    ],
  },
  { args: ['load', 'bundle'] },
  { args: ['load', 'tenants', '--count', '2'] },
  { args: ['load', 'k6-operator', '--parallelism', '2'] },
  { args: ['load', 'rate-limit'], env: SHORT_LOAD, needsK6: true },
  { args: ['load', 'latency'], env: SHORT_LOAD, needsK6: true },
  {
    args: ['load', 'capacity', '--segments', '2'],
    env: { ...SHORT_LOAD, CAPACITY_TENANTS_FILE: join(folder, 'tenants.json') },
    needsK6: true,
  },
  { args: ['load', 'merge', join(folder, 'load', 'capacity-segments')], needsK6: true },
  { args: ['self-check', '--only', 'token-missing-gives-1002', '--no-load', '--no-clients'] },
  { args: ['bench', '--parts', 'proxy'] },
  { args: ['bench', 'reference'], env: { BENCH_SECONDS: '1', BENCH_ROUNDS: '1' } },
  { args: ['scan-outputs'], env: { TENANT_A_ACCESS_TOKEN: 'svc_test_never-written-anywhere' } },
  // Last, as a release gate runs it: the folder against itself.
  { args: ['compare', folder, folder] },
];

test.describe.configure({ mode: 'serial' });

let root = '';
let env: NodeJS.ProcessEnv = {};
test.beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'kit-run-twice-'));
  env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    KIT_IGNORE_DOTENV: 'true',
    KIT_OUTPUT_DIR: join(root, 'out'),
    ...(k6.found ? { K6_BIN: k6.path } : {}),
  };
});
test.afterAll(() => rmSync(root, { recursive: true, force: true }));

for (const [index, { args, needsK6 }] of stepsIn('<output>').entries()) {
  test(`RUN TWICE: fei-kit ${args.slice(0, 2).join(' ')} gives the same exit and fresh outputs`, async () => {
    test.skip(needsK6 === true && !k6.found, 'k6 is not installed');
    test.setTimeout(240_000);
    const folder = outputPaths(env).root;
    const step = stepsIn(folder)[index] as Step;
    const runOnce = async () => {
      const started = Date.now();
      const run = await runKit(step.args, { ...env, ...step.env }, { timeoutMs: 200_000 });
      const written = [...filesOf(folder)].filter(([, mtime]) => mtime >= started).map(([p]) => p);
      return { run, started, written };
    };
    const first = await runOnce();
    const second = await runOnce();
    expect(second.run.code, second.run.output.slice(-2000)).toBe(first.run.code);
    expect(first.run.code, first.run.output.slice(-2000)).toBe(0);

    // The same files, by shape; none of the first run's left behind unwritten (half of an old run).
    const own = (paths: readonly string[]) => paths.filter((p) => !step.marksInPlace?.test(p));
    const shapes = (paths: readonly string[]) => own(paths).map(shapeOf).sort();
    expect(shapes(second.written)).toEqual(shapes(first.written));
    const after = filesOf(folder);
    const stale = own(first.written).filter(
      (path) => !HISTORY.test(path) && (after.get(path) ?? Number.POSITIVE_INFINITY) < second.started,
    );
    expect(stale, 'the first run’s files the second left as they were').toEqual([]);
  });
}

test('RUN TWICE: the history keeps every report, one run a line', () => {
  const history = outputPaths(env).history;
  expect(readFileSync(history, 'utf8').trim().split('\n')).toHaveLength(2);
});
