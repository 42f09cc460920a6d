/**
 * The plan of the `latency` k6 script, from the environment. Pure: no k6 import, no Node API.
 *
 * One scenario, open model (constant-arrival-rate): each iteration is POST (create), GET (retrieve)
 * and PUT (update) of one realistic event of generators/k6-safe.ts, three requests of tenant A, at
 * LOAD_SHARE (default 0.8) of tenant A's limit, for LOAD_DURATION (default 1m against a deployment,
 * 20s against the reference server). Thresholds: p95 and p99 of http_req_duration per
 * endpoint tag, every status check passed, no 429 below the limit, no dropped iteration.
 *
 * Latency defaults (milliseconds), each overridable by environment:
 *   LATENCY_P95_MS (default 500) and LATENCY_P99_MS (default 1000) for every endpoint;
 *   LATENCY_<CREATE|RETRIEVE|UPDATE>_P95_MS / _P99_MS for one endpoint.
 */
import {
  LATENCY_ENDPOINT_SETTINGS,
  LATENCY_MIN_CHECK_RATE,
  LATENCY_P95_MS,
  LATENCY_P99_MS,
} from '../../config/settings/load-script-settings.ts';
import { LOAD_DURATION, LOAD_SEED, LOAD_SHARE } from '../../config/settings/load-settings.ts';
import { type Env, LoadSetupError } from './env.ts';
import { droppedAllowed, iterationsOpenModel } from './open-model.ts';
import { type LoadTarget, readLoadTarget } from './target.ts';
import { SUMMARY_TREND_STATS, type ThresholdSpec, thresholdsOption } from './thresholds.ts';
import { vusFor } from './vus.ts';

export const LATENCY_SCRIPT = 'latency';

export const ENDPOINTS = Object.freeze(['create', 'retrieve', 'update'] as const);
export type Endpoint = (typeof ENDPOINTS)[number];

export const REQUESTS_PER_ITERATION = ENDPOINTS.length;

export const DEFAULT_DURATION_SECONDS = Object.freeze({ deployment: 60, embedded: 20 });

export const LATENCY_METRICS = Object.freeze({
  throttled: 'latency_throttled',
});

export interface LatencyPlan {
  readonly target: LoadTarget;
  readonly share: number;
  /** Iterations (three requests each) per rate-limit window. */
  readonly iterationsPerWindow: number;
  readonly windowSeconds: number;
  readonly durationSeconds: number;
  readonly limits: Readonly<Record<Endpoint, { readonly p95: number; readonly p99: number }>>;
  readonly minCheckRate: number;
  /** Iterations the plan starts, and how many of them k6 may drop (LOAD_DROPPED_TOLERANCE). */
  readonly plannedIterations: number;
  readonly droppedAllowed: number;
  readonly seed: number;
}

export type LatencyLimits = LatencyPlan['limits'];

/** Each endpoint's p95 and p99 limits: LATENCY_P95_MS / LATENCY_P99_MS, or the endpoint's own variables. */
export const latencyLimits = (env: Env): LatencyLimits => {
  const p95 = LATENCY_P95_MS.read(env);
  const p99 = LATENCY_P99_MS.read(env);
  const limits = {} as Record<Endpoint, { p95: number; p99: number }>;
  for (const endpoint of ENDPOINTS) {
    const own = LATENCY_ENDPOINT_SETTINGS[endpoint];
    limits[endpoint] = { p95: own.p95.read(env) ?? p95, p99: own.p99.read(env) ?? p99 };
  }
  return Object.freeze(limits);
};

/** The p95 and p99 thresholds of every endpoint (`http_req_duration{endpoint:…}`). */
export const endpointLatencyThresholds = (limits: LatencyLimits): ThresholdSpec[] =>
  ENDPOINTS.flatMap((endpoint) => {
    const { p95, p99 } = limits[endpoint];
    const ruleId = `LOAD-LATENCY-${endpoint.toUpperCase()}`;
    const metric = `http_req_duration{endpoint:${endpoint}}`;
    return [
      { metric, expression: `p(95)<${p95}`, ruleId, title: `${endpoint}: 95% of responses within ${p95} ms` },
      { metric, expression: `p(99)<${p99}`, ruleId, title: `${endpoint}: 99% of responses within ${p99} ms` },
    ];
  });

