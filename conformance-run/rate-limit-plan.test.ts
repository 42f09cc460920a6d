/**
 * The rate-limit checks' part of the plan (rate-limit-plan.ts): requests and time for any limit from
 * 10 to 100,000 a window, a limit this machine may not outpace said before the run, and every check's
 * planned length within its time-out.
 */

import fc from 'fast-check';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { expectFacts } from '../utilities/test-support/facts.ts';
import { burstReach, counterCost, rateLimitPlan } from './rate-limit-plan.ts';
import { describeRunPlan, runPlan } from './run-plan.ts';

test('RATE-LIMIT-PLAN: 10 per 5 s, 1000 per 60 s and 100,000 per 60 s within reach: 5.5 bursts of the limit, 2.5 windows and the counter', () => {
  for (const limit of [
    { requestsPerWindow: 10, windowSeconds: 5 },
    { requestsPerWindow: 1000, windowSeconds: 60 },
    { requestsPerWindow: 100_000, windowSeconds: 60 },
  ]) {
    const plan = rateLimitPlan(limit, 7);
    const counter = counterCost(limit, 7);
    // The counter's nine stretches fit in the first 0.6 of the 429 check’s window.
    expect(counter.extraWindows).toBe(0);
    expect(plan.requests).toBe(Math.round(5.5 * limit.requestsPerWindow) + counter.requests + 100);
    expect(plan.seconds).toBeCloseTo(
      2.5 * limit.windowSeconds + (5.5 * limit.requestsPerWindow) / burstReach(limit, 7) + counter.seconds,
      6,
    );
    expect(plan.warnings).toEqual([]);
  }
  // 32 in flight over a 7 ms round trip: about 4571 a second.
  expect(Math.round(burstReach({ requestsPerWindow: 1000, windowSeconds: 60 }, 7))).toBe(4571);
});

test('RATE-LIMIT-PLAN: a burst slow enough that the recovery check cannot reuse it costs a window and a half and a burst more', () => {
  // 100,000 per 60 s 280 ms away: 512 in flight, the most, reach about 1829 a second: 55 s a burst,
  // its second half ending 57 s in.
  const limit = { requestsPerWindow: 100_000, windowSeconds: 60 };
  const plan = rateLimitPlan(limit, 280);
  const counter = counterCost(limit, 280);
  const burstSeconds = 100_000 / burstReach(limit, 280);
  expect(Math.round(burstSeconds)).toBe(55);
  expect(plan.requests).toBe(6.5 * 100_000 + counter.requests + 100);
  expect(plan.seconds).toBeCloseTo(2.5 * 60 + 6.5 * burstSeconds + 1.5 * 60 + counter.seconds, 6);
});

test('RATE-LIMIT-PLAN: a far deployment’s bursts keep as many in flight as send five limits a window, so the limit is still exceeded within one', () => {
  const spec = { requestsPerWindow: 1000, windowSeconds: 60 };
  // 4 s away: 334 in flight, about 83 a second against the 17 the limit needs (32 would reach 8).
  expect(Math.round(burstReach(spec, 4_000))).toBe(84);
  expect(rateLimitPlan(spec, 4_000).warnings).toEqual([]);
  // A limit the usual 32 outpace keeps them.
  expect(burstReach({ requestsPerWindow: 50, windowSeconds: 60 }, 4_000)).toBe(8);
});

test('RATE-LIMIT-PLAN: a limit this machine cannot outpace is said before the run, with what the checks will do', () => {
  // 100,000 a minute needs 1667 a second; 512 at a time (the most) over 1 s reach about 512.
  const plan = rateLimitPlan({ requestsPerWindow: 100_000, windowSeconds: 60 }, 1_000);
  expect(plan.warnings).toEqual([
    expect.stringMatching(
      /limit of 100000 per 60 s needs more than 1667 requests a second.* reach about 512: the checks that must exceed it will likely be inconclusive after 3 windows each/,
    ),
  ]);
  // Four bursts of three windows each, and the windows waited.
  expect(plan.seconds).toBe(4 * 180 + 2.5 * 60);
  const lines = describeRunPlan(
    runPlan({
      limits: {
        A: { requestsPerWindow: 1000, windowSeconds: 60 },
        B: { requestsPerWindow: 1000, windowSeconds: 60 },
        RATE_LIMIT: { requestsPerWindow: 100_000, windowSeconds: 60 },
      },
      embedded: false,
      workers: 2,
      roundTripMs: 1_000,
      tenantB: true,
      rateLimitTenant: true,
      readOnly: false,
    }),
    false,
  );
  expect(lines.at(-1)).toMatch(/^plan: warning: the rate-limit tenant's limit of 100000 per 60 s/);
});

test('RATE-LIMIT-PLAN: for any limit from 10 to 100,000 a window and any round trip, the longest check fits its time-out', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 10, max: 100_000 }),
      fc.integer({ min: 1, max: 3_600 }),
      fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: undefined }),
      (requestsPerWindow, windowSeconds, roundTripMs) => {
        const plan = rateLimitPlan({ requestsPerWindow, windowSeconds }, roundTripMs);
        expectFacts({
          [`the longest check (${plan.longestCheckSeconds} s) within its time-out (${plan.timeoutSeconds} s)`]:
            plan.longestCheckSeconds < plan.timeoutSeconds,
          'no warning of the time-out': !plan.warnings.some((w) => w.includes('time-out')),
          [`a finite, positive number of requests (${plan.requests})`]:
            Number.isFinite(plan.requests) && plan.requests > 0,
        });
      },
    ),
    { numRuns: 500 },
  );
});

test('RATE-LIMIT-PLAN: a far deployment’s counter keeps more requests in flight, so its stretches take the round trips they need, not 8 at a time', () => {
  const limit = { requestsPerWindow: 50, windowSeconds: 60 };
  // 4 s away: five limits a window are 17 in flight (counter-stretch.ts), 576 requests in 34 rounds.
  const far = counterCost(limit, 4_000);
  expect(far.lanes).toBe(17);
  expect(far.requests).toBe(576);
  expect(far.seconds).toBeCloseTo((576 * 4) / 17, 6);
  // 0.6 of a window (36 s) holds the axes of 36 s: about 136 s of them need three fresh windows more.
  expect(far.extraWindows).toBe(3);
  // Any round trip: never slower than eight lanes would be, and one lane a round trip at the least.
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 60_000 }),
      fc.integer({ min: 10, max: 100_000 }),
      (roundTripMs, requestsPerWindow) => {
        const cost = counterCost({ requestsPerWindow, windowSeconds: 60 }, roundTripMs);
        expectFacts({
          [`no slower than eight lanes (${cost.seconds} s)`]:
            cost.seconds <= (cost.requests * roundTripMs) / 1000 / 8 + 1e-9,
          [`eight lanes at the least (${cost.lanes})`]: cost.lanes >= 8,
        });
      },
    ),
  );
});
