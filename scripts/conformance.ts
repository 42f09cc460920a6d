/**
 * `npm run conformance [-- <playwright arguments>]`: checks the target contract, makes one preflight
 * request, runs the conformance suites and reports the run's own request counts. Exit codes
 * (config/exit-codes.ts) tell a deviation (1) from a run that could not happen (2, 3).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ConfigError,
  caTrustEnvironment,
  EXIT,
  loadDotEnv,
  mayWrite,
  readTargetContract,
} from '../config/index.ts';
import { certificateStep } from '../reports/certificate/write-certificate.ts';
import { CONFORMANCE_OUTPUT, REQUEST_STATS_FOLDER } from '../suites/support/fixtures.ts';
import {
  describeRequestBudget,
  requestBudgetReport,
  sumRequestStats,
} from '../suites/support/request-budget.ts';
import { runPlaywright } from './playwright-cli.ts';
import { PreflightError, preflight } from './preflight.ts';

const say = (line: string): void => {
  process.stdout.write(`conformance: ${line}\n`);
};

const main = async (): Promise<number> => {
  try {
    if (process.env.KIT_IGNORE_DOTENV !== 'true') loadDotEnv();
    const contract = readTargetContract();
    process.env.KIT_RUN_ID = contract.kind === 'remote' ? contract.target.runId : contract.runId;
    if (contract.kind === 'remote') {
      const { target } = contract;
      say(`target ${target.baseUrl} (${target.environment}), run ${target.runId}`);
      // Playwright and its workers, started below, trust TARGET_CA_FILE from their first instruction.
      Object.assign(process.env, caTrustEnvironment(target));
      if (!mayWrite(target)) {
        say(
          'PRODUCTION target: only @readonly checks run (set ALLOW_PRODUCTION_WRITES=true to run everything)',
        );
      }
      await preflight(target);
    } else {
      say(`no TARGET_BASE_URL: starting the embedded reference server, run ${contract.runId}`);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      say(`configuration error: ${error.message}`);
      return EXIT.badConfiguration;
    }
    if (error instanceof PreflightError) {
      say(error.message);
      return error.exitCode;
    }
    throw error;
  }
  const code = await runPlaywright(['test', '-c', 'playwright.config.ts', ...process.argv.slice(2)]);
  // The run's own request budget: what each tenant was sent, and any 429 met outside @ratelimit.
  const contract = readTargetContract();
  const rateLimit = contract.kind === 'remote' ? contract.target.rateLimit : contract.rateLimit;
  const runId = process.env.KIT_RUN_ID;
  const budget = requestBudgetReport(sumRequestStats(REQUEST_STATS_FOLDER, runId), rateLimit, { runId });
  mkdirSync(CONFORMANCE_OUTPUT, { recursive: true });
  writeFileSync(join(CONFORMANCE_OUTPUT, 'request-stats.json'), `${JSON.stringify(budget, null, 2)}\n`);
  for (const line of describeRequestBudget(budget)) say(line);
  await certificateStep(say);
  return code === 0 && budget.breaches.length === 0 ? EXIT.ok : EXIT.deviation;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(`internal error: ${(error as Error).message}`);
    process.exit(EXIT.deviation);
  },
);
