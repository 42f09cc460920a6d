/**
 * Where a run's evidence goes. One root (`fei-kit-output` in the working folder, or `KIT_OUTPUT_DIR`,
 * or a command's `--output`, which sets it; the kit's own
 * tests set so that they never touch a user's last report, certificate or history), and under it a
 * fixed layout that the Playwright reporters, the report builder, the certificate and allurerc.mjs
 * share. allurerc.mjs cannot import TypeScript: it repeats the two rules marked below, and a kit
 * test checks that both agree.
 */
import { join, resolve } from 'node:path';
import {
  ALLURE_HISTORY_PATH,
  KIT_OUTPUT_DIR,
  LOAD_DIST_DIR,
  LOAD_REPORT_DIR,
} from '../config/settings/index.ts';

export interface OutputPaths {
  readonly root: string;
  readonly conformance: string;
  readonly results: string;
  readonly junit: string;
  readonly observations: string;
  /** Each worker's request counts, one file a worker (pacing/request-stats.ts). */
  readonly requestStats: string;
  /** The run's request counts per tenant, summed by `fei-kit conformance` after the run. */
  readonly requestBudget: string;
  /** Written by the worker that stops the run (run-stop.ts); every other worker then sends nothing. */
  readonly runStop: string;
  /** The event a check creates for the look at the end of the run, a file per run id (suites/held/). */
  readonly heldEvents: string;
  /** The run of unanswered requests that may end in a stop, kept across workers. */
  readonly targetHealth: string;
  /** The windows in which the deployment was unavailable, as the workers met them (pacing/unavailability.ts). */
  readonly unavailability: string;
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
  /** The k6 scripts as esbuild bundles them, for k6 to run (LOAD_DIST_DIR overrides it). */
  readonly bundles: string;
  readonly screenshots: string;
  /** `fei-kit reference`'s credentials file (mode 0600) and, over HTTPS, its certificate. */
  readonly reference: string;
  readonly selfCheck: string;
  readonly bench: string;
}

/**
 * The output root when neither KIT_OUTPUT_DIR nor --output names one: a folder of the working folder
 * (the project that runs the kit), never of the kit's own folder, which may be inside node_modules.
 * Same rule in allurerc.mjs.
 */
export const DEFAULT_OUTPUT_FOLDER = 'fei-kit-output';

/** Same rule in allurerc.mjs. */
export const outputRoot = (env: NodeJS.ProcessEnv = process.env): string =>
  resolve(KIT_OUTPUT_DIR.read(env) || DEFAULT_OUTPUT_FOLDER);

/** Same rule in allurerc.mjs: CI restores the previous run's file and points ALLURE_HISTORY_PATH at it. */
export const historyPathOf = (root: string, env: NodeJS.ProcessEnv = process.env): string =>
  resolve(ALLURE_HISTORY_PATH.read(env) || join(root, 'history', 'history.jsonl'));

/** A folder a setting names (from the working folder), else its place under the output root. */
const inOrBeside = (named: string | undefined, fallback: string): string =>
  named ? resolve(named) : fallback;

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
    heldEvents: join(conformance, 'held-events'),
    requestBudget: join(conformance, 'request-stats.json'),
    runStop: join(conformance, 'run-stop.json'),
    targetHealth: join(conformance, 'target-health.json'),
    unavailability: join(conformance, 'unavailability.jsonl'),
    runInfo: join(conformance, 'run.json'),
    allureResults: join(root, 'allure-results'),
    allureExtraResults: join(root, 'allure-results-extra'),
    allureReport: join(root, 'allure-report'),
    history: historyPathOf(root, env),
    certificate: join(root, 'certificate'),
    // Every k6 run's reports: LOAD_REPORT_DIR (what the runners hand k6), else <root>/load.
    load: inOrBeside(LOAD_REPORT_DIR.read(env), join(root, 'load')),
    bundles: inOrBeside(LOAD_DIST_DIR.read(env), join(root, 'k6-bundles')),
    screenshots: join(root, 'screenshots'),
    reference: join(root, 'reference'),
    selfCheck: join(root, 'self-check'),
    bench: join(root, 'bench'),
  });
};
