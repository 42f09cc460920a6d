import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * The kit tests, `npm run test:kit` (the spec catalog, the config parser, the oracle, the reference
 * server, the generators, the load scripts' options, the reports, the import rules): `*.test.ts`
 * beside the code they test. The conformance suite against a target is `playwright.config.ts`; the
 * self-check (`fei-kit self-check`) runs that suite against the reference's variants and mutants.
 */

/**
 * The tests that run the real k6 against a server on this machine. k6's open model drops iterations
 * and stretches windows when the CPU is taken, so `npm test` runs this project on its own, after the
 * rest (as the self-check runs its k6 rows before its suite runs).
 */
const REAL_K6_TESTS = [
  '**/load/k6-real-run.test.ts',
  '**/load/capacity-run.test.ts',
  '**/kit-tests/remote-rehearsal.test.ts',
  '**/self-check/capacity-slowed.test.ts',
];

const NOT_TESTS = ['**/node_modules/**'];

/** Where a run's results go: `npm test` gives each of its steps a folder of its own. */
const outputFolder = process.env.KIT_TESTS_OUTPUT_DIR ?? 'fei-kit-output/kit-tests';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.test.ts',
  testIgnore: NOT_TESTS,
  fullyParallel: true,
  // Two at least, even on two cores: many kit tests wait on child processes (whole runs, k6, servers).
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: `${outputFolder}/results.json` }]],
  outputDir: `${outputFolder}/test-results`,
  projects: [
    { name: 'kit', testIgnore: [...NOT_TESTS, ...REAL_K6_TESTS] },
    { name: 'real-k6', testMatch: REAL_K6_TESTS },
  ],
});
