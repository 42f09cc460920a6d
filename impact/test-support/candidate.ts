/**
 * A reference server standing for a release candidate (or a baseline), and the gate's plan against it:
 * its tenant A as the sandbox tenant, its rate-limit tenant at a small limit so that a 429 is quick to
 * provoke, the others at a generous one unless the test sets it. Several servers started with `tenants` share the same credentials, as a baseline and a
 * candidate of one sandbox do.
 */

import {
  type ReferenceServerOptions,
  type RunningReferenceServer,
  type SeededTenant,
  startReferenceServer,
} from '../../reference/index.ts';
import { type ImpactPlan, type ImpactResult, runImpact } from '../impact-run.ts';

export const SMALL_RATE_LIMIT = { requestsPerWindow: 5, windowSeconds: 60 };

/** The sandbox tenants' limit unless a test sets one: as the embedded target's, so pacing costs nothing. */
const GENEROUS_RATE_LIMIT = { requestsPerWindow: 100_000, windowSeconds: 10 };

/** A reference server; given `sharing`, with that server's tenants (a baseline and its candidate). */
export const startCandidate = (
  options: Omit<ReferenceServerOptions, 'tenantRateLimits' | 'tenants'> = {},
  sharing?: RunningReferenceServer,
): Promise<RunningReferenceServer> =>
  startReferenceServer({
    rateLimit: GENEROUS_RATE_LIMIT,
    ...options,
    ...(sharing ? { tenants: sharing.allTenants } : {}),
    tenantRateLimits: { RATE_LIMIT: SMALL_RATE_LIMIT },
  });

const sandbox = (server: RunningReferenceServer, tenant: SeededTenant) => ({
  name: tenant.name,
  clientId: tenant.clientId,
  accessToken: tenant.accessToken,
  limit: server.rateLimits[tenant.name] ?? server.rateLimit,
});

/** The gate run against `candidate` (and `baseline`), its lines collected in `lines`. */
export const impactAgainst = (
  traffic: string,
  candidate: RunningReferenceServer,
  options: {
    baseline?: RunningReferenceServer;
    lines?: string[];
    spread?: boolean;
    progressEveryMs?: number;
  } = {},
): Promise<ImpactResult> => {
  const plan: ImpactPlan = {
    traffic,
    candidate: candidate.baseUrl,
    ...(options.baseline ? { baseline: options.baseline.baseUrl } : {}),
    sandboxTenants: [
      sandbox(candidate, candidate.tenants.A),
      ...(options.spread ? [sandbox(candidate, candidate.tenants.B)] : []),
    ],
    rateLimitTenant: sandbox(candidate, candidate.tenants.RATE_LIMIT),
    timeoutMs: 15_000,
    say: (line) => options.lines?.push(line),
    ...(options.progressEveryMs ? { progressEveryMs: options.progressEveryMs } : {}),
  };
  return runImpact(plan);
};

/** Each tenant's verdict, by tenant name. */
export const verdicts = (result: ImpactResult): Record<string, string> =>
  Object.fromEntries(result.tenants.map((t) => [t.tenant, t.verdict]));
