import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { capacityOptions, capacityPlan, capacitySchedule, capacityThresholds } from './lib/capacity-plan.ts';
import { interleavedSchedule, tenantOfIteration } from './lib/capacity-schedule.ts';
import { LoadSetupError } from './lib/env.ts';
import { parseTenantsFile, tenantsFileText } from './lib/tenants-file.ts';
import { fixtureTenants } from './test-support/capacity-fixtures.ts';

const ENV = { TARGET_BASE_URL: 'http://127.0.0.1:9', KIT_RUN_ID: 'run-capacity-1' };

test.describe('tenants file', () => {
  test('reads every tenant with its own limit, names and windows defaulted', () => {
    const [a, b] = fixtureTenants(2);
    const text = JSON.stringify({
      tenants: [
        { clientId: a?.clientId, accessToken: a?.accessToken, requestsPerWindow: 1000 },
        {
          name: 'big-one',
          clientId: b?.clientId,
          accessToken: b?.accessToken,
          requestsPerWindow: 50,
          windowSeconds: 5,
        },
      ],
    });
    expect(parseTenantsFile(text, 'f').map((t) => [t.name, t.requestsPerWindow, t.windowSeconds])).toEqual([
      ['t001', 1000, 60],
      ['big-one', 50, 5],
    ]);
    const tenants = fixtureTenants(3);
    expect(parseTenantsFile(tenantsFileText(tenants), 'f')).toEqual(tenants);
  });

  test('refuses a malformed file in one line naming the tenant, never a value of it', () => {
    const [t] = fixtureTenants(1) as [ReturnType<typeof fixtureTenants>[number]];
    const cases: [unknown, RegExp][] = [
      [{ tenants: [] }, /1 to 1000 tenants/],
      [{ tenants: [{ ...t, clientId: 'nope' }] }, /tenant 1 \(t001\): clientId must be a UUID/],
      [
        { tenants: [{ ...t, accessToken: ' ' }] },
        /tenant 1 \(t001\): accessToken must be a non-empty string/,
      ],
      [{ tenants: [{ ...t, requestsPerWindow: 0 }] }, /requestsPerWindow must be a whole number/],
      [{ tenants: [{ ...t, windowSeconds: 1.5 }] }, /windowSeconds must be a whole number/],
      [{ tenants: [{ ...t, limit: 3 }] }, /unknown field\(s\): limit/],
      [{ tenants: [t, { ...t, name: 'other' }] }, /tenant 2 \(other\): clientId is used twice/],
      [
        { tenants: [t, { ...t, name: 'other', clientId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' }] },
        /accessToken is used twice/,
      ],
    ];
    for (const [content, message] of cases) {
      let error: unknown;
      try {
        parseTenantsFile(JSON.stringify(content), 'CAPACITY_TENANTS_FILE');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(LoadSetupError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toMatch(/^CAPACITY_TENANTS_FILE/);
      expect((error as Error).message).not.toContain(t.accessToken);
    }
    expect(() => parseTenantsFile('{', 'x.json')).toThrow('x.json is not JSON');
  });
});

test.describe('capacity plan', () => {
  test('each tenant gets exactly its share of its own limit in every period, spread evenly', () => {
    const counts = [1, 7, 40, 13];
    const schedule = interleavedSchedule(counts);
    expect(schedule).toHaveLength(61);
    for (const offset of [0, 61, 122]) {
      const seen = [0, 0, 0, 0];
      for (let i = offset; i < offset + 61; i += 1)
        seen[tenantOfIteration(schedule, i)] = (seen[tenantOfIteration(schedule, i)] ?? 0) + 1;
      expect(seen).toEqual(counts);
    }
    // No tenant bunches up: its j-th slot is within a few slots of (j + 1/2) × period / its count.
    const positions = schedule.flatMap((t, i) => (t === 2 ? [i] : []));
    const drift = positions.map((p, j) => Math.abs(p - ((j + 0.5) * 61) / 40));
    expect(drift.reduce((most, d) => Math.max(most, d), Number.NEGATIVE_INFINITY)).toBeLessThanOrEqual(
      counts.length,
    );
  });

  test('the scenario runs at the sum of the tenants rates over their common period', () => {
    const tenants = [
      ...fixtureTenants(2, 600, 60),
      { ...fixtureTenants(3, 90, 20)[2], name: 'fast' } as never,
    ];
    const plan = capacityPlan({ ...ENV, CAPACITY_SHARE: '0.5', LOAD_DURATION: '2m' }, tenants);
    expect(plan.periodSeconds).toBe(60);
    // 600 × 0.5 / 3 = 100 per 60 s; 90 × 0.5 / 3 = 15 per 20 s, so 45 per 60 s.
    expect(plan.tenants.map((t) => t.iterationsPerPeriod)).toEqual([100, 100, 45]);
    expect(plan.iterationsPerPeriod).toBe(245);
    expect(plan.plannedIterations).toBe(490);
    expect(capacitySchedule(plan)).toHaveLength(245);
    const scenario = capacityOptions(plan, ENV).scenarios.capacity;
    expect(scenario).toMatchObject({
      executor: 'constant-arrival-rate',
      rate: 245,
      timeUnit: '60s',
      duration: '120s',
    });
  });

  test('thresholds: p95 and p99 and unexpected statuses per endpoint, no 429 per tenant, no dropped iteration', () => {
    const plan = capacityPlan(ENV, fixtureTenants(3));
    const keys = capacityThresholds(plan).map((s) => `${s.ruleId} ${s.metric} ${s.expression}`);
    expect(keys).toEqual([
      'LOAD-LATENCY-CREATE http_req_duration{endpoint:create} p(95)<500',
      'LOAD-LATENCY-CREATE http_req_duration{endpoint:create} p(99)<1000',
      'LOAD-LATENCY-RETRIEVE http_req_duration{endpoint:retrieve} p(95)<500',
      'LOAD-LATENCY-RETRIEVE http_req_duration{endpoint:retrieve} p(99)<1000',
      'LOAD-LATENCY-UPDATE http_req_duration{endpoint:update} p(95)<500',
      'LOAD-LATENCY-UPDATE http_req_duration{endpoint:update} p(99)<1000',
      'LOAD-EXPECTED-STATUSES capacity_unexpected_status{endpoint:create} rate==0',
      'LOAD-EXPECTED-STATUSES capacity_unexpected_status{endpoint:retrieve} rate==0',
      'LOAD-EXPECTED-STATUSES capacity_unexpected_status{endpoint:update} rate==0',
      'RATE-LIMIT-429 capacity_throttled{tenant:t001} count==0',
      'RATE-LIMIT-429 capacity_throttled{tenant:t002} count==0',
      'RATE-LIMIT-429 capacity_throttled{tenant:t003} count==0',
      'LOAD-OPEN-MODEL dropped_iterations count==0',
    ]);
  });

  test('refuses what cannot be planned, and production without consent', () => {
    expect(() => capacityPlan({ ...ENV, CAPACITY_SHARE: '0.01' }, fixtureTenants(1, 100))).toThrow(
      /less than one POST\+GET\+PUT per window/,
    );
    expect(() => capacityPlan({ KIT_RUN_ID: 'x' }, fixtureTenants(1))).toThrow(/TARGET_BASE_URL is not set/);
    const windows = [...fixtureTenants(1, 600, 7), { ...fixtureTenants(2, 600, 3599)[1] } as never];
    expect(() => capacityPlan(ENV, windows)).toThrow(/common period/);
    const live = fixtureTenants(1).map((t) => ({
      ...t,
      accessToken: t.accessToken.replace('svc_test_', 'svc_live_'),
    }));
    expect(capacityPlan(ENV, live).target.environment).toBe('production');
  });

  test("a deployment's own prefix takes TARGET_ENVIRONMENT's environment; without it, or of both environments, it stops", () => {
    const own = (prefix: string) =>
      fixtureTenants(2).map((t) => ({ ...t, accessToken: t.accessToken.replace('svc_test_', prefix) }));
    expect(() => capacityPlan(ENV, own('th_test_'))).toThrow(
      /tenant 1 \(t001\) starts with th_test_, not svc_test_ .*set TARGET_ENVIRONMENT/,
    );
    const declared = { ...ENV, TARGET_ENVIRONMENT: 'production' };
    expect(capacityPlan(declared, own('th_test_')).target.environment).toBe('production');
    const [first, second] = own('th_test_') as [
      ReturnType<typeof fixtureTenants>[number],
      ReturnType<typeof fixtureTenants>[number],
    ];
    const mixed = [first, { ...second, accessToken: second.accessToken.replace('th_test_', 'th_live_') }];
    expect(() => capacityPlan({ ...ENV, TARGET_ENVIRONMENT: 'sandbox' }, mixed)).toThrow(
      /tenant 2 \(t002\) belongs to another environment than the tenants file's tenant 1/,
    );
  });
});
