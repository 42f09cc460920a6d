/**
 * The plan of the `rate-limit` k6 script (spec part 8: "1000 requests per minute per tenant, all
 * requests; 429 when exceeded"), computed from the environment: scenarios, thresholds and the
 * settings the script's iterations need. Pure: no k6 import, no Node API, so Node tests check it.
 *
 * Scenario `over_limit`: open model (constant-arrival-rate) at RATE_LIMIT_OVERLOAD times the
 * rate-limit tenant's limit (default 2.5) against it, for RATE_LIMIT_WINDOWS of its windows (default 3,
 * at least 2). Requests rotate through three kinds, since all requests count: GET of an unknown uuid,
 * an invalid POST, a valid POST. Scenario `control`: tenant A (or B) at RATE_LIMIT_CONTROL_SHARE of its
 * own limit, or of the rate-limit tenant's when that is lower (default 0.5), over the same time, which
 * must never see a 429. Both begin with a warm-up of WARM_UP_SECONDS (below) before the first window.
 *
 * "More than the limit in a window" is checked per window of the client's clock (the `window` tag
 * is the index of the window in which a request was sent, counted from the end of the warm-up). The
 * client's windows are not the server's, and the spec does not say how the window is implemented
 * (GAP-RATE-LIMIT-WINDOW), so the bounds are those every implementation of "L requests per W
 * seconds" keeps under a constant arrival rate above the limit:
 * - window 0 may accept up to 2 L: a fixed window that started before the run lets the rest of its
 *   budget through and then a full new one; a token bucket of capacity L lets a burst of L through
 *   plus L refilled during the window. (Checked only when more than 2 L are sent, else it could not fail.)
 * - every later window accepts L: at most L (plus RATE_LIMIT_TOLERANCE, default 2% and at least 2
 *   requests, for the client's and the server's clocks not agreeing on which window a request
 *   near a boundary falls in), at least one (the tenant is served again after a window:
 *   RATE-LIMIT-WINDOW-RESET) and at least L less RATE_LIMIT_LOW_TOLERANCE (default 10%: the service
 *   answers 429 only once the limit is exceeded, not before: RATE-LIMIT-429).
 *
 * Those bounds assume the load generator sent the planned rate. `ratelimit_sent{window:i}` counts what
 * it sent in each window (lib/window-reach.ts): a window's lower bounds need it sent in full, its
 * ceiling needs the window before it sent in full, "throttled at all" needs one such pair; crossed
 * where the generator fell short, they read not established (lib/reach.ts), never a deviation. They
 * also assume the requests reach the service at one delay after their planned instants:
 * `ratelimit_delay{window:i}` measures that delay, and its spread widens a window's floor and ceiling
 * by the requests it can move across a limiter's window edge (lib/delay-spread.ts).
 */
import {
  RATE_LIMIT_CONTROL_SHARE,
  RATE_LIMIT_CONTROL_TENANT,
  RATE_LIMIT_LOW_TOLERANCE,
  RATE_LIMIT_OVERLOAD,
  RATE_LIMIT_WINDOWS,
} from '../../config/settings/load-script-settings.ts';
import { LOAD_SEED, RATE_LIMIT_TOLERANCE } from '../../config/settings/load-settings.ts';
import { SHARED_LIMIT_VARIABLES, TENANT_VARIABLES } from '../../contract/index.ts';
import { type Env, LoadSetupError } from './env.ts';
import { droppedAllowed, openModelThreshold } from './open-model.ts';
import { type LoadTarget, type LoadTenant, readLoadTarget } from './target.ts';
import { SUMMARY_TREND_STATS, type ThresholdSpec, thresholdsOption } from './thresholds.ts';
import { vusFor } from './vus.ts';
import {
  delayKey,
  delayPremise,
  lateKey,
  latePremise,
  REACH_SLACK,
  reachPremise,
  someSteadyWindow,
  windowPremiseKey,
} from './window-reach.ts';

export const RATE_LIMIT_SCRIPT = 'rate-limit';

/** The request kinds the over-limit scenario rotates through; every kind counts toward the limit. */
export const REQUEST_KINDS = Object.freeze(['get-unknown', 'invalid-post', 'valid-post'] as const);
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** Statuses a request of each kind may get, besides 429. 422 is the spec's other validation status (7.4). */
export const EXPECTED_STATUSES: Readonly<Record<RequestKind, readonly number[]>> = Object.freeze({
  'get-unknown': [404],
  'invalid-post': [400, 422],
  'valid-post': [201],
});

