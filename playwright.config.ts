/**
 * The conformance suite: Playwright API tests (no browser) against the target of the contract in
 * DESIGN.md, or the embedded reference server when no target is set. `npm run conformance` wraps this
 * with a configuration check and a preflight; `npx playwright test` works too.
 */
import { defineConfig } from '@playwright/test';
import { loadDotEnv, mayWrite, readTargetContract } from './config/index.ts';

if (process.env.KIT_IGNORE_DOTENV !== 'true') loadDotEnv();
const contract = readTargetContract();
const productionReadOnly = contract.kind === 'remote' && !mayWrite(contract.target);

export default defineConfig({
  testDir: 'suites',
  testMatch: '**/*.spec.ts',
  globalSetup: './suites/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: process.env.CI ? 2 : undefined,
  timeout: 120_000,
  // @ratelimit checks exhaust a tenant's budget on purpose; they run in a project of their own. Against
  // production only checks that create nothing and throttle nothing run (DESIGN principle 4).
  projects: [
    { name: 'conformance', grep: productionReadOnly ? /@readonly/ : /./, grepInvert: /@ratelimit/ },
    { name: 'ratelimit', grep: productionReadOnly ? /(?!)/ : /@ratelimit/, fullyParallel: false },
  ],
  reporter: [
    ['list'],
    ['json', { outputFile: 'reports/output/conformance/results.json' }],
    ['junit', { outputFile: 'reports/output/conformance/junit.xml' }],
    ['./reports/observations-reporter.ts', { outputFile: 'reports/output/conformance/observations.json' }],
  ],
  outputDir: 'reports/output/conformance/test-results',
  // Traces and videos would record request headers, tokens included: never on.
  use: { trace: 'off', video: 'off', screenshot: 'off' },
});
