import { availableParallelism } from 'node:os';
import { type BrowserContextOptions, defineConfig, type PlaywrightTestOptions } from '@playwright/test';
import { CI, KIT_TESTS_OUTPUT_DIR, KIT_TESTS_QUICK } from './config/settings/index.ts';

/**
 * The kit tests, `npm run test:kit` (the spec catalog, the config parser, the oracle, the reference
 * server, the generators, the load scripts' options, the reports, the import rules): `*.test.ts`
 * beside the code they test. The conformance suite against a target is `playwright.config.ts`; the
 * self-check (`fei-kit self-check`) runs that suite against the reference's variants and mutants.
 */

/**
 * One pattern for a list of test files (paths from the repository's root). Playwright matches every
 * file of the repository against every glob of a project, compiling each glob again for each file:
 * with the lists below, a second of CPU in each run and listing. A regular expression it only tests.
 */
const filesOf = (paths: readonly string[]): RegExp => {
  const escaped = paths.map((path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('/', '[\\\\/]'));
  return new RegExp(`[\\\\/](?:${escaped.join('|')})$`);
};

/**
 * The tests that run the real k6 against a server on this machine. k6's open model drops iterations
 * and stretches windows when the CPU is taken, so `npm test` runs this project after the rest, beside
 * the self-check's k6 rows alone (each about one core of two), before its suite runs.
 */
const REAL_K6_TESTS = filesOf([
  'load/k6-real-run.test.ts',
  'load/capacity-run.test.ts',
  'kit-tests/remote-rehearsal.test.ts',
  'kit-tests/run-twice-k6.test.ts',
  'self-check/capacity-slowed.test.ts',
]);

/**
 * The tests that run one of the kit's jobs whole: a conformance run (the command against a server, to
 * its certificate), a client certification, a real batch of the self-check, a bench run, the kit
 * installed as a package. `npm test` runs them; the quick command, `npm run test:quick`
 * (KIT_TESTS_QUICK=true), leaves them out for the inner loop. What it keeps (the oracle, the
 * generators, the command line's help and errors, the reference server, the reports, the load plans)
 * starts at most a short command or a server of its own in each test.
 */
const WHOLE_RUN_TESTS = filesOf([
  'bench/kit-bench.test.ts',
  'bench/reference-bench.test.ts',
  'kit-tests/certify-client.test.ts',
  'kit-tests/compare.test.ts',
  'kit-tests/could-not-run.test.ts',
  'kit-tests/impact.test.ts',
  'kit-tests/runtime-faults.test.ts',
  'kit-tests/inconclusive-property.test.ts',
  'kit-tests/interrupted-run.test.ts',
  'kit-tests/kept-worker-run.test.ts',
  'kit-tests/kit-failures.test.ts',
  'kit-tests/package.test.ts',
  'kit-tests/paced-run.test.ts',
  'kit-tests/playwright-arguments.test.ts',
  'kit-tests/production-safety.test.ts',
  'kit-tests/race-under-load.test.ts',
  'kit-tests/real-deployment.test.ts',
  'kit-tests/real-run-outputs.test.ts',
  'kit-tests/run-twice.test.ts',
  'kit-tests/sharding.test.ts',
  'kit-tests/token-echo.test.ts',
  'kit-tests/verdict-accounting.test.ts',
  'self-check/server-batch.test.ts',
]);

/**
 * The options of a browser context, at Playwright's own defaults. The kit tests open no browser, but
 * every test of `@playwright/test` sets up each of these as a fixture of its own, a step whose stack
 * Playwright captures and maps through the source maps: some thirty set-ups and tear-downs a test,
 * the largest part of the CPU a short kit test costs. A value given here is a fixed value instead,
 * set up with no step. (The conformance suites leave them out their own way: suites/fixtures/api-test.ts.)
 */
type ContextOptionFixtures = {
  -readonly [Name in keyof BrowserContextOptions &
    keyof PlaywrightTestOptions]-?: PlaywrightTestOptions[Name];
};

/** Every one of them (the type holds each option of a context that is a fixture of the test). */
const CONTEXT_OPTIONS_AS_VALUES: ContextOptionFixtures = {
  acceptDownloads: true,
  // No kit test sends a request of Playwright's by a relative address (PLAYWRIGHT_TEST_BASE_URL's use).
  baseURL: undefined,
  bypassCSP: false,
  clientCertificates: undefined,
  colorScheme: 'light',
  contrast: 'no-preference',
  deviceScaleFactor: undefined,
  extraHTTPHeaders: undefined,
  forcedColors: 'none',
  geolocation: undefined,
  hasTouch: false,
  httpCredentials: undefined,
  ignoreHTTPSErrors: false,
  isMobile: false,
  javaScriptEnabled: true,
  locale: 'en-US',
  offline: false,
  permissions: undefined,
  proxy: undefined,
  reducedMotion: 'no-preference',
  screen: undefined,
  serviceWorkers: 'allow',
  storageState: undefined,
  timezoneId: undefined,
  userAgent: undefined,
  viewport: { width: 1280, height: 720 },
};

const NOT_TESTS = [/[\\/]node_modules[\\/]/];
const quick = KIT_TESTS_QUICK.read();

/** Where a run's results go: `npm test` gives each of its steps a folder of its own. */
const outputFolder = KIT_TESTS_OUTPUT_DIR.read();

export default defineConfig({
  testDir: '.',
  testMatch: /\.test\.ts$/,
  testIgnore: NOT_TESTS,
  fullyParallel: true,
  // Half the cores and four more: many kit tests wait on child processes (whole runs, k6, servers)
  // and on a client's delays. On two cores, three workers kept them 1.75 busy where two kept them
  // 1.55, four ended the kit tests about 8 s sooner than three, and five 11 s sooner than four, for
  // the same CPU (docs/benchmark.md).
  workers: Math.floor(availableParallelism() / 2) + 4,
  forbidOnly: CI.read(),
  use: CONTEXT_OPTIONS_AS_VALUES,
  timeout: 60_000,
  // The browser checks wait on pages a loaded machine renders late (an Allure report fetches each
  // test's results and history after a click): 5 s, Playwright's default, was crossed once on two busy
  // cores. Only a failing expectation waits this long.
  expect: { timeout: 20_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: `${outputFolder}/results.json` }],
    // Run by Playwright alone, not by a step of npm test: the run's temporary files in a folder of its
    // own, made before any worker starts and removed when the run passed (kit-tests/direct-run-folder.ts).
    ['./kit-tests/direct-run-folder.ts'],
  ],
  outputDir: `${outputFolder}/test-results`,
  projects: [
    // The whole runs first: Playwright hands out tests in the order of the projects, then of their
    // files, and these are the longest; the many short tests after them fill the workers to the end.
    // In file order, the last whole runs (a real self-check batch) ended alone, the other workers idle.
    ...(quick ? [] : [{ name: 'kit-whole-runs', testMatch: WHOLE_RUN_TESTS, testIgnore: NOT_TESTS }]),
    { name: 'kit', testIgnore: [...NOT_TESTS, REAL_K6_TESTS, WHOLE_RUN_TESTS] },
    // k6 runs are timed, but light (a few requests a second each): on two cores, three workers keep
    // about one core busy (docs/benchmark.md), less than the self-check's five k6 runs at a time.
    {
      name: 'real-k6',
      testMatch: REAL_K6_TESTS,
      workers: Math.max(3, Math.floor(availableParallelism() / 2)),
    },
  ],
});
