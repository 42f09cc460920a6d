/**
 * Which kit tests run where (playwright.kit.config.ts). The kit tests that run the real k6 are exactly
 * the `real-k6` project, which `npm test` runs apart, after the CPU-heavy whole runs: a new one left
 * out of the list would run beside them and fail now and then on a busy machine, for the machine's
 * sake. The quick command (`npm run test:quick`) runs the `kit` project without the tests that start
 * whole conformance runs, and still every test of the oracle, the generators and the command line.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './test-support/kit-test.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// One worker for the file's tests, so that they share the one process below.
test.describe.configure({ mode: 'default' });

interface KitTestProjects {
  /** The config's projects as the quick command (`quick`) and npm test (`whole`) load it. */
  readonly projects: Record<'quick' | 'whole', { name: string }[]>;
  /** The test files of each of npm test's projects, as Playwright's runner selects them. */
  readonly files: Record<string, string[]>;
}

/**
 * The config as each command loads it, and the files of its projects (test-support/kit-test-projects.ts),
 * in one process of its own: the config reads KIT_TESTS_QUICK once, as it loads. Kept for the file's tests.
 */
const kitTestProjects = (): KitTestProjects => {
  kept ??= JSON.parse(
    execFileSync(
      process.execPath,
      [
        // Node strips the script's types itself where it can, tsx compiles them elsewhere.
        ...(process.features.typescript ? [] : ['--import', 'tsx']),
        'kit-tests/test-support/kit-test-projects.ts',
      ],
      { cwd: ROOT, encoding: 'utf8', env: process.env },
    ),
  ) as KitTestProjects;
  return kept;
};
let kept: KitTestProjects | undefined;

/** The test files npm test's runner gives this project. */
const filesOf = (project: 'kit' | 'kit-whole-runs' | 'real-k6'): string[] =>
  kitTestProjects().files[project] ?? [];
const projectsOfConfig = (quick: boolean): { name: string }[] =>
  kitTestProjects().projects[quick ? 'quick' : 'whole'];

/** Every kit test file of the repository, relative to its root. */
const allTestFiles = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.test.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);

/** The kit test files that look for k6. */
const looksForK6 = (): string[] =>
  allTestFiles()
    .filter((path) => /\bfindK6\(/.test(readFileSync(`${ROOT}/${path}`, 'utf8')))
    .sort();

/** The files of the oracle, the generators, the catalog and the command line: the quick command runs each. */
const quickCovers = (): string[] =>
  allTestFiles().filter((file) =>
    /^(oracle|generators|spec|cli)\/|^kit-tests\/(command-line|conformance)\.test\.ts$/.test(file),
  );

test('REAL-K6 PROJECT: every kit test that looks for k6 runs in the real-k6 project, and only those', () => {
  const k6 = looksForK6();
  expect(k6.length).toBeGreaterThan(0);
  expect(filesOf('real-k6')).toEqual(k6);
  const others = [...filesOf('kit'), ...filesOf('kit-whole-runs')];
  expect(k6.filter((file) => others.includes(file))).toEqual([]);
});

test('WHOLE RUNS FIRST: npm test hands out the whole runs before the other kit tests, and runs both', () => {
  const wholeRuns = filesOf('kit-whole-runs');
  expect(wholeRuns).toContain('self-check/server-batch.test.ts');
  expect(wholeRuns).toContain('kit-tests/certify-client.test.ts');
  const kit = filesOf('kit');
  expect(wholeRuns.filter((file) => kit.includes(file))).toEqual([]);
  expect(kit.length).toBeGreaterThan(0);
  expect(projectsOfConfig(false).map((project) => project.name)).toEqual([
    'kit-whole-runs',
    'kit',
    'real-k6',
  ]);
  const runAll = readFileSync(`${ROOT}/kit-tests/run-all.ts`, 'utf8');
  expect(runAll).toContain("kitTests('kit tests', ['kit', 'kit-whole-runs']");
  const nodeLines = readFileSync(`${ROOT}/kit-tests/node-lines.sh`, 'utf8');
  expect(nodeLines).toContain('--project kit --project kit-whole-runs');
});

test('QUICK: the quick command runs the kit tests but those of whole runs, and every test of the oracle, the generators and the command line', () => {
  // The quick config leaves out the whole runs' project, and its `kit` project (the one the quick
  // command runs) selects as npm test's does: so its files are those npm test's runner gives `kit`.
  const kitProject = (projects: readonly { name: string }[]) => projects.find((p) => p.name === 'kit');
  const quickProjects = projectsOfConfig(true);
  expect(quickProjects.map((project) => project.name)).toEqual(['kit', 'real-k6']);
  expect(kitProject(quickProjects)).toBeDefined();
  expect(kitProject(quickProjects)).toEqual(kitProject(projectsOfConfig(false)));
  const runAll = readFileSync(`${ROOT}/kit-tests/run-all.ts`, 'utf8');
  expect(runAll).toContain("kitTests('kit tests without a whole conformance run', ['kit']");
  const quick = filesOf('kit');
  // What npm test runs beside the quick command's `kit`: the whole runs that `kit` leaves out.
  const left = filesOf('kit-whole-runs').filter((file) => !quick.includes(file));
  // The whole run with every output, and the runs that could not run, are npm test's only.
  expect(left).toContain('kit-tests/real-run-outputs.test.ts');
  expect(left).toContain('kit-tests/could-not-run.test.ts');
  expect(left).toContain('kit-tests/race-under-load.test.ts');
  expect(left).toContain('kit-tests/real-deployment.test.ts');
  const covered = quickCovers();
  expect(covered.length).toBeGreaterThan(10);
  // Each file the quick command would leave out, named.
  expect(covered.filter((file) => !quick.includes(file))).toEqual([]);
});

test('NODE LINES: every title the other Node lines leave out names a test of the files they run', () => {
  const script = readFileSync(`${ROOT}/kit-tests/node-lines.sh`, 'utf8');
  const files = [...(script.match(/RUNTIME_TESTS=\(([^)]*)\)/)?.[1] ?? '').matchAll(/\S+\.test\.ts/g)].map(
    ([file]) => file,
  );
  const skipped = script.match(/^SKIPPED='([^']*)'/m)?.[1] ?? '';
  expect(files.length).toBeGreaterThan(0);
  expect(skipped).not.toBe('');
  const sources = files.map((file) => readFileSync(`${ROOT}/${file}`, 'utf8')).join('\n');
  // A title renamed or merged away would leave its pattern matching nothing, and the test it meant
  // to leave out would run on every line unnoticed (or a new one be left out by an old pattern).
  const unmatched = skipped.split('|').filter((pattern) => !new RegExp(pattern).test(sources));
  expect(unmatched).toEqual([]);
});
