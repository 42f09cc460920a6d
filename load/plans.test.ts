import { DEFAULT_LATENCY_MS } from '../config/settings/load-script-settings.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { isRuleId } from '../spec/rules.ts';
import { LoadSetupError, parseDuration } from './lib/env.ts';
import {
  DEFAULT_DURATION_SECONDS,
  ENDPOINTS,
  latencyOptions,
  latencyPlan,
  latencyThresholds,
} from './lib/latency-plan.ts';
import {
  CONTROL_DROPS_ALLOWED,
  EXPECTED_STATUSES,
  METRICS,
  REQUEST_KINDS,
  rateLimitOptions,
  rateLimitPlan,
  rateLimitRunSeconds,
  rateLimitThresholds,
  WARM_UP_SECONDS,
  windowIndex,
} from './lib/rate-limit-plan.ts';
import { readLoadTarget } from './lib/target.ts';
import { parseExpression, thresholdsOption } from './lib/thresholds.ts';
import { vusFor } from './lib/vus.ts';
import { remoteEnv, TOKENS } from './test-support/env-fixtures.ts';

const expressionsOf = (thresholds: Record<string, unknown[]>, metric: string): string[] =>
  (thresholds[metric] ?? []).map((entry) =>
    typeof entry === 'string' ? entry : (entry as { threshold: string }).threshold,
  );

