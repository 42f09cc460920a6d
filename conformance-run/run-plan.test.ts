/**
 * The plan `fei-kit conformance` prints before its tests (run-plan.ts): requests per tenant, each
 * tenant's time from its budget, and a run as long as its slowest tenant, not the sum.
 */

import { EMBEDDED_DEFAULT_LIMITS } from '../config/index.ts';
import { defaultWorkers, workersOfArguments } from '../config/run-workers.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { describeRunPlan, formatDuration, OTHER_CHECKS_REQUESTS, runPlan } from './run-plan.ts';

const SPEC_LIMIT = { requestsPerWindow: 1000, windowSeconds: 60 };
const remote = {
  limits: { A: SPEC_LIMIT, B: SPEC_LIMIT, RATE_LIMIT: SPEC_LIMIT },
  embedded: false,
  workers: 5,
  roundTripMs: 120,
  tenantB: true,
  rateLimitTenant: true,
  readOnly: false,
};

test('PLAN: against a deployment at the spec limit, each tenant from its budget, the run from the slowest', () => {
  const plan = runPlan(remote);
  const byTenant = Object.fromEntries(plan.tenants.map((t) => [t.tenant, t]));
  expect(Object.keys(byTenant)).toEqual(['A', 'B', 'RATE_LIMIT']);
  // Tenant A: the other checks and the properties' one window of budget, at 800 a minute.
  expect(byTenant.A?.requests).toBeGreaterThan(OTHER_CHECKS_REQUESTS.A);
  expect(byTenant.A?.requests).toBeLessThan(OTHER_CHECKS_REQUESTS.A + 900);
  // 800 per minute, over the window and the send margin.
  expect(byTenant.A?.seconds).toBeCloseTo(((byTenant.A?.requests ?? 0) / 800) * 60.5, 0);
  // The rate-limit checks: a few windows of 60 s.
  expect(byTenant.RATE_LIMIT?.seconds).toBeGreaterThan(120);
  expect(byTenant.RATE_LIMIT?.seconds).toBeLessThan(180);
  const slowest = plan.tenants.reduce((most, t) => Math.max(most, t.seconds), 0);
  const sum = plan.tenants.reduce((total, t) => total + t.seconds, 0);
  expect(plan.seconds).toBeGreaterThanOrEqual(slowest);
  expect(plan.seconds).toBeLessThan(sum);
  const lines = describeRunPlan(plan, false);
  // The duration first: the round trip a deployment answers in can make it long.
  expect(lines[0]).toMatch(
    /^plan: about [\d.]+ (s|min) in all at a round trip of 120 ms: the tenants run side by side/,
  );
  expect(lines[1]).toMatch(/^plan: tenant A ~\d+ requests \(at 800 per 60 s: ~[\d.]+ (s|min)\); tenant B/);
});

test("PLAN: a raised limit shortens its tenant's share of the run; read-only production sends only GETs", () => {
  const raised = runPlan({
    ...remote,
    limits: { ...remote.limits, A: { requestsPerWindow: 10_000, windowSeconds: 60 } },
  });
  const base = runPlan(remote);
  const secondsOf = (plan: typeof base, tenant: string) =>
    plan.tenants.find((t) => t.tenant === tenant)?.seconds;
  expect(secondsOf(raised, 'A') ?? 0).toBeLessThan(secondsOf(base, 'A') ?? 0);
  const readOnly = runPlan({ ...remote, readOnly: true });
  expect(readOnly.tenants.map((t) => t.tenant)).toEqual(['A', 'B']);
  expect(readOnly.tenants[0]?.requests).toBe(OTHER_CHECKS_REQUESTS.A);
});

test('PLAN: the reference server is bounded by the machine, and says so', () => {
  const plan = runPlan({
    ...remote,
    limits: EMBEDDED_DEFAULT_LIMITS,
    embedded: true,
    roundTripMs: undefined,
  });
  const a = plan.tenants.find((t) => t.tenant === 'A');
  expect(a?.requests).toBeGreaterThan(2_500);
  expect(a?.seconds).toBeLessThan(1);
  expect(describeRunPlan(plan, true)[1]).toMatch(/bounded by this machine/);
  expect(formatDuration(42)).toBe('42 s');
  expect(formatDuration(150)).toBe('2.5 min');
  expect(formatDuration(9000)).toBe('2.5 h');
});

test('PLAN: a slow deployment is planned at its round trip, the duration said first, a long run warned of', () => {
  const at = (roundTripMs: number) => runPlan({ ...remote, roundTripMs });
  const fast = at(120);
  const slow = at(4_000);
  const far = at(60_000);
  const a = (plan: typeof fast) => plan.tenants.find((t) => t.tenant === 'A');
  // Each worker waits out its round trips: tenant A's requests over 5 workers, 4 s each.
  expect(a(slow)?.seconds).toBeCloseTo(((a(slow)?.requests ?? 0) * 4) / 5, 0);
  expect(a(slow)?.why).toBe('5 workers at a round trip of 4000 ms');
  expect(a(fast)?.why).toBe('at 800 per 60 s');
  expect(slow.seconds).toBeGreaterThan(fast.seconds);
  const slowLines = describeRunPlan(slow, false);
  expect(slowLines[0]).toMatch(/^plan: about [\d.]+ (min|h) in all at a round trip of 4000 ms/);
  expect(slowLines.some((line) => line.includes('warning: at this round trip'))).toBe(slow.seconds > 3600);
  const farLines = describeRunPlan(far, false);
  expect(far.seconds).toBeGreaterThan(3600);
  expect(farLines[1]).toMatch(/^plan: warning: at this round trip the whole suite takes about [\d.]+ h/);
});

test('WORKERS: the rate-limit checks get a worker of their own beside the others; --workers wins', () => {
  expect(defaultWorkers(true, 2)).toBe(3);
  expect(defaultWorkers(false, 2)).toBe(5);
  expect(workersOfArguments(['--grep', 'x', '--workers', '2'])).toBe(2);
  expect(workersOfArguments(['--workers=4'])).toBe(4);
  expect(workersOfArguments(['-j', '1'])).toBe(1);
  expect(workersOfArguments(['--workers=2', '--grep', 'x', '--workers=3'])).toBe(3);
  expect(workersOfArguments(['--grep', '@auth'])).toBeUndefined();
  // A share of the CPUs, as Playwright reads it: never below one.
  expect(workersOfArguments(['--workers', '50%'], 8)).toBe(4);
  expect(workersOfArguments(['--workers=100%'], 2)).toBe(2);
  expect(workersOfArguments(['-j', '10%'], 2)).toBe(1);
});

test('PLAN: a filtered run counts the part of the suite it selects, and no rate-limit tenant without its checks', () => {
  const whole = runPlan(remote);
  const half = runPlan({ ...remote, selection: { otherShare: 0.5, propertyShare: 0, rateLimit: false } });
  const requestsOf = (plan: typeof whole, tenant: string) =>
    plan.tenants.find((t) => t.tenant === tenant)?.requests;
  expect(requestsOf(half, 'A')).toBe(Math.round(OTHER_CHECKS_REQUESTS.A * 0.5));
  expect(half.tenants.map((t) => t.tenant)).toEqual(['A', 'B']);
  const none = runPlan({ ...remote, selection: { otherShare: 0, propertyShare: 1, rateLimit: true } });
  expect(requestsOf(none, 'A') ?? 0).toBeLessThan(
    (requestsOf(whole, 'A') ?? 0) - OTHER_CHECKS_REQUESTS.A + 1,
  );
  expect(none.tenants.map((t) => t.tenant)).toContain('RATE_LIMIT');
});