export const METRICS = Object.freeze({
  accepted: 'ratelimit_accepted',
  throttled: 'ratelimit_throttled',
  controlThrottled: 'ratelimit_control_throttled',
  unexpectedStatus: 'ratelimit_unexpected_status',
  serverErrors: 'ratelimit_server_errors',
  throttledBodyJson: 'ratelimit_429_json_body',
  headersSent: 'ratelimit_headers_sent',
  /** Every request of the over-limit tenant, by the window it was sent in: the generator's reach. */
  sent: 'ratelimit_sent',
  /** Those served, and those refused, after the window they were sent in ended (lib/window-reach.ts). */
  lateServed: 'ratelimit_late_served',
  lateRefused: 'ratelimit_late_refused',
  /** Ms from each request's planned instant to its answer, by window (lib/delay-spread.ts). */
  delay: 'ratelimit_delay',
  /** Ms from each request's planned instant to its sending: the least is when any could arrive. */
  sendDelay: 'ratelimit_send_delay',
});

export interface RateLimitPlan {
  readonly target: LoadTarget;
  readonly limitedTenant: LoadTenant;
  readonly controlTenant: LoadTenant;
  readonly limit: number;
  readonly windowSeconds: number;
  readonly windows: number;
  readonly overload: number;
  readonly controlShare: number;
  /** Iterations (one request each) per window in the over-limit scenario. */
  readonly overLimitPerWindow: number;
  /** Iterations (one request each) per window in the control scenario. */
  readonly controlPerWindow: number;
  /** The windows' seconds, after the warm-up. */
  readonly durationSeconds: number;
  /** The warm-up before window 0 (WARM_UP_SECONDS). */
  readonly warmUpSeconds: number;
  /** The control tenant's requests, warm-up included: its scenario's reach is its dropped iterations. */
  readonly controlRequests: number;
  readonly acceptedCeiling: number;
  readonly acceptedFloor: number;
  readonly firstWindowCeiling: number;
  /** The control tenant's requests k6 may drop (CONTROL_DROPS_ALLOWED, or LOAD_DROPPED_TOLERANCE of them). */
  readonly droppedAllowed: number;
  /** The fewest over-limit requests a window must have been sent for its lower bounds to be judged. */
  readonly neededPerWindow: number;
  readonly seed: number;
}

const MAX_RUN_SECONDS = 3600;

/**
 * Seconds each scenario runs, at its rate, before window 0. k6 and the target start cold (each VU's
 * first connection, a server's first requests): on a two-core machine that first stall left window 0 a
 * few requests short of its plan, so that the window after it could not be judged (not established,
 * on a conforming server). The warm-up takes the stall on the same VUs that then send the windows'
 * requests. Its requests count toward the tenant's limit, as every request does, and are checked as
 * every request is (their statuses, headers, 5xx), but fall in no window: window 0's ceiling of twice
 * the limit holds whatever the limiter's state when it begins, as it does for a window begun before
 * the run. What k6 drops in it is not counted either (the windows' reach is their requests sent).
 */
export const WARM_UP_SECONDS = 1;

/**
 * The control tenant's requests k6 may drop, at least. Its scenario starts as cold as the other (its
 * VUs' first connections) and its drops cannot be told by the second they fell in, so its cold start
 * is allowed a couple: a fresh clone's default run read not established for one control request of
 * 175 dropped, every bound judged on full windows and passed. No bound needs the control's reach: a
 * limiter shared between tenants throttles any request of the control at all.
 */
export const CONTROL_DROPS_ALLOWED = 2;

/** A run's seconds: the warm-up, then its windows (what the self-check's load rows plan with too). */
export const rateLimitRunSeconds = (windows: number, windowSeconds: number): number =>
  WARM_UP_SECONDS + windows * windowSeconds;

