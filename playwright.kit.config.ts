import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * The kit tests, `npm run test:kit` (the spec catalog, the config parser, the oracle, the reference
 * server, the generators, the load scripts' options, the reports, the import rules): `*.test.ts`
 * beside the code they test. The conformance suite against a target is `playwright.config.ts`; the
 * self-check (`fei-kit self-check`) runs that suite against the reference's variants and mutants.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.test.ts',
  testIgnore: ['**/node_modules/**'],
  fullyParallel: true,
  // Two at least, even on two cores: many kit tests wait on child processes (whole runs, k6, servers).
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'fei-kit-output/kit-tests/results.json' }]],
  outputDir: 'fei-kit-output/kit-tests/test-results',
});
