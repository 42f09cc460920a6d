/**
 * Playwright's global setup of the conformance run (playwright.config.ts), outside suites/ so that the
 * suites never import the reference server. With no TARGET_BASE_URL it starts the embedded reference
 * server through its public entry and points the whole run at it through the target-contract
 * variables, which the workers inherit. It also fixes the run id, so every worker tags its data the
 * same way, and clears the files a previous run's workers shared (request counts, stop, target health).
 */
import { rmSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { loadDotEnv, readTargetContract } from '../config/index.ts';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import { outputPaths } from '../run-output/output-paths.ts';

export default async function globalSetup(_config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  if (process.env.KIT_IGNORE_DOTENV !== 'true') loadDotEnv();
  const contract = readTargetContract();
  process.env.KIT_RUN_ID = contract.kind === 'remote' ? contract.target.runId : contract.runId;
  const paths = outputPaths();
  rmSync(paths.requestStats, { recursive: true, force: true });
  rmSync(paths.runStop, { force: true });
  rmSync(paths.targetHealth, { force: true });
  if (contract.kind === 'remote') return undefined;
  const server = await startReferenceServer({
    rateLimit: contract.rateLimit,
    mutant: process.env.KIT_REFERENCE_MUTANT || undefined,
    behaviour: undefined,
    variant: process.env.KIT_REFERENCE_VARIANT || undefined,
  });
  Object.assign(process.env, targetEnvironmentOf(server));
  return () => server.close();
}
