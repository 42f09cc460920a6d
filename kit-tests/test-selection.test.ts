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
import { expect, test } from '@playwright/test';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// One worker for the file's tests, so that they share the listing below.
test.describe.configure({ mode: 'default' });

interface Listing {
  suites: Listing[];
  specs: { file: string; tests: { projectName: string }[] }[];
}

interface ListingReport {
  suites: Listing[];
}

/**
 * The test files of these projects, as Playwright lists them for `npm test`; with `files`, of those
 * files only (each a filter of the command line). A listing loads every file it lists, seconds of CPU
 * for the whole kit: each listing here loads only the projects and files its tests ask about, and is
 * kept for the file's tests.
 */
const filesOfProjects = (
  projects: readonly string[],
  files: readonly string[] = [],
): Map<string, string[]> => {
  const key = JSON.stringify([projects, files]);
  const kept = listings.get(key);
  if (kept) return kept;
  const output = execFileSync(
    process.execPath,
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      // The files before the options: --project takes every word after it.
      ...files,
      '-c',
      'playwright.kit.config.ts',
      '--list',
      '--reporter=json',
      '--pass-with-no-tests',
      ...projects.flatMap((project) => ['--project', project]),
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, KIT_TESTS_QUICK: 'false' },
    },
  );
  const found = new Map<string, Set<string>>();
  const visit = (suites: readonly Listing[]): void => {
    for (const suite of suites) {
      for (const spec of suite.specs)
        for (const t of spec.tests)
          found.set(t.projectName, (found.get(t.projectName) ?? new Set()).add(spec.file));
      visit(suite.suites ?? []);
    }
  };
  visit((JSON.parse(output) as ListingReport).suites);
  // A file filter is a pattern: a longer path that contains a file's is no answer about that file.
  const asked = (file: string) => files.length === 0 || files.includes(file);
  const listing = new Map(
    projects.map((project) => [project, [...(found.get(project) ?? [])].filter(asked).sort()]),
  );
  listings.set(key, listing);
  return listing;
};
const listings = new Map<string, Map<string, string[]>>();

/** The files of the projects whose every file the tests below need: few, and cheap to load. */
const SMALL_PROJECTS = ['kit-whole-runs', 'real-k6'];
const smallProjects = () => filesOfProjects(SMALL_PROJECTS);

/**
 * The projects of playwright.kit.config.ts as the quick command and npm test load it: the config
 * alone, no test file, in one process of its own, imported once for each (a query apart) with
 * KIT_TESTS_QUICK set as each command sets it, which the config reads as it loads.
 */
const projectsOfConfigs = (): Record<'quick' | 'whole', { name: string }[]> => {
  configProjects ??= JSON.parse(
    execFileSync(
      process.execPath,
      [
        // Node strips the config's types itself where it can, tsx compiles them elsewhere.
        ...(process.features.typescript ? [] : ['--import', 'tsx']),
        '--input-type=module',
        '-e',
        [
          'const projects = {};',
          "for (const [name, quick] of [['quick', 'true'], ['whole', 'false']]) {",
          '  process.env.KIT_TESTS_QUICK = quick;',
          "  const { default: config } = await import('./playwright.kit.config.ts?' + name);",
          '  projects[name] = config.projects;',
          '}',
          'process.stdout.write(JSON.stringify(projects));',
        ].join('\n'),
      ],
      { cwd: ROOT, encoding: 'utf8', env: process.env },
    ),
  ) as Record<'quick' | 'whole', { name: string }[]>;
  return configProjects;
};
let configProjects: Record<'quick' | 'whole', { name: string }[]> | undefined;
const projectsOfConfig = (quick: boolean): { name: string }[] =>
  projectsOfConfigs()[quick ? 'quick' : 'whole'];

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

/**
 * Of the files the tests below ask about (those `kit` must leave out, those it must hold), the ones the
 * `kit` project runs: the quick command's, and npm test's beside the whole runs.
 */
const kitOfAsked = (): string[] =>
  filesOfProjects(
    ['kit'],
    [...looksForK6(), ...(smallProjects().get('kit-whole-runs') ?? []), ...quickCovers()],
  ).get('kit') ?? [];

test('REAL-K6 PROJECT: every kit test that looks for k6 runs in the real-k6 project, and only those', () => {
  const k6 = looksForK6();
  expect(k6.length).toBeGreaterThan(0);
  expect(smallProjects().get('real-k6')).toEqual(k6);
  const others = [...kitOfAsked(), ...(smallProjects().get('kit-whole-runs') ?? [])];
  for (const file of k6) expect(others).not.toContain(file);
});

test('WHOLE RUNS FIRST: npm test hands out the whole runs before the other kit tests, and runs both', () => {
  const wholeRuns = smallProjects().get('kit-whole-runs') ?? [];
  expect(wholeRuns).toContain('self-check/server-batch.test.ts');
  expect(wholeRuns).toContain('kit-tests/certify-client.test.ts');
  const kit = kitOfAsked();
  for (const file of wholeRuns) expect(kit).not.toContain(file);
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
  // command runs) selects as npm test's does: so its files are those npm test lists for `kit`.
  const kitProject = (projects: readonly { name: string }[]) => projects.find((p) => p.name === 'kit');
  const quickProjects = projectsOfConfig(true);
  expect(quickProjects.map((project) => project.name)).toEqual(['kit', 'real-k6']);
  expect(kitProject(quickProjects)).toBeDefined();
  expect(kitProject(quickProjects)).toEqual(kitProject(projectsOfConfig(false)));
  const runAll = readFileSync(`${ROOT}/kit-tests/run-all.ts`, 'utf8');
  expect(runAll).toContain("kitTests('kit tests without a whole conformance run', ['kit']");
  const quick = kitOfAsked();
  // What npm test runs beside the quick command's `kit`: the whole runs that `kit` leaves out.
  const left = (smallProjects().get('kit-whole-runs') ?? []).filter((file) => !quick.includes(file));
  // The whole run with every output, and the runs that could not run, are npm test's only.
  expect(left).toContain('kit-tests/real-run-outputs.test.ts');
  expect(left).toContain('kit-tests/could-not-run.test.ts');
  expect(left).toContain('kit-tests/race-under-load.test.ts');
  expect(left).toContain('kit-tests/real-deployment.test.ts');
  const covered = quickCovers();
  expect(covered.length).toBeGreaterThan(10);
  for (const file of covered) expect(quick, file).toContain(file);
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
