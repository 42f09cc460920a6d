/**
 * Playwright's global setup of the conformance run (playwright.config.ts), outside suites/ so that the
 * suites never import the reference server. With no TARGET_BASE_URL it starts the embedded reference
 * server through its public entry and points the whole run at it through the target-contract
 * variables, which the workers inherit. It also fixes the run id, so every worker tags its data the
 * same way, clears the files a previous run's workers shared (request counts, stop, target health),
 * and starts the run's shared pacing (pacing/pacing-broker.ts) for every tenant whose budget
 * could slow the run.
 */
import { rmSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { loadDotEnvUnlessIgnored, readTargetContract, type TenantLimits } from '../config/index.ts';
import { contractVariable, KIT_PACING_URL } from '../config/settings/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { needsSharedPacing, startPacingBroker } from '../pacing/pacing-broker.ts';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { answersFileSetting, referenceSetting } from './reference-setting.ts';

/** The broker for the paced tenants (A, B) whose budget is tight for this many workers, if any. */
const startPacing = async (limits: TenantLimits, config: FullConfig) => {
  const shards = config.shard?.total ?? 1;
  const tight = (['A', 'B'] as const).filter((name) =>
    needsSharedPacing(limits[name], config.workers, shards),
  );
  if (tight.length === 0) return undefined;
  const broker = await startPacingBroker(Object.fromEntries(tight.map((name) => [name, limits[name]])), {
    shards,
    say: (line) => process.stdout.write(`${line}\n`),
  });
  KIT_PACING_URL.write(broker.url);
  return broker;
};

export default async function globalSetup(config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  loadDotEnvUnlessIgnored();
  const contract = readTargetContract();
  contractVariable(CONTRACT_VARIABLES.runId).write(
    contract.kind === 'remote' ? contract.target.runId : contract.runId,
  );
  const paths = outputPaths();
  rmSync(paths.requestStats, { recursive: true, force: true });
  rmSync(paths.heldEvents, { recursive: true, force: true });
  rmSync(paths.runStop, { force: true });
  rmSync(paths.targetHealth, { force: true });
  rmSync(paths.unavailability, { force: true });
  KIT_PACING_URL.write(undefined);
  if (contract.kind === 'remote') {
    const broker = await startPacing(contract.target.limits, config);
    return broker ? () => broker.close() : undefined;
  }
  const server = await startReferenceServer({
    rateLimit: contract.limits.A,
    tenantRateLimits: contract.limits,
    mutant: referenceSetting('MUTANT', process.env, (line) => process.stderr.write(line)),
    behaviour: undefined,
    variant: referenceSetting('VARIANT', process.env, (line) => process.stderr.write(line)),
    deployment: referenceSetting('DEPLOYMENT', process.env, (line) => process.stderr.write(line)),
    ...answersFileSetting(process.env),
  });
  Object.assign(process.env, targetEnvironmentOf(server));
  const broker = await startPacing(contract.limits, config);
  return async () => {
    await broker?.close();
    await server.close();
  };
}
