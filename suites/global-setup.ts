/**
 * Runs once before the conformance suites. With no TARGET_BASE_URL it starts the embedded reference
 * server and points the whole run at it through the target-contract variables, which the workers
 * inherit. It also fixes the run id, so every worker tags its data the same way.
 */
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { loadDotEnv, readTargetContract } from '../config/index.ts';
import { startReferenceServer } from '../reference/index.ts';
import { targetEnvironmentOf } from '../reference/target-env.ts';
import { REQUEST_STATS_FOLDER, RUN_STOP_FILE } from './support/fixtures.ts';
import { TARGET_HEALTH_FILE } from './support/run-guard.ts';

export default async function globalSetup(_config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  if (process.env.KIT_IGNORE_DOTENV !== 'true') loadDotEnv();
  const contract = readTargetContract();
  process.env.KIT_RUN_ID = contract.kind === 'remote' ? contract.target.runId : contract.runId;
  rmSync(REQUEST_STATS_FOLDER, { recursive: true, force: true });
  rmSync(RUN_STOP_FILE, { force: true });
  rmSync(join(dirname(RUN_STOP_FILE), TARGET_HEALTH_FILE), { force: true });
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
