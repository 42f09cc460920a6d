/**
 * The plan `fei-kit conformance` prints before the tests: about how many requests each tenant will be
 * sent, and how long its budget makes that take. The tenants share no budget, so the run takes about
 * as long as its slowest tenant, not the sum: tenant A's checks, tenant B's, and the rate-limit
 * checks, which wait out their tenant's windows, all go side by side.
 *
 * An estimate, from a model of the suite: the requests its checks send besides the properties
 * (counted against the reference server), each property's runs as suites/property-runner/property-runs.ts
 * sizes them for the target, and the rate-limit checks' bursts and windows.
 */
import type { RateLimitSettings, TenantLimits } from '../config/index.ts';
import { partOfShare, requestsPerSecond, runShareOfLimit } from '../pacing/request-pacer.ts';
import { PROPERTY_COSTS, type PropertyCost, remoteRuns } from '../suites/property-runner/property-runs.ts';
import { rateLimitPlan } from './rate-limit-plan.ts';

/** Requests the checks other than properties and rate-limit checks send per tenant (measured). */
export const OTHER_CHECKS_REQUESTS = Object.freeze({ A: 444, B: 10 });

/** What a run costs besides its tenants' budgets: starting, listing, the certificate. */
const FIXED_SECONDS = 10;

export interface TenantPlan {
  readonly tenant: 'A' | 'B' | 'RATE_LIMIT';
  readonly requests: number;
  readonly seconds: number;
  /** How the estimate was reached, for the printed line. */
  readonly why: string;
  /** Said before the run starts (the rate-limit checks': a limit out of this machine's reach, a time-out). */
  readonly warnings?: readonly string[];
}

export interface RunPlan {
  readonly tenants: readonly TenantPlan[];
  /** The slowest tenant plus the fixed part. */
  readonly seconds: number;
}

export interface PlanInput {
  readonly limits: TenantLimits;
  readonly embedded: boolean;
  readonly workers: number;
  readonly roundTripMs: number | undefined;
  readonly tenantB: boolean;
  readonly rateLimitTenant: boolean;
  /** Production without ALLOW_PRODUCTION_WRITES: only GETs, no property, no rate-limit check. */
  readonly readOnly: boolean;
  /** The part of the suite the run's filters select; absent: the whole suite. */
  readonly selection?: {
    readonly otherShare: number;
    readonly propertyShare: number;
    readonly rateLimit: boolean;
  };
}

const perSecond = (limit: RateLimitSettings): number => requestsPerSecond(partOfShare(limit, 1));

const runsOf = (cost: PropertyCost, input: PlanInput): number =>
  input.embedded
    ? cost.embeddedRuns
    : remoteRuns(input.limits.A, input.workers, cost.requestsPerRun, input.roundTripMs, cost.maxRemoteRuns);

/** Seconds to send `requests` of a tenant paced at the run's share of its limit, one round trip at least. */
const pacedSeconds = (requests: number, limit: RateLimitSettings, input: PlanInput): number =>
  Math.max(requests / perSecond(limit), ((input.roundTripMs ?? 0) / 1000) * (requests > 0 ? 1 : 0));

export const runPlan = (input: PlanInput): RunPlan => {
  const { otherShare = 1, propertyShare = 1, rateLimit = true } = input.selection ?? {};
  let a = OTHER_CHECKS_REQUESTS.A * otherShare;
  let b = input.tenantB ? OTHER_CHECKS_REQUESTS.B * otherShare : 0;
  if (!input.readOnly) {
    for (const cost of PROPERTY_COSTS) {
      const requests = runsOf(cost, input) * cost.requestsPerRun * propertyShare;
      const toB = input.tenantB ? (cost.tenantBShare ?? 0) : 0;
      a += requests * (1 - toB);
      b += requests * toB;
    }
  }
  const tenants: TenantPlan[] = [
    {
      tenant: 'A',
      requests: Math.round(a),
      seconds: pacedSeconds(a, input.limits.A, input),
      why: `at ${runShareOfLimit(input.limits.A)} per ${input.limits.A.windowSeconds} s`,
    },
  ];
  if (Math.round(b) > 0) {
    tenants.push({
      tenant: 'B',
      requests: Math.round(b),
      seconds: pacedSeconds(b, input.limits.B, input),
      why: `at ${runShareOfLimit(input.limits.B)} per ${input.limits.B.windowSeconds} s`,
    });
  }
  // The rate-limit checks have their own model (rate-limit-plan.ts).
  if (input.rateLimitTenant && !input.readOnly && rateLimit) {
    const { requests, seconds, why, warnings } = rateLimitPlan(input.limits.RATE_LIMIT, input.roundTripMs);
    tenants.push({ tenant: 'RATE_LIMIT', requests, seconds, why, warnings });
  }
  return { tenants, seconds: tenants.reduce((most, t) => Math.max(most, t.seconds), 0) + FIXED_SECONDS };
};

export const formatDuration = (seconds: number): string =>
  seconds < 90 ? `${Math.max(1, Math.round(seconds))} s` : `${(seconds / 60).toFixed(1)} min`;

const NAMES: Readonly<Record<TenantPlan['tenant'], string>> = {
  A: 'tenant A',
  B: 'tenant B',
  RATE_LIMIT: 'the rate-limit tenant',
};

/** The plan as the lines `fei-kit conformance` prints. */
export const describeRunPlan = (plan: RunPlan, embedded: boolean): string[] => [
  `plan: ${plan.tenants
    .map((t) => `${NAMES[t.tenant]} ~${t.requests} requests (${t.why}: ~${formatDuration(t.seconds)})`)
    .join('; ')}`,
  embedded
    ? 'plan: the reference server gives tenants A and B budgets the run never reaches: the run is bounded by this machine'
    : `plan: the tenants run side by side: about ${formatDuration(plan.seconds)} in all, set by the slowest tenant's budget`,
  ...plan.tenants.flatMap((t) => (t.warnings ?? []).map((warning) => `plan: warning: ${warning}`)),
];