export const rateLimitPlan = (env: Env): RateLimitPlan => {
  const target = readLoadTarget(env);
  const limitedTenant = target.rateLimitTenant;
  if (limitedTenant === undefined) {
    throw new LoadSetupError(
      `${TENANT_VARIABLES.RATE_LIMIT.clientId} and ${TENANT_VARIABLES.RATE_LIMIT.accessToken} are required: the rate-limit script throttles a tenant used for nothing else`,
    );
  }
  const controlName = RATE_LIMIT_CONTROL_TENANT.read(env);
  const controlTenant = controlName === 'B' ? target.tenantB : target.tenantA;
  if (controlTenant === undefined) {
    throw new LoadSetupError(
      `RATE_LIMIT_CONTROL_TENANT=B needs ${TENANT_VARIABLES.B.clientId} and ${TENANT_VARIABLES.B.accessToken}`,
    );
  }
  if (controlTenant.clientId.toLowerCase() === limitedTenant.clientId.toLowerCase()) {
    throw new LoadSetupError(
      `${TENANT_VARIABLES.RATE_LIMIT.clientId} must differ from the control tenant: the limit is per tenant`,
    );
  }
  // The limited tenant's own limit; the control tenant is sent a share of its own.
  const limit = target.limits.RATE_LIMIT.requestsPerWindow;
  const windowSeconds = target.limits.RATE_LIMIT.windowSeconds;
  const controlLimit = target.limits[controlTenant.name];
  const windows = RATE_LIMIT_WINDOWS.read(env);
  const durationSeconds = windows * windowSeconds;
  if (rateLimitRunSeconds(windows, windowSeconds) > MAX_RUN_SECONDS) {
    throw new LoadSetupError(
      `RATE_LIMIT_WINDOWS × ${SHARED_LIMIT_VARIABLES.windowSeconds} must be at most ${MAX_RUN_SECONDS - WARM_UP_SECONDS}s (the run warms up ${WARM_UP_SECONDS} s first)`,
    );
  }
  const overload = RATE_LIMIT_OVERLOAD.read(env);
  const controlShare = RATE_LIMIT_CONTROL_SHARE.read(env);
  const tolerance = RATE_LIMIT_TOLERANCE.read(env);
  const lowTolerance = RATE_LIMIT_LOW_TOLERANCE.read(env);
  const slack = Math.max(2, Math.ceil(limit * tolerance));
  const overLimitPerWindow = Math.ceil(limit * overload);
  // The control tenant's share of its own limit, or of the limited tenant's when that is lower (a
  // raised limit is no reason to load the service more): per window of the limited tenant.
  const controlRate = Math.min(
    controlLimit.requestsPerWindow / controlLimit.windowSeconds,
    limit / windowSeconds,
  );
  const controlPerWindow = Math.max(1, Math.floor(controlRate * controlShare * windowSeconds));
  const controlRequests = Math.ceil((controlPerWindow / windowSeconds) * (WARM_UP_SECONDS + durationSeconds));
  return Object.freeze({
    target,
    limitedTenant,
    controlTenant,
    limit,
    windowSeconds,
    windows,
    overload,
    controlShare,
    overLimitPerWindow,
    controlPerWindow,
    durationSeconds,
    warmUpSeconds: WARM_UP_SECONDS,
    controlRequests,
    acceptedCeiling: limit + slack,
    acceptedFloor: Math.max(1, Math.floor(limit - limit * lowTolerance)),
    firstWindowCeiling: 2 * limit + slack,
    droppedAllowed: Math.max(CONTROL_DROPS_ALLOWED, droppedAllowed(env, controlRequests)),
    neededPerWindow: overLimitPerWindow - Math.max(REACH_SLACK, droppedAllowed(env, overLimitPerWindow)),
    seed: LOAD_SEED.read(env),
  });
};

/**
 * The index of the client-side window a request sent `elapsedMs` after the warm-up's end falls in.
 * A request k6 starts late, after the last window, gets an index of its own (no threshold looks at
 * it): counted in the last window, it could be served by the server's next window and look like an
 * excess.
 */
export const windowIndex = (elapsedMs: number, windowSeconds: number): number =>
  Math.max(0, Math.floor(elapsedMs / (windowSeconds * 1000)));

/**
 * Ms after the over-limit scenario's start at which k6 plans its iteration `iteration` (an open model:
 * one every window's share of the planned requests, from the first at 0).
 */
export const plannedInstantMs = (plan: RateLimitPlan, iteration: number): number =>
  (iteration * plan.windowSeconds * 1000) / plan.overLimitPerWindow;

/**
 * The spread of a window's answers' delays, from the run's least delay of sending, widens a bound by
 * what it can move past a limiter's edge: the window before's a window's floor, its own its ceiling
 * (lib/delay-spread.ts).
 */
const spreadOf = (plan: RateLimitPlan, window: number) => ({
  metric: METRICS.delay,
  sendMetric: METRICS.sendDelay,
  window,
  requestsPerMs: plan.overLimitPerWindow / (plan.windowSeconds * 1000),
});

const windowTitle = (plan: RateLimitPlan, i: number): string =>
  `window ${i} (seconds ${plan.warmUpSeconds + i * plan.windowSeconds} to ${plan.warmUpSeconds + (i + 1) * plan.windowSeconds} of the run)`;