export const latencyPlan = (env: Env): LatencyPlan => {
  const target = readLoadTarget(env);
  const share = LOAD_SHARE.read(env);
  // Tenant A sends every request: its own limit.
  const { requestsPerWindow, windowSeconds } = target.limits.A;
  const iterationsPerWindow = Math.floor((requestsPerWindow * share) / REQUESTS_PER_ITERATION);
  if (iterationsPerWindow < 1) {
    throw new LoadSetupError(
      `LOAD_SHARE=${share} of a limit of ${requestsPerWindow} requests is less than one POST+GET+PUT per window`,
    );
  }
  const limits = latencyLimits(env);
  const duration =
    LOAD_DURATION.read(env) ??
    (target.embedded ? DEFAULT_DURATION_SECONDS.embedded : DEFAULT_DURATION_SECONDS.deployment);
  const plannedIterations = Math.floor((iterationsPerWindow * duration) / windowSeconds);
  return Object.freeze({
    target,
    share,
    iterationsPerWindow,
    windowSeconds,
    durationSeconds: duration,
    limits,
    minCheckRate: LATENCY_MIN_CHECK_RATE.read(env),
    plannedIterations,
    droppedAllowed: droppedAllowed(env, plannedIterations),
    seed: LOAD_SEED.read(env),
  });
};

export const latencyThresholds = (plan: LatencyPlan): ThresholdSpec[] => {
  const specs: ThresholdSpec[] = endpointLatencyThresholds(plan.limits);
  specs.push({
    metric: 'checks',
    expression: plan.minCheckRate === 1 ? 'rate==1' : `rate>=${plan.minCheckRate}`,
    ruleId: 'LOAD-EXPECTED-STATUSES',
    title: 'every response has its expected status: POST 201 with a uuid, GET 200, PUT 2xx',
  });
  specs.push({
    metric: LATENCY_METRICS.throttled,
    expression: 'count==0',
    ruleId: 'RATE-LIMIT-429',
    title: `traffic at ${Math.round(plan.share * 100)}% of the limit is never throttled`,
  });
  specs.push(iterationsOpenModel(plan));
  return specs;
};

/** An open-model scenario of POST+GET+PUT iterations: `rate` per `timeUnitSeconds`, VUs to match. */
export const createRetrieveUpdateScenario = (
  env: Env,
  run: { exec: string; rate: number; timeUnitSeconds: number; durationSeconds: number; embedded: boolean },
) => {
  // Three requests an iteration: about 50 ms on loopback, a second against a deployment.
  const vus = vusFor(env, run.rate / run.timeUnitSeconds, run.embedded ? 0.05 : 1);
  return {
    executor: 'constant-arrival-rate' as const,
    exec: run.exec,
    rate: run.rate,
    timeUnit: `${run.timeUnitSeconds}s`,
    duration: `${run.durationSeconds}s`,
    preAllocatedVUs: vus.pre,
    maxVUs: vus.max,
    gracefulStop: '10s',
  };
};

export const latencyOptions = (plan: LatencyPlan, env: Env) => ({
  scenarios: {
    create_retrieve_update: createRetrieveUpdateScenario(env, {
      exec: 'createRetrieveUpdate',
      rate: plan.iterationsPerWindow,
      timeUnitSeconds: plan.windowSeconds,
      durationSeconds: plan.durationSeconds,
      embedded: plan.target.embedded,
    }),
  },
  thresholds: thresholdsOption(latencyThresholds(plan)),
  summaryTrendStats: [...SUMMARY_TREND_STATS],
  setupTimeout: '30s',
});
