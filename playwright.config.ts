/**
 * The conformance suite: Playwright API tests (no browser) against the target the target contract
 * names (the README's table), or the reference server when no target is set.
 * `fei-kit conformance` wraps this with a configuration check and a preflight; `npx playwright test`
 * works too.
 */
import { defineConfig } from '@playwright/test';
import {
  caTrustEnvironment,
  loadDotEnvUnlessIgnored,
  mayWrite,
  readTargetContract,
  readTimeouts,
  SECOND_LOOK_PROJECT,
  SECOND_LOOK_TAG,
  secondLookFilters,
} from './config/index.ts';
import { defaultWorkers } from './config/run-workers.ts';
import { CI, contractVariable, KIT_CONSOLE_REPORTER } from './config/settings/index.ts';
import { CONTRACT_VARIABLES } from './contract/index.ts';
import { outputPaths } from './utilities/output-paths.ts';
import { applyReporterOutputDefaults } from './utilities/reporter-outputs.ts';

loadDotEnvUnlessIgnored();
const contract = readTargetContract();
// One run id for the runner and its workers (which inherit it): every output carries it.
const runIdVariable = contractVariable(CONTRACT_VARIABLES.runId);
if (!runIdVariable.read())
  runIdVariable.write(contract.kind === 'remote' ? contract.target.runId : contract.runId);
const reportPaths = outputPaths();
// A reporter the user adds (`--reporter html`) writes under the output folder, not beside this file.
applyReporterOutputDefaults(reportPaths);
const productionReadOnly = contract.kind === 'remote' && !mayWrite(contract.target);
// The workers, started after this file is read, trust TARGET_CA_FILE (when `npx playwright test` runs alone).
if (contract.kind === 'remote') Object.assign(process.env, caTrustEnvironment(contract.target));

export default defineConfig({
  testDir: 'suites',
  testMatch: '**/*.spec.ts',
  globalSetup: './conformance-run/global-setup.ts',
  fullyParallel: true,
  forbidOnly: CI.read(),
  // The rate-limit checks on a worker of their own beside the others (config/run-workers.ts).
  workers: defaultWorkers(contract.kind === 'embedded' || contract.target.embedded),
  // Scaled to the target's round trip (config/timeouts.ts): a slow target is not a wrong one.
  timeout: readTimeouts().testMs,
  // @ratelimit checks exhaust a tenant's budget on purpose; they run in a project of their own, listed
  // first so that they start first, on a worker of their own, beside every other check: the rate-limit
  // tenant shares no budget with the others. Against production only checks that create nothing and
  // throttle nothing run (docs/architecture.md).
  // The @second-look checks look at listings and views again once every other check has run: the
  // `second-look` project is the teardown of `conformance`, so Playwright runs it after the first phase
  // (both projects above) whatever that phase found.
  projects: [
    { name: 'ratelimit', grep: productionReadOnly ? /(?!)/ : /@ratelimit/, fullyParallel: false },
    {
      name: 'conformance',
      grep: productionReadOnly ? /@readonly/ : /./,
      grepInvert: [/@ratelimit/, new RegExp(SECOND_LOOK_TAG)],
      teardown: SECOND_LOOK_PROJECT,
    },
    {
      // One worker: starting it is most of what the second look costs.
      name: SECOND_LOOK_PROJECT,
      workers: 1,
      ...secondLookFilters(process.argv, productionReadOnly),
    },
  ],
  // Outputs go under fei-kit-output, or KIT_OUTPUT_DIR (utilities/output-paths.ts). kept-worker-reporter
  // comes first: a failed check keeps its worker, and every reporter after it sees the plain failure.
  // run-reporter empties the Allure results when the run begins, and gives every test its `rule`
  // annotation before json and junit write theirs. A user's own reporters (`fei-kit conformance --
  // --reporter dot`) are added after these by the wrapper (`--add-reporter`); when one of them prints
  // to the console, the kit's own `list` steps aside so that the run is not printed twice.
  reporter: [
    ['./reports/reporters/kept-worker-reporter.ts'],
    ...(KIT_CONSOLE_REPORTER.read() ? [] : [['list'] as const]),
    ['./reports/reporters/run-reporter.ts'],
    ['json', { outputFile: reportPaths.results }],
    ['junit', { outputFile: reportPaths.junit }],
    ['./reports/reporters/observations-reporter.ts', { outputFile: reportPaths.observations }],
    [
      './reports/reporters/allure-reporter.ts',
      { resultsDir: reportPaths.allureResults, detail: false, suiteTitle: true },
    ],
  ],
  outputDir: `${reportPaths.conformance}/test-results`,
  // Ties results.json to its run: the certificate refuses results of another run.
  metadata: { runId: runIdVariable.read() },
  // Traces and videos would record request headers, tokens included: never on.
  use: { trace: 'off', video: 'off', screenshot: 'off' },
});