/** What each window accepts: a ceiling (window 0's twice the limit), served again, close to the limit. */
const windowThresholds = (plan: RateLimitPlan): ThresholdSpec[] => {
  const specs: ThresholdSpec[] = [];
  if (plan.overLimitPerWindow > plan.firstWindowCeiling) {
    specs.push({
      metric: `${METRICS.accepted}{window:0}`,
      expression: `count<=${plan.firstWindowCeiling}`,
      ruleId: 'RATE-LIMIT-429',
      title: `${windowTitle(plan, 0)} accepts at most twice the limit of ${plan.limit} (the rest of a window begun before the run, then a new one)`,
      // A request sent in window 0 and served by the next window's budget is counted in window 0.
      needs: [[lateKey(0, 'served'), delayKey(0)]],
      widenedBy: { premises: [lateKey(0, 'served')], perMissing: 1, spread: spreadOf(plan, 0) },
    });
  }
  for (let i = 1; i < plan.windows; i += 1) {
    const metric = `${METRICS.accepted}{window:${i}}`;
    specs.push({
      metric,
      expression: `count<=${plan.acceptedCeiling}`,
      ruleId: 'RATE-LIMIT-429',
      title: `${windowTitle(plan, i)} accepts no more than the limit of ${plan.limit} requests`,
      needs: [
        [
          windowPremiseKey(i - 1),
          lateKey(i - 1, 'refused'),
          lateKey(i, 'served'),
          delayKey(i - 1),
          delayKey(i),
        ],
      ],
      // A stall saves at most the limit's share of what it did not send; a request of this window
      // served by the next one's budget counts here; one of the window before that reached the limiter
      // after this window's first ones, refused, left them its place: crossed beyond all, decided.
      widenedBy: {
        premises: [windowPremiseKey(i - 1), lateKey(i - 1, 'refused'), lateKey(i, 'served')],
        perMissing: plan.limit / plan.overLimitPerWindow,
        perMissingOf: { [lateKey(i, 'served')]: 1, [lateKey(i - 1, 'refused')]: 1 },
        spread: spreadOf(plan, i),
      },
    });
    specs.push({
      metric,
      expression: 'count>0',
      ruleId: 'RATE-LIMIT-WINDOW-RESET',
      title: `${windowTitle(plan, i)} serves the throttled tenant again`,
      needs: [[windowPremiseKey(i)]],
    });
    specs.push({
      metric,
      expression: `count>=${plan.acceptedFloor}`,
      ruleId: 'RATE-LIMIT-429',
      title: `${windowTitle(plan, i)} serves close to the whole limit of ${plan.limit} before answering 429 (a 429 comes only when the limit is exceeded)`,
      // The backlog of a window sent short lands in the next one, which it can cost its budget; a
      // request of the window before served late took this one's, and one of this window refused
      // late may have met the next one's 429: each costs at most one served here; fewer served than
      // all of them explain is decided.
      needs: [
        [
          windowPremiseKey(i - 1),
          windowPremiseKey(i),
          lateKey(i - 1, 'served'),
          lateKey(i, 'refused'),
          delayKey(i - 1),
          delayKey(i),
        ],
      ],
      widenedBy: {
        premises: [
          windowPremiseKey(i - 1),
          windowPremiseKey(i),
          lateKey(i - 1, 'served'),
          lateKey(i, 'refused'),
        ],
        perMissing: 1,
        spread: spreadOf(plan, i - 1),
      },
    });
  }
  return specs;
};

/** Traffic above the limit is throttled, every kind of request alike. */
const throttleThresholds = (plan: RateLimitPlan): ThresholdSpec[] => {
  const steady = someSteadyWindow(plan.windows);
  return [
    {
      metric: METRICS.throttled,
      expression: 'count>0',
      ruleId: 'RATE-LIMIT-429',
      title: `traffic at ${plan.overload} times the limit is throttled with 429`,
      needs: steady,
    },
    ...REQUEST_KINDS.map((kind) => ({
      metric: `${METRICS.throttled}{kind:${kind}}`,
      expression: 'count>0',
      ruleId: 'RATE-LIMIT-ALL-REQUESTS',
      title: `requests of kind ${kind} count toward the limit and get 429 too`,
      needs: steady,
    })),
  ];
};