test.describe('rate-limit script options', () => {
  test('two open-model scenarios: the rate-limit tenant above its limit, a control tenant below it', () => {
    const env = remoteEnv({ RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_WINDOW_SECONDS: '60' });
    const plan = rateLimitPlan(env);
    const options = rateLimitOptions(plan, env);
    const over = options.scenarios.over_limit;
    const control = options.scenarios.control;
    expect(over.executor).toBe('constant-arrival-rate');
    expect(control.executor).toBe('constant-arrival-rate');
    // 2.5 × the limit per window by default; control at half the limit; both over the same windows.
    // Three windows after the warm-up's second (WARM_UP_SECONDS).
    expect(over).toMatchObject({ rate: 2500, timeUnit: '60s', duration: '181s', exec: 'overLimit' });
    expect(control).toMatchObject({ rate: 500, timeUnit: '60s', duration: '181s', exec: 'control' });
    expect(over.rate / 60).toBeGreaterThan(1000 / 60);
    expect(control.rate).toBeLessThan(1000);
    expect(over.preAllocatedVUs).toBeGreaterThanOrEqual(5);
    expect(over.maxVUs).toBeGreaterThanOrEqual(over.preAllocatedVUs);
    expect(control.maxVUs).toBeGreaterThanOrEqual(control.preAllocatedVUs);
    expect(plan.limitedTenant.accessToken).toBe(TOKENS.RATE_LIMIT);
    expect(plan.controlTenant.name).toBe('A');
  });

  test('both scenarios begin with a warm-up on the VUs that then send the windows; its drops are not counted', () => {
    const env = remoteEnv({ RATE_LIMIT_PER_MINUTE: '100', RATE_LIMIT_WINDOW_SECONDS: '2' });
    const plan = rateLimitPlan(env);
    const { scenarios, thresholds } = rateLimitOptions(plan, env);
    expect(plan.warmUpSeconds).toBe(WARM_UP_SECONDS);
    expect(WARM_UP_SECONDS).toBe(1);
    // Three windows of 2 s after the warm-up's second, in one scenario each: the same VUs throughout.
    expect(Object.keys(scenarios)).toEqual(['over_limit', 'control']);
    expect(scenarios.over_limit).toMatchObject({ rate: 250, timeUnit: '2s', duration: '7s' });
    expect(scenarios.control).toMatchObject({ rate: 50, timeUnit: '2s', duration: '7s' });
    // The seconds the self-check's load rows plan a run with (self-check/load-plan.ts).
    expect(rateLimitRunSeconds(plan.windows, 2)).toBe(7);
    // The over-limit tenant's reach is its requests sent in each window; the control tenant's, its drops.
    expect(thresholds).not.toHaveProperty('dropped_iterations');
    expect(expressionsOf(thresholds, 'dropped_iterations{scenario:control}')).toEqual(['count<=2']);
    const openModel = rateLimitThresholds(plan).find((spec) => spec.metric.startsWith('dropped_iterations'));
    expect(openModel?.premise).toMatchObject({ planned: 25 * 7, seconds: 7 });
    expect(expressionsOf(thresholds, `${METRICS.sent}{window:0}`)).toEqual(['count>=248']);
  });

  test('it runs at least two windows, and a whole number of them; fewer than two is refused', () => {
    const plan = rateLimitPlan(remoteEnv());
    expect(plan.windows).toBeGreaterThanOrEqual(2);
    expect(plan.durationSeconds).toBe(plan.windows * plan.windowSeconds);
    expect(rateLimitPlan(remoteEnv({ RATE_LIMIT_WINDOWS: '4' })).durationSeconds).toBe(20);
    expect(() => rateLimitPlan(remoteEnv({ RATE_LIMIT_WINDOWS: '1' }))).toThrow(/at least 2/);
    expect(() => rateLimitPlan(remoteEnv({ RATE_LIMIT_WINDOWS: '0' }))).toThrow(LoadSetupError);
  });

  test('thresholds: per-window ceiling and floor, something throttled of every kind, no 5xx, no stray status, no dropped iteration', () => {
    const env = remoteEnv({
      RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      RATE_LIMIT_WINDOWS: '3',
    });
    const plan = rateLimitPlan(env);
    const { thresholds } = rateLimitOptions(plan, env);
    // Window 0 may hold the rest of a server window begun before the run: twice the limit, plus slack.
    expect(expressionsOf(thresholds, `${METRICS.accepted}{window:0}`)).toEqual(['count<=2020']);
    for (const window of [1, 2]) {
      expect(expressionsOf(thresholds, `${METRICS.accepted}{window:${window}}`)).toEqual([
        'count<=1020',
        'count>0',
        'count>=900',
      ]);
    }
    // Served again at all is the reset; served close to the whole limit is "429 only past the limit".
    const rulesOf = (expression: string) =>
      rateLimitThresholds(plan)
        .filter((spec) => spec.metric === `${METRICS.accepted}{window:1}` && spec.expression === expression)
        .map((spec) => spec.ruleId);
    expect(rulesOf('count>0')).toEqual(['RATE-LIMIT-WINDOW-RESET']);
    expect(rulesOf('count>=900')).toEqual(['RATE-LIMIT-429']);
    expect(thresholds[`${METRICS.accepted}{window:3}`]).toBeUndefined();
    expect(expressionsOf(thresholds, METRICS.throttled)).toEqual(['count>0']);
    for (const kind of REQUEST_KINDS) {
      expect(expressionsOf(thresholds, `${METRICS.throttled}{kind:${kind}}`)).toEqual(['count>0']);
    }
    expect(expressionsOf(thresholds, METRICS.controlThrottled)).toEqual(['count==0']);
    expect(thresholds[METRICS.serverErrors]).toEqual([
      { threshold: 'count==0', abortOnFail: true, delayAbortEval: '5s' },
    ]);
    expect(thresholds[METRICS.unexpectedStatus]).toEqual([
      { threshold: 'count==0', abortOnFail: true, delayAbortEval: '5s' },
    ]);
    // The control tenant's dropped iterations: the over-limit tenant's reach is its windows' requests sent.
    expect(expressionsOf(thresholds, 'dropped_iterations{scenario:control}')).toEqual(['count<=2']);
    expect(expressionsOf(thresholds, METRICS.throttledBodyJson)).toEqual(['rate==1']);
    expect(expressionsOf(thresholds, METRICS.headersSent)).toEqual(['count==0']);
    for (const spec of rateLimitThresholds(plan)) {
      expect(parseExpression(spec.expression), spec.expression).toBeDefined();
      // A spec rule id (spec/rules.ts), or a LOAD- id for a check of the load run itself.
      expect(isRuleId(spec.ruleId) || /^LOAD-[A-Z0-9-]+$/.test(spec.ruleId), spec.ruleId).toBe(true);
    }
  });

  test('the first-window ceiling is left out when the traffic could never exceed it', () => {
    const plan = rateLimitPlan(remoteEnv({ RATE_LIMIT_OVERLOAD: '1.5' }));
    const metrics = rateLimitThresholds(plan).map((spec) => spec.metric);
    expect(metrics).not.toContain(`${METRICS.accepted}{window:0}`);
    expect(metrics).toContain(`${METRICS.accepted}{window:1}`);
  });

  test('settings are checked: overload above the limit, a control share below it, a distinct rate-limit tenant', () => {
    expect(() => rateLimitPlan(remoteEnv({ RATE_LIMIT_OVERLOAD: '1' }))).toThrow(/RATE_LIMIT_OVERLOAD/);
    expect(() => rateLimitPlan(remoteEnv({ RATE_LIMIT_CONTROL_SHARE: '1' }))).toThrow(
      /RATE_LIMIT_CONTROL_SHARE/,
    );
    expect(() =>
      rateLimitPlan(remoteEnv({ RATE_LIMIT_CLIENT_ID: undefined, RATE_LIMIT_ACCESS_TOKEN: undefined })),
    ).toThrow(/RATE_LIMIT_CLIENT_ID and RATE_LIMIT_ACCESS_TOKEN are required/);
    expect(() => rateLimitPlan(remoteEnv({ RATE_LIMIT_CLIENT_ID: remoteEnv().TENANT_A_CLIENT_ID }))).toThrow(
      /must differ/,
    );
    expect(rateLimitPlan(remoteEnv({ RATE_LIMIT_CONTROL_TENANT: 'B' })).controlTenant.name).toBe('B');
    expect(() =>
      rateLimitPlan(
        remoteEnv({
          RATE_LIMIT_CONTROL_TENANT: 'B',
          TENANT_B_CLIENT_ID: undefined,
          TENANT_B_ACCESS_TOKEN: undefined,
        }),
      ),
    ).toThrow(/TENANT_B/);
  });

  test('LOAD_DROPPED_TOLERANCE lets a share of the planned iterations go, and no more than a tenth', () => {
    const dropped = (overrides: Record<string, string>) =>
      rateLimitThresholds(rateLimitPlan(remoteEnv(overrides))).find(
        (s) => s.metric === 'dropped_iterations{scenario:control}',
      );
    // The control tenant's: a couple for its cold start (CONTROL_DROPS_ALLOWED), or the tolerance's share.
    expect(dropped({})?.expression).toBe(`count<=${CONTROL_DROPS_ALLOWED}`);
    expect(CONTROL_DROPS_ALLOWED).toBe(2);
    // 5 a window of 5 s, over the warm-up's second and 3 windows: 16 planned, a tenth of them 1.
    expect(dropped({ LOAD_DROPPED_TOLERANCE: '0.1' })?.expression).toBe('count<=2');
    // 500 a window of 60 s, over 181 s: 1509 planned.
    const perMinute = { RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_WINDOW_SECONDS: '60' };
    expect(dropped({ ...perMinute, LOAD_DROPPED_TOLERANCE: '0.05' })).toMatchObject({
      expression: 'count<=75',
      ruleId: 'LOAD-OPEN-MODEL',
    });
    expect(() => rateLimitPlan(remoteEnv({ LOAD_DROPPED_TOLERANCE: '0.2' }))).toThrow(
      /LOAD_DROPPED_TOLERANCE/,
    );
    const latency = latencyThresholds(
      latencyPlan(remoteEnv({ LOAD_DURATION: '100s', LOAD_DROPPED_TOLERANCE: '0.1' })),
    );
    // 2 iterations per 5 s window for 100 s: 40 planned.
    expect(latency.find((s) => s.metric === 'dropped_iterations')?.expression).toBe('count<=4');
  });

  test('VUs: half a second of arrivals are pre-allocated (at least five), five times that at most (at least twenty)', () => {
    expect(vusFor({}, 50, 0.05)).toEqual({ pre: 25, max: 125 });
    expect(vusFor({}, 100, 1)).toEqual({ pre: 200, max: 1000 });
    expect(vusFor({}, 1, 0.05)).toEqual({ pre: 5, max: 25 });
    expect(vusFor({ LOAD_MAX_VUS: '10' }, 50, 0.05)).toEqual({ pre: 10, max: 10 });
  });

  test('a request is counted in the window of the client clock it was sent in', () => {
    expect(windowIndex(0, 5)).toBe(0);
    expect(windowIndex(4999, 5)).toBe(0);
    expect(windowIndex(5000, 5)).toBe(1);
    expect(windowIndex(14_999, 5)).toBe(2);
    // An iteration k6 starts late, after the last window, is not counted in it: the server may
    // already serve it from its next window.
    expect(windowIndex(15_001, 5)).toBe(3);
    expect(windowIndex(-5, 5)).toBe(0);
  });

  test('every kind of request has its expected statuses besides 429', () => {
    expect(EXPECTED_STATUSES['get-unknown']).toEqual([404]);
    expect(EXPECTED_STATUSES['invalid-post']).toEqual([400, 422]);
    expect(EXPECTED_STATUSES['valid-post']).toEqual([201]);
  });
});

