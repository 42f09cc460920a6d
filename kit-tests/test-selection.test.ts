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
  config: { projects: { name: string }[] };
  suites: Listing[];
}

/**
 * The test files of each project, as Playwright lists them for `npm test`, in the config's order (the
 * order Playwright hands out their tests in). Listed once for the file's tests: a listing loads every
 * test file, seconds of CPU each time.
 */
const filesByProject = (): Map<string, string[]> => {
  if (listing) return listing;
  const output = execFileSync(
    process.execPath,
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      'playwright.kit.config.ts',
      '--list',
      '--reporter=json',
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, KIT_TESTS_QUICK: 'false' },
    },
  );
  const files = new Map<string, Set<string>>();
  const visit = (suites: readonly Listing[]): void => {
    for (const suite of suites) {
      for (const spec of suite.specs)
        for (const t of spec.tests)
          files.set(t.projectName, (files.get(t.projectName) ?? new Set()).add(spec.file));
      visit(suite.suites ?? []);
    }
  };
  const report = JSON.parse(output) as ListingReport;
  visit(report.suites);
  listing = new Map(
    report.config.projects
      .filter((project) => files.has(project.name))
      .map((project) => [project.name, [...(files.get(project.name) ?? [])].sort()]),
  );
  return listing;
};
let listing: Map<string, string[]> | undefined;

/**
 * The projects of playwright.kit.config.ts as the quick command or npm test loads it: the config
 * alone, in a process of its own (it reads KIT_TESTS_QUICK when loaded), no test file.
 */
const projectsOfConfig = (quick: boolean): { name: string }[] =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "const { default: config } = await import('./playwright.kit.config.ts'); process.stdout.write(JSON.stringify(config.projects));",
      ],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, KIT_TESTS_QUICK: quick ? 'true' : 'false' } },
    ),
  ) as { name: string }[];

/** Every kit test file of the repository, relative to its root. */
const allTestFiles = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.test.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);

test('REAL-K6 PROJECT: every kit test that looks for k6 runs in the real-k6 project, and only those', () => {
  const looksForK6 = allTestFiles()
    .filter((path) => /\bfindK6\(/.test(readFileSync(`${ROOT}/${path}`, 'utf8')))
    .sort();
  expect(looksForK6.length).toBeGreaterThan(0);
  const projects = filesByProject();
  expect(projects.get('real-k6')).toEqual(looksForK6);
  const kit = [...(projects.get('kit') ?? []), ...(projects.get('kit-whole-runs') ?? [])];
  for (const file of looksForK6) expect(kit).not.toContain(file);
});

test('WHOLE RUNS FIRST: npm test hands out the whole runs before the other kit tests, and runs both', () => {
  const projects = filesByProject();
  const wholeRuns = projects.get('kit-whole-runs') ?? [];
  expect(wholeRuns).toContain('self-check/server-batch.test.ts');
  expect(wholeRuns).toContain('kit-tests/certify-client.test.ts');
  for (const file of wholeRuns) expect(projects.get('kit') ?? []).not.toContain(file);
  expect([...projects.keys()]).toEqual(['kit-whole-runs', 'kit', 'real-k6']);
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
  const full = filesByProject();
  const kit = [...(full.get('kit') ?? []), ...(full.get('kit-whole-runs') ?? [])];
  const quick = full.get('kit') ?? [];
  const left = kit.filter((file) => !quick.includes(file));
  // The whole run with every output, and the runs that could not run, are npm test's only.
  expect(left).toContain('kit-tests/real-run-outputs.test.ts');
  expect(left).toContain('kit-tests/could-not-run.test.ts');
  expect(left).toContain('kit-tests/race-under-load.test.ts');
  expect(left).toContain('kit-tests/real-deployment.test.ts');
  const covered = allTestFiles().filter((file) =>
    /^(oracle|generators|spec|cli)\/|^kit-tests\/(command-line|conformance)\.test\.ts$/.test(file),
  );
  expect(covered.length).toBeGreaterThan(10);
  for (const file of covered) expect(quick, file).toContain(file);
});
