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

/**
 * Requests the checks other than properties and rate-limit checks send per tenant, measured: a run
 * against the reference server with FC_RUNS=1, less its properties' requests.
 */
export const OTHER_CHECKS_REQUESTS = Object.freeze({ A: 610, B: 25 });

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
  /** The preflight's round trip the plan was made for; undefined against the reference server. */
  readonly roundTripMs: number | undefined;
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

/**
 * Seconds to send `requests` of a tenant: paced at the run's share of its limit, and no faster than the
 * workers can wait out their round trips (each check sends its requests one after another, so a
 * worker sends one request per round trip), one round trip at least.
 */
const pacedSeconds = (requests: number, limit: RateLimitSettings, input: PlanInput): number => {
  const roundTrip = (input.roundTripMs ?? 0) / 1000;
  const waited = (requests * roundTrip) / Math.max(1, input.workers);
  return Math.max(requests / perSecond(limit), waited, roundTrip * (requests > 0 ? 1 : 0));
};

/** Why a tenant's time is what it is: its budget, or the round trips its requests wait out. */
const tenantWhy = (requests: number, limit: RateLimitSettings, input: PlanInput): string => {
  const budget = requests / perSecond(limit);
  const waited = (requests * ((input.roundTripMs ?? 0) / 1000)) / Math.max(1, input.workers);
  return waited > budget
    ? `${input.workers} worker${input.workers === 1 ? '' : 's'} at a round trip of ${input.roundTripMs} ms`
    : `at ${runShareOfLimit(limit)} per ${limit.windowSeconds} s`;
};

/** A run longer than this is said as a warning in the plan, before anything starts. */
export const LONG_RUN_SECONDS = 3600;

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
      why: tenantWhy(a, input.limits.A, input),
    },
  ];
  if (Math.round(b) > 0) {
    tenants.push({
      tenant: 'B',
      requests: Math.round(b),
      seconds: pacedSeconds(b, input.limits.B, input),
      why: tenantWhy(b, input.limits.B, input),
    });
  }
  // The rate-limit checks have their own model (rate-limit-plan.ts).
  if (input.rateLimitTenant && !input.readOnly && rateLimit) {
    const { requests, seconds, why, warnings } = rateLimitPlan(input.limits.RATE_LIMIT, input.roundTripMs);
    tenants.push({ tenant: 'RATE_LIMIT', requests, seconds, why, warnings });
  }
  return {
    tenants,
    seconds: tenants.reduce((most, t) => Math.max(most, t.seconds), 0) + FIXED_SECONDS,
    roundTripMs: input.roundTripMs,
  };
};

export const formatDuration = (seconds: number): string =>
  seconds < 90
    ? `${Math.max(1, Math.round(seconds))} s`
    : seconds < 5400
      ? `${(seconds / 60).toFixed(1)} min`
      : `${(seconds / 3600).toFixed(1)} h`;

const NAMES: Readonly<Record<TenantPlan['tenant'], string>> = {
  A: 'tenant A',
  B: 'tenant B',
  RATE_LIMIT: 'the rate-limit tenant',
};

/** The tenants' requests and times, on one line. */
const tenantsLine = (plan: RunPlan): string =>
  `plan: ${plan.tenants
    .map((t) => `${NAMES[t.tenant]} ~${t.requests} requests (${t.why}: ~${formatDuration(t.seconds)})`)
    .join('; ')}`;

/** How long the run will take, said first against a deployment: the round trip can make it long. */
const durationLines = (plan: RunPlan): string[] => {
  const slowest = plan.tenants.reduce<TenantPlan | undefined>(
    (most, t) => (most === undefined || t.seconds > most.seconds ? t : most),
    undefined,
  );
  const lines = [
    `plan: about ${formatDuration(plan.seconds)} in all at a round trip of ${plan.roundTripMs} ms: the tenants run side by side, set by the slowest${slowest ? ` (${NAMES[slowest.tenant]})` : ''}`,
  ];
  if (plan.seconds > LONG_RUN_SECONDS)
    lines.push(
      `plan: warning: at this round trip the whole suite takes about ${formatDuration(plan.seconds)}; a --grep of the rules you need, or a deployment nearer this machine, takes less (every verdict is the same, only later)`,
    );
  return lines;
};

/** The plan as the lines `fei-kit conformance` prints: with a measured round trip, its duration first. */
export const describeRunPlan = (plan: RunPlan, embedded: boolean): string[] => [
  ...(plan.roundTripMs === undefined ? [] : durationLines(plan)),
  tenantsLine(plan),
  ...(embedded
    ? [
        'plan: the reference server gives tenants A and B budgets the run never reaches: the run is bounded by this machine',
      ]
    : []),
  ...plan.tenants.flatMap((t) => (t.warnings ?? []).map((warning) => `plan: warning: ${warning}`)),
];