test.describe('latency script options', () => {
  test('one open-model scenario at 80% of the limit by default, three requests an iteration', () => {
    const env = remoteEnv({ RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_WINDOW_SECONDS: '60' });
    const plan = latencyPlan(env);
    const scenario = latencyOptions(plan, env).scenarios.create_retrieve_update;
    expect(scenario.executor).toBe('constant-arrival-rate');
    // floor(1000 × 0.8 / 3) iterations of POST+GET+PUT per 60 s window: 798 requests, under the limit.
    expect(scenario).toMatchObject({ rate: 266, timeUnit: '60s', exec: 'createRetrieveUpdate' });
    expect(scenario.rate * 3).toBeLessThanOrEqual(800);
    expect(scenario.duration).toBe(`${DEFAULT_DURATION_SECONDS.deployment}s`);
    expect(scenario.preAllocatedVUs).toBeGreaterThanOrEqual(5);
    expect(scenario.maxVUs).toBeGreaterThanOrEqual(scenario.preAllocatedVUs);
  });

  test('LOAD_SHARE and LOAD_DURATION are honoured; the embedded target gets a shorter default', () => {
    const env = remoteEnv({ RATE_LIMIT_PER_MINUTE: '600', LOAD_SHARE: '0.5', LOAD_DURATION: '1m30s' });
    const scenario = latencyOptions(latencyPlan(env), env).scenarios.create_retrieve_update;
    expect(scenario).toMatchObject({ rate: 100, timeUnit: '5s', duration: '90s' });
    const embedded = remoteEnv({ KIT_EMBEDDED_TARGET: 'true' });
    expect(latencyOptions(latencyPlan(embedded), embedded).scenarios.create_retrieve_update.duration).toBe(
      `${DEFAULT_DURATION_SECONDS.embedded}s`,
    );
    expect(() => latencyPlan(remoteEnv({ LOAD_SHARE: '1.5' }))).toThrow(/LOAD_SHARE/);
    expect(() => latencyPlan(remoteEnv({ LOAD_SHARE: '0.1' }))).toThrow(/less than one POST\+GET\+PUT/);
    expect(() => latencyPlan(remoteEnv({ LOAD_DURATION: 'forever' }))).toThrow(/LOAD_DURATION/);
    expect(() => latencyPlan(remoteEnv({ LOAD_DURATION: '2h' }))).toThrow(/at most 3600s/);
  });

  test('p95 and p99 thresholds per endpoint, with documented defaults and overrides', () => {
    const defaults = latencyOptions(latencyPlan(remoteEnv()), remoteEnv()).thresholds;
    for (const endpoint of ENDPOINTS) {
      expect(expressionsOf(defaults, `http_req_duration{endpoint:${endpoint}}`)).toEqual([
        `p(95)<${DEFAULT_LATENCY_MS.p95}`,
        `p(99)<${DEFAULT_LATENCY_MS.p99}`,
      ]);
    }
    const env = remoteEnv({ LATENCY_P95_MS: '200', LATENCY_P99_MS: '400', LATENCY_UPDATE_P99_MS: '900' });
    const thresholds = latencyOptions(latencyPlan(env), env).thresholds;
    expect(expressionsOf(thresholds, 'http_req_duration{endpoint:create}')).toEqual([
      'p(95)<200',
      'p(99)<400',
    ]);
    expect(expressionsOf(thresholds, 'http_req_duration{endpoint:retrieve}')).toEqual([
      'p(95)<200',
      'p(99)<400',
    ]);
    expect(expressionsOf(thresholds, 'http_req_duration{endpoint:update}')).toEqual([
      'p(95)<200',
      'p(99)<900',
    ]);
    expect(expressionsOf(thresholds, 'checks')).toEqual(['rate==1']);
    expect(expressionsOf(thresholds, 'latency_throttled')).toEqual(['count==0']);
    expect(expressionsOf(thresholds, 'dropped_iterations')).toEqual(['count==0']);
    expect(() => latencyPlan(remoteEnv({ LATENCY_P95_MS: '0' }))).toThrow(/LATENCY_P95_MS/);
    const relaxed = remoteEnv({ LATENCY_MIN_CHECK_RATE: '0.999' });
    expect(expressionsOf(latencyOptions(latencyPlan(relaxed), relaxed).thresholds, 'checks')).toEqual([
      'rate>=0.999',
    ]);
    for (const spec of latencyThresholds(latencyPlan(remoteEnv()))) {
      expect(parseExpression(spec.expression), spec.expression).toBeDefined();
      expect(isRuleId(spec.ruleId) || /^LOAD-[A-Z0-9-]+$/.test(spec.ruleId), spec.ruleId).toBe(true);
    }
  });

  test('the summary keeps p(99), which the thresholds need', () => {
    expect(latencyOptions(latencyPlan(remoteEnv()), remoteEnv()).summaryTrendStats).toContain('p(99)');
  });
});

