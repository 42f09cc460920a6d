import { defineConfig } from '@playwright/test';

/**
 * The kit's own tests (the spec catalog, the config parser, the reference server, the generators,
 * the load scripts' options, the reports): `*.test.ts` beside the code they test. The conformance
 * suite against a target is `playwright.config.ts`.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.test.ts',
  testIgnore: ['**/node_modules/**'],
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'reports/output/kit/results.json' }]],
  outputDir: 'reports/output/kit/test-results',
});
