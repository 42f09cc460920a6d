/**
 * Where a run's evidence goes. One root (`reports/output`, or `KIT_OUTPUT_DIR`, which the kit's own
 * tests set so that they never touch a user's last report, certificate or history), and under it a
 * fixed layout that the Playwright reporters, the report builder, the certificate and allurerc.mjs
 * share. allurerc.mjs cannot import TypeScript: it repeats the two rules marked below, and a kit
 * test checks that both agree.
 */
import { join, resolve } from 'node:path';

export interface OutputPaths {
  readonly root: string;
  readonly conformance: string;
  readonly results: string;
  readonly junit: string;
  readonly observations: string;
  /** Each worker's request counts, one file a worker (pacing/request-stats.ts). */
  readonly requestStats: string;
  /** The run's request counts per tenant, summed by `npm run conformance` after the run. */
  readonly requestBudget: string;
  /** Written by the worker that stops the run (run-stop.ts); every other worker then sends nothing. */
  readonly runStop: string;
  /** The run of unanswered requests that may end in a stop, kept across workers. */
  readonly targetHealth: string;
  /** The run's facts (target without tokens, run id, dates, filters): run-reporter.ts writes it. */
  readonly runInfo: string;
  /** allure-playwright's results, one run's only (the run reporter empties it when a run begins). */
  readonly allureResults: string;
  /** Results the report builder adds: the k6 thresholds and the observations summary. */
  readonly allureExtraResults: string;
  readonly allureReport: string;
  readonly history: string;
  readonly certificate: string;
  readonly load: string;
  readonly screenshots: string;
}

/** Same rule in allurerc.mjs. */
export const outputRoot = (env: NodeJS.ProcessEnv = process.env): string =>
  resolve(env.KIT_OUTPUT_DIR?.trim() || join('reports', 'output'));

/** Same rule in allurerc.mjs: CI restores the previous run's file and points ALLURE_HISTORY_PATH at it. */
export const historyPathOf = (root: string, env: NodeJS.ProcessEnv = process.env): string =>
  resolve(env.ALLURE_HISTORY_PATH?.trim() || join(root, 'history', 'history.jsonl'));

export const outputPaths = (env: NodeJS.ProcessEnv = process.env): OutputPaths => {
  const root = outputRoot(env);
  const conformance = join(root, 'conformance');
  return Object.freeze({
    root,
    conformance,
    results: join(conformance, 'results.json'),
    junit: join(conformance, 'junit.xml'),
    observations: join(conformance, 'observations.json'),
    requestStats: join(conformance, 'request-stats'),
    requestBudget: join(conformance, 'request-stats.json'),
    runStop: join(conformance, 'run-stop.json'),
    targetHealth: join(conformance, 'target-health.json'),
    runInfo: join(conformance, 'run.json'),
    allureResults: join(root, 'allure-results'),
    allureExtraResults: join(root, 'allure-results-extra'),
    allureReport: join(root, 'allure-report'),
    history: historyPathOf(root, env),
    certificate: join(root, 'certificate'),
    // The k6 runner's own rule (load/run-k6.ts): LOAD_REPORT_DIR, else reports/output/load.
    load: env.LOAD_REPORT_DIR?.trim() ? resolve(env.LOAD_REPORT_DIR.trim()) : join(root, 'load'),
    screenshots: join(root, 'screenshots'),
  });
};