test.describe('target contract and thresholds helpers', () => {
  test('the script reads the same variable names as config/, with the same checks', () => {
    const target = readLoadTarget(remoteEnv({ TARGET_BASE_URL: 'https://sandbox.example.test/' }));
    expect(target.baseUrl).toBe('https://sandbox.example.test');
    expect(target.environment).toBe('sandbox');
    expect(target.limits.A).toEqual({ requestsPerWindow: 10, windowSeconds: 5 });
    expect(
      readLoadTarget(remoteEnv({ RATE_LIMIT_PER_MINUTE: undefined, RATE_LIMIT_WINDOW_SECONDS: undefined }))
        .limits.RATE_LIMIT,
    ).toEqual({ requestsPerWindow: 1000, windowSeconds: 60 });
    // A tenant's own limit wins, variable by variable, as in config/.
    expect(
      readLoadTarget(
        remoteEnv({ RATE_LIMIT_TENANT_PER_MINUTE: '4', TENANT_A_RATE_LIMIT_WINDOW_SECONDS: '2' }),
      ).limits,
    ).toEqual({
      A: { requestsPerWindow: 10, windowSeconds: 2 },
      B: { requestsPerWindow: 10, windowSeconds: 5 },
      RATE_LIMIT: { requestsPerWindow: 4, windowSeconds: 5 },
    });
    expect(() => readLoadTarget(remoteEnv({ TENANT_B_RATE_LIMIT_PER_MINUTE: '1.5' }))).toThrow(
      /TENANT_B_RATE_LIMIT_PER_MINUTE must be a positive whole number/,
    );
    expect(() => readLoadTarget(remoteEnv({ TARGET_BASE_URL: undefined }))).toThrow(
      /TARGET_BASE_URL is not set/,
    );
    expect(() => readLoadTarget(remoteEnv({ TENANT_A_CLIENT_ID: 'not-a-uuid' }))).toThrow(
      /TENANT_A_CLIENT_ID must be a UUID/,
    );
    expect(() => readLoadTarget(remoteEnv({ TENANT_A_ACCESS_TOKEN: 'abc' }))).toThrow(
      /TENANT_A_ACCESS_TOKEN starts with no prefix, not svc_test_ .*set TARGET_ENVIRONMENT/,
    );
    const own = readLoadTarget(
      remoteEnv({
        TARGET_ENVIRONMENT: 'sandbox',
        TENANT_A_ACCESS_TOKEN: 'th_test_tenantA-secret',
        TENANT_B_ACCESS_TOKEN: 'th_test_tenantB-secret',
        RATE_LIMIT_ACCESS_TOKEN: 'th_test_ratelimit-secret',
      }),
    );
    expect(own.environment).toBe('sandbox');
    expect(() => readLoadTarget(remoteEnv({ RATE_LIMIT_PER_MINUTE: '-3' }))).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });

  test('no error message quotes a token', () => {
    const bad = 'svc_wrong_secret-value';
    try {
      readLoadTarget(remoteEnv({ TENANT_A_ACCESS_TOKEN: bad }));
      throw new Error('expected a LoadSetupError');
    } catch (error) {
      expect(error).toBeInstanceOf(LoadSetupError);
      expect((error as Error).message).not.toContain(bad);
    }
  });

  test('duplicate thresholds are refused, durations parse as k6 writes them', () => {
    expect(() =>
      thresholdsOption([
        { metric: 'm', expression: 'count==0', ruleId: 'X', title: 'x' },
        { metric: 'm', expression: 'count==0', ruleId: 'X', title: 'x' },
      ]),
    ).toThrow(/duplicate/);
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('1h')).toBe(3_600_000);
    // Plain seconds, as every duration of the kit reads them.
    expect(parseDuration('10')).toBe(10_000);
    expect(parseDuration('10x')).toBeUndefined();
    expect(parseDuration('')).toBeUndefined();
  });
});