/** What every answer must be, whatever was sent: the requests that were sent decide these. */
const answerThresholds = (plan: RateLimitPlan): ThresholdSpec[] => [
  {
    metric: METRICS.throttledBodyJson,
    expression: 'rate==1',
    ruleId: 'RATE-LIMIT-429',
    title: 'every 429 carries a JSON object body (part 7: every non-2xx has a structured JSON body)',
  },
  {
    metric: METRICS.headersSent,
    expression: 'count==0',
    ruleId: 'RATE-LIMIT-NO-HEADERS',
    title:
      'no response, throttled or served, carries rate-limit headers (X-RateLimit-*, RateLimit-*, Retry-After)',
  },
  {
    metric: METRICS.controlThrottled,
    expression: 'count==0',
    ruleId: 'RATE-LIMIT-PER-TENANT',
    title: `tenant ${plan.controlTenant.name} at ${Math.round(plan.controlShare * 100)}% of its limit gets no 429 while the rate-limit tenant is throttled`,
  },
  {
    metric: METRICS.serverErrors,
    expression: 'count==0',
    ruleId: 'LOAD-NO-5XX',
    title: 'no 5xx under load above the limit',
    abortOnFail: true,
  },
  {
    metric: METRICS.unexpectedStatus,
    expression: 'count==0',
    ruleId: 'LOAD-EXPECTED-STATUSES',
    title:
      'every response has an expected status (404 unknown uuid, 400/422 invalid POST, 201 valid POST, or 429)',
    abortOnFail: true,
  },
];

/** The generator's reach: each window sent its planned requests, and the control tenant its own. */
const generatorThresholds = (plan: RateLimitPlan): ThresholdSpec[] => {
  const reach = {
    metric: METRICS.sent,
    windowSeconds: plan.windowSeconds,
    plannedPerWindow: plan.overLimitPerWindow,
    neededPerWindow: plan.neededPerWindow,
  };
  return [
    // The over-limit tenant's reach is judged window by window below; the control tenant's here.
    openModelThreshold({
      planned: plan.controlRequests,
      allowed: plan.droppedAllowed,
      seconds: plan.warmUpSeconds + plan.durationSeconds,
      what: 'request',
      scenario: { name: 'control', whose: 'the control tenant' },
    }),
    ...Array.from({ length: plan.windows }, (_, i) => reachPremise(reach, i)),
    ...(['served', 'refused'] as const).flatMap((outcome) =>
      Array.from({ length: plan.windows }, (_, i) =>
        latePremise(
          { ...reach, lateMetric: { served: METRICS.lateServed, refused: METRICS.lateRefused } },
          i,
          outcome,
        ),
      ),
    ),
    ...Array.from({ length: plan.windows }, (_, i) =>
      delayPremise({ ...reach, delayMetric: METRICS.delay }, i),
    ),
  ];
};

export const rateLimitThresholds = (plan: RateLimitPlan): ThresholdSpec[] => [
  ...windowThresholds(plan),
  ...throttleThresholds(plan),
  ...answerThresholds(plan),
  ...generatorThresholds(plan),
];

/** The k6 `options` of the rate-limit script. */
export const rateLimitOptions = (plan: RateLimitPlan, env: Env) => {
  const timeUnit = `${plan.windowSeconds}s`;
  const duration = `${plan.warmUpSeconds + plan.durationSeconds}s`;
  // One request an iteration: at most about 50 ms on a busy machine's loopback, a quarter of a second
  // against a deployment.
  const iterationSeconds = plan.target.embedded ? 0.05 : 0.25;
  const overVus = vusFor(env, plan.overLimitPerWindow / plan.windowSeconds, iterationSeconds);
  const controlVus = vusFor(env, plan.controlPerWindow / plan.windowSeconds, iterationSeconds);
  return {
    scenarios: {
      over_limit: {
        executor: 'constant-arrival-rate' as const,
        exec: 'overLimit',
        rate: plan.overLimitPerWindow,
        timeUnit,
        duration,
        preAllocatedVUs: overVus.pre,
        maxVUs: overVus.max,
        gracefulStop: '10s',
        tags: { tenant: 'rate_limit' },
      },
      control: {
        executor: 'constant-arrival-rate' as const,
        exec: 'control',
        rate: plan.controlPerWindow,
        timeUnit,
        duration,
        preAllocatedVUs: controlVus.pre,
        maxVUs: controlVus.max,
        gracefulStop: '10s',
        tags: { tenant: 'control' },
      },
    },
    thresholds: thresholdsOption(rateLimitThresholds(plan)),
    summaryTrendStats: [...SUMMARY_TREND_STATS],
    setupTimeout: '30s',
  };
};
