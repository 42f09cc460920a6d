/**
 * Allure 3 configuration of the kit's report. Build it with `fei-kit report` (reports/allure/build-report.ts),
 * which adds the k6 thresholds and the observations, deletes the previous report, generates once and
 * removes the template's third-party script: a bare `allure generate` would do none of that.
 *
 * Paths follow utilities/output-paths.ts (a kit test checks that they agree):
 *   output root   KIT_OUTPUT_DIR, else fei-kit-output
 *   history       ALLURE_HISTORY_PATH, else <root>/history/history.jsonl (one line per generate;
 *                 CI restores the previous run's file and points this variable at it)
 */
import { join, resolve } from 'node:path';

// `defineConfig` of the `allure` package only returns its argument, and importing `allure` starts its
// command line (with the importing process's arguments): the config is typed here instead, so that
// any tool may import this file.
/** @type {(config: import('allure').AllureConfig) => import('allure').AllureConfig} */
const defineConfig = (config) => config;

const root = resolve(process.env.KIT_OUTPUT_DIR?.trim() || 'fei-kit-output');
const historyPath = resolve(
  process.env.ALLURE_HISTORY_PATH?.trim() || join(root, 'history', 'history.jsonl'),
);
const reportName = 'Financial Events Ingestion Service: conformance';

export default defineConfig({
  name: reportName,
  output: join(root, 'allure-report'),
  historyPath,
  historyLimit: 60,
  plugins: {
    awesome: {
      options: {
        reportName,
        reportLanguage: 'en',
        // One self-contained index.html: opens from a CI artifact with a double click, publishes as is.
        singleFile: true,
        theme: 'light',
        // Parts of the spec in their order (1. … 9.), then rule ids alphabetically.
        groupBy: ['epic', 'feature', 'story'],
        defaultSortBy: 'name,asc',
      },
    },
  },
  // The first category that matches a result takes it.
  categories: [
    {
      id: 'load-threshold-crossed',
      name: 'Load thresholds crossed (k6)',
      matchers: { statuses: ['failed', 'broken'], labels: { framework: 'k6' } },
      groupBy: [{ label: 'suite' }],
    },
    {
      // Failures the provider declared as known deviations (docs/declared-deviations.md): shown
      // apart, they do not fail the run (reports/allure-declared.ts labels them).
      id: 'declared-deviation',
      name: 'Declared deviations (known to the provider: they do not fail the run)',
      matchers: { statuses: ['failed'], labels: { deviation: 'declared' } },
      groupBy: [{ label: 'story' }],
    },
    {
      id: 'critical-deviation',
      name: 'Deviations from the spec: critical rules (auth, isolation, dedup)',
      matchers: { statuses: ['failed'], labels: { severity: 'critical' } },
      groupBy: [{ label: 'story' }],
    },
    {
      id: 'deviation',
      name: 'Deviations from the spec',
      matchers: { statuses: ['failed'] },
      groupBy: [{ label: 'story' }],
    },
    {
      id: 'could-not-check',
      name: 'Could not check (time-out, no answer, kit error)',
      matchers: { statuses: ['broken'] },
      groupByMessage: true,
    },
  ],
});
