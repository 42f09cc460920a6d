/**
 * The one line a run stopped for throttling ends with: which tenant, how many requests it had sent in
 * the window before the 429s began (from the workers' request counts), the configured limit, and what
 * to do about it.
 */
import {
  type RateLimitSettings,
  type TargetContract,
  TENANT_LIMIT_VARIABLES,
  TENANT_NAMES,
  type TenantName,
} from '../config/index.ts';
import { contractVariable } from '../config/settings/index.ts';
import { CONTRACT_VARIABLES, SHARED_LIMIT_VARIABLES } from '../contract/index.ts';
import { sumRequestStats } from '../pacing/request-budget.ts';
import type { RunStop } from '../run-records/run-stop.ts';

/** The throttled tenant, its contract limit and how many requests it sent in the window before the stop. */
export const throttledTenantCount = (
  stop: RunStop,
  statsFolder: string,
  contract: TargetContract,
): {
  readonly tenant: string;
  readonly name: TenantName;
  readonly limit: RateLimitSettings;
  readonly sent: number;
} => {
  const tenant = stop.tenant ?? '?';
  const limits = contract.kind === 'remote' ? contract.target.limits : contract.limits;
  const name: TenantName = (TENANT_NAMES as readonly string[]).includes(tenant)
    ? (tenant as TenantName)
    : 'A';
  const limit = limits[name];
  const windowMs = limit.windowSeconds * 1000;
  const at = Date.parse(stop.at);
  const slots = sumRequestStats(statsFolder, contractVariable(CONTRACT_VARIABLES.runId).read()).sent.get(
    tenant,
  );
  return { tenant, name, limit, sent: slots?.countBetween(at - windowMs, at) ?? 0 };
};

export const throttleLine = ({
  tenant,
  name,
  limit,
  sent,
}: ReturnType<typeof throttledTenantCount>): string => {
  const variables = TENANT_LIMIT_VARIABLES[name];
  return `THROTTLED: tenant ${tenant} met 429s outside the rate-limit checks after sending about ${sent} requests in the ${limit.windowSeconds} s before them, while the contract says ${limit.requestsPerWindow} per ${limit.windowSeconds} s (the run paces itself to 80 % of that). Set the tenant's real limit in the target contract (${variables.requestsPerWindow}, ${variables.windowSeconds}, or the shared ${SHARED_LIMIT_VARIABLES.requestsPerWindow}, ${SHARED_LIMIT_VARIABLES.windowSeconds}), or report to the provider a limit below the spec's 1000 per minute.`;
};
