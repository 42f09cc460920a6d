/**
 * The plan of the `capacity` k6 script: every tenant of a tenants file driven at a share of its own
 * limit, at once, for a duration. Pure: no k6 import, no Node API.
 *
 * One open-model scenario (constant-arrival-rate) at the sum of the tenants' rates; each iteration is
 * POST, GET and PUT of one realistic event (three requests) of the tenant the schedule gives it
 * (capacity-schedule.ts), so each tenant is sent exactly floor(CAPACITY_SHARE × its limit / 3)
 * iterations per window of its own. The period of the scenario is the least common multiple of the
 * tenants' windows. One scenario rather than one per tenant: k6 splits it between execution segments
 * like any other, and hundreds of tenants do not each need VUs of their own.
 *
 * Thresholds: p95 and p99 per endpoint (the latency script's LATENCY_* settings), the share of
 * unexpected statuses per endpoint (429 aside: CAPACITY_MAX_ERROR_RATE, default 0), no 429 for any
 * tenant (each below its limit), and no dropped iteration (LOAD_DROPPED_TOLERANCE).
 */

import {
  ALLOW_PRODUCTION_LOAD,
  CAPACITY_MAX_ERROR_RATE,
  CAPACITY_SHARE,
  LOAD_DURATION,
  LOAD_SEED,
} from '../../config/settings/load-settings.ts';
import { CONTRACT_VARIABLES, decideEnvironment } from '../../contract/index.ts';
import { interleavedSchedule } from './capacity-schedule.ts';
import { type Env, LoadSetupError, text } from './env.ts';
import {
  createRetrieveUpdateScenario,
  ENDPOINTS,
  endpointLatencyThresholds,
  type LatencyLimits,
  latencyLimits,
} from './latency-plan.ts';
import { droppedAllowed, iterationsOpenModel } from './open-model.ts';
import type { CapacityTenant } from './tenants-file.ts';
import { SUMMARY_TREND_STATS, type ThresholdSpec, thresholdsOption } from './thresholds.ts';

export const CAPACITY_SCRIPT = 'capacity';
export const REQUESTS_PER_ITERATION = ENDPOINTS.length;
export const DEFAULT_CAPACITY_SECONDS = Object.freeze({ deployment: 60, embedded: 20 });

export const CAPACITY_METRICS = Object.freeze({
  /** Counter: a 429 answer, tagged with the tenant's name. */
  throttled: 'capacity_throttled',
  /** Rate per request: 1 for a status neither expected nor 429, tagged with the endpoint. */
  unexpected: 'capacity_unexpected_status',
});

/** The type of every metric a capacity threshold or the merged verdict reads, as k6 reports it. */
export const CAPACITY_METRIC_TYPES: Readonly<Record<string, 'counter' | 'rate' | 'trend'>> = Object.freeze({
  http_req_duration: 'trend',
  http_reqs: 'counter',
  dropped_iterations: 'counter',
  iterations: 'counter',
  [CAPACITY_METRICS.throttled]: 'counter',
  [CAPACITY_METRICS.unexpected]: 'rate',
});

export interface CapacityTenantPlan {
  readonly tenant: CapacityTenant;
  /** Iterations (three requests each) per window of the tenant's own. */
  readonly iterationsPerWindow: number;
  /** Iterations per period of the scenario. */
  readonly iterationsPerPeriod: number;
}

export interface CapacityTarget {
  readonly baseUrl: string;
  readonly environment: 'sandbox' | 'production';
  readonly embedded: boolean;
  readonly runId: string | undefined;
}

export interface CapacityPlan {
  readonly target: CapacityTarget;
  readonly tenants: readonly CapacityTenantPlan[];
  readonly share: number;
  readonly periodSeconds: number;
  /** Iterations of the whole scenario per period: the schedule's length. */
  readonly iterationsPerPeriod: number;
  readonly durationSeconds: number;
  readonly plannedIterations: number;
  readonly limits: LatencyLimits;
  readonly maxErrorRate: number;
  readonly droppedAllowed: number;
  readonly seed: number;
}

const MAX_PERIOD_SECONDS = 3600;
const MAX_ITERATIONS_PER_PERIOD = 2_000_000;
const RUN_ID_PATTERN = /^[A-Za-z0-9-]{1,40}$/;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

export const capacityTarget = (env: Env, tenants: readonly CapacityTenant[]): CapacityTarget => {
  const { baseUrl: baseUrlName, environment, runId: runIdName, embeddedTarget } = CONTRACT_VARIABLES;
  const baseUrl = text(env, baseUrlName);
  if (baseUrl === undefined) {
    throw new LoadSetupError(
      `${baseUrlName} is not set: run the script through fei-kit load capacity (which starts the reference server), or set it`,
    );
  }
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) {
    throw new LoadSetupError(`${baseUrlName} must be an http:// or https:// address`);
  }
  // The contract's one environment decision: tokens of both environments are a configuration error.
  const decision = decideEnvironment(
    text(env, environment),
    tenants.map((tenant, index) => ({
      variable: `the tenants file's tenant ${index + 1} (${tenant.name})`,
      token: tenant.accessToken,
    })),
  );
  if (!decision.ok) throw new LoadSetupError(decision.message);
  const runId = text(env, runIdName);
  if (runId !== undefined && !RUN_ID_PATTERN.test(runId)) {
    throw new LoadSetupError(`${runIdName} must be 1 to 40 letters, digits or dashes`);
  }
  return Object.freeze({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    environment: decision.environment,
    embedded: text(env, embeddedTarget) === 'true',
    runId,
  });
};

