/**
 * Every test of the conformance suite, run or not: `playwright test --list` against no target (the
 * listing starts no server and sends nothing). The certificate uses it to tell "no test checks this
 * rule" (not covered) from "its tests were filtered out or are not for production". The whole
 * listing is kept between runs of the same kit files (suite-listing-cache.ts).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { isContractVariable } from '../../contract/index.ts';
import { type TestOutcome, testOutcomes } from '../../run-records/check-record-reader.ts';
import { KIT_ROOT, playwrightEnvironment } from '../../utilities/kit-root.ts';
import { cachedListing, privateCacheFolder } from './suite-listing-cache.ts';

const require = createRequire(import.meta.url);

/** Besides the contract's own: variables of a run in progress, and any the contract may grow. */
const RUN_VARIABLE_PREFIXES = [
  'TARGET_',
  'TENANT_A_',
  'TENANT_B_',
  'RATE_LIMIT_',
  'ALLOW_PRODUCTION_',
  'KIT_REFERENCE_',
  'KIT_EMBEDDED',
  'KIT_ENV_FILE',
  'PLAYWRIGHT_JSON_',
];

/** The contract and the run's own variables are left out, so the listing is of the whole suite. */
export const listingEnvironment = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => {
  const clean: NodeJS.ProcessEnv = { ...env, KIT_IGNORE_DOTENV: 'true' };
  for (const name of Object.keys(clean)) {
    if (isContractVariable(name) || RUN_VARIABLE_PREFIXES.some((prefix) => name.startsWith(prefix))) {
      delete clean[name];
    }
  }
  return clean;
};

const SUITE_CONFIG = join(KIT_ROOT, 'playwright.config.ts');

/** `playwright test --list`, every time. */
export const listSuite = (
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 60_000,
  configFile = SUITE_CONFIG,
  /** Filters, to list only what they select. */
  filters: readonly string[] = [],
  /** List as the run itself sees the suite (its target, production's read-only mode), not all of it. */
  asTheRun = false,
): Promise<TestOutcome[] | undefined> =>
  new Promise((resolve) => {
    const cli = require.resolve('@playwright/test/cli');
    const args = [cli, 'test', '-c', configFile, ...filters, '--list', '--reporter=json'];
    const child = spawn(process.execPath, args, {
      cwd: KIT_ROOT,
      env: playwrightEnvironment(asTheRun ? env : listingEnvironment(env)),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    // 'close', not 'exit': the listing is whole only once its pipe is drained.
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return resolve(undefined);
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve(testOutcomes(JSON.parse(text.slice(text.indexOf('{'))) as JSONReport));
      } catch {
        resolve(undefined);
      }
    });
  });

/**
 * The whole suite, as any run of this kit's files lists it: kept between runs (suite-listing-cache.ts),
 * listed only when the kit's files changed since.
 */
export const wholeSuiteListing = (
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 60_000,
): Promise<TestOutcome[] | undefined> =>
  cachedListing(() => listSuite(env, timeoutMs), { root: KIT_ROOT, folder: privateCacheFolder(), env });