/** The refusal to load a production target unless ALLOW_PRODUCTION_LOAD=true; else undefined. */
export const capacityProductionRefusal = (env: Env, target: CapacityTarget): string | undefined =>
  target.environment === 'production' && !ALLOW_PRODUCTION_LOAD.read(env)
    ? `refusing to run the capacity load script against a production target (${CONTRACT_VARIABLES.environment}=production, or production tokens in the tenants file); set ALLOW_PRODUCTION_LOAD=true to allow it`
    : undefined;

export const capacityPlan = (env: Env, tenants: readonly CapacityTenant[]): CapacityPlan => {
  const target = capacityTarget(env, tenants);
  const share = CAPACITY_SHARE.read(env);
  const periodSeconds = tenants.reduce((lcm, t) => (lcm * t.windowSeconds) / gcd(lcm, t.windowSeconds), 1);
  if (periodSeconds > MAX_PERIOD_SECONDS) {
    throw new LoadSetupError(
      `the tenants' windows have a common period of ${periodSeconds}s, more than ${MAX_PERIOD_SECONDS}s: use windows that divide one another`,
    );
  }
  const plans = tenants.map((tenant): CapacityTenantPlan => {
    const iterationsPerWindow = Math.floor((tenant.requestsPerWindow * share) / REQUESTS_PER_ITERATION);
    if (iterationsPerWindow < 1) {
      throw new LoadSetupError(
        `CAPACITY_SHARE=${share} of tenant ${tenant.name}'s limit of ${tenant.requestsPerWindow} requests is less than one POST+GET+PUT per window`,
      );
    }
    return Object.freeze({
      tenant,
      iterationsPerWindow,
      iterationsPerPeriod: iterationsPerWindow * (periodSeconds / tenant.windowSeconds),
    });
  });
  const iterationsPerPeriod = plans.reduce((sum, p) => sum + p.iterationsPerPeriod, 0);
  if (iterationsPerPeriod > MAX_ITERATIONS_PER_PERIOD) {
    throw new LoadSetupError(
      `the tenants' rates add up to more than ${MAX_ITERATIONS_PER_PERIOD} iterations per ${periodSeconds}s`,
    );
  }
  const duration =
    LOAD_DURATION.read(env) ??
    (target.embedded ? DEFAULT_CAPACITY_SECONDS.embedded : DEFAULT_CAPACITY_SECONDS.deployment);
  const plannedIterations = Math.floor((iterationsPerPeriod * duration) / periodSeconds);
  return Object.freeze({
    target,
    tenants: Object.freeze(plans),
    share,
    periodSeconds,
    iterationsPerPeriod,
    durationSeconds: duration,
    plannedIterations,
    limits: latencyLimits(env),
    maxErrorRate: CAPACITY_MAX_ERROR_RATE.read(env),
    droppedAllowed: droppedAllowed(env, plannedIterations),
    seed: LOAD_SEED.read(env),
  });
};

/** The schedule of the plan's scenario: the tenant index of each slot of a period. */
export const capacitySchedule = (plan: CapacityPlan): readonly number[] =>
  interleavedSchedule(plan.tenants.map((t) => t.iterationsPerPeriod));

export const capacityThresholds = (plan: CapacityPlan): ThresholdSpec[] => {
  const specs = endpointLatencyThresholds(plan.limits);
  for (const endpoint of ENDPOINTS) {
    specs.push({
      metric: `${CAPACITY_METRICS.unexpected}{endpoint:${endpoint}}`,
      expression: plan.maxErrorRate === 0 ? 'rate==0' : `rate<=${plan.maxErrorRate}`,
      ruleId: 'LOAD-EXPECTED-STATUSES',
      title: `${endpoint}: ${plan.maxErrorRate === 0 ? 'every' : `all but ${plan.maxErrorRate * 100}% of`} responses have the expected status (429 is judged per tenant)`,
    });
  }
  const percent = Math.round(plan.share * 100);
  for (const { tenant } of plan.tenants) {
    specs.push({
      metric: `${CAPACITY_METRICS.throttled}{tenant:${tenant.name}}`,
      expression: 'count==0',
      ruleId: 'RATE-LIMIT-429',
      title: `tenant ${tenant.name} at ${percent}% of its limit (${tenant.requestsPerWindow} per ${tenant.windowSeconds} s) is never throttled`,
    });
  }
  specs.push(iterationsOpenModel(plan));
  return specs;
};

export const capacityOptions = (plan: CapacityPlan, env: Env) => ({
  scenarios: {
    capacity: createRetrieveUpdateScenario(env, {
      exec: 'tenantIteration',
      rate: plan.iterationsPerPeriod,
      timeUnitSeconds: plan.periodSeconds,
      durationSeconds: plan.durationSeconds,
      embedded: plan.target.embedded,
    }),
  },
  thresholds: thresholdsOption(capacityThresholds(plan)),
  summaryTrendStats: [...SUMMARY_TREND_STATS],
  setupTimeout: '30s',
});

/** The settings a report shows (no secret: tenants by name only). */
export const capacitySettings = (plan: CapacityPlan): Record<string, string | number> => ({
  tenants: plan.tenants.length,
  share: plan.share,
  durationSeconds: plan.durationSeconds,
  periodSeconds: plan.periodSeconds,
  iterationsPerPeriod: plan.iterationsPerPeriod,
  requestsPerIteration: REQUESTS_PER_ITERATION,
  plannedIterations: plan.plannedIterations,
  ...Object.fromEntries(
    Object.entries(plan.limits).flatMap(([endpoint, l]) => [
      [`${endpoint}P95Ms`, l.p95],
      [`${endpoint}P99Ms`, l.p99],
    ]),
  ),
});
