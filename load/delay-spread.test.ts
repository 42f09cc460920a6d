import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { delaySpread } from './lib/delay-spread.ts';
import type { MetricSummary } from './lib/summary-data.ts';

const trend = (name: string, values: Record<string, number>): [string, MetricSummary] => [
  name,
  { name, type: 'trend', contains: 'time', values, thresholds: {} },
];

/** Window 0's requests, from the least delay of windows 0 and 1; 50 planned a second, as in the self-check. */
const spread = { metric: 'delay', window: 0, reference: [0, 1], requestsPerMs: 0.05 };

test('DELAY SPREAD: one shared delay moves nothing; a spread moves the least its bounds allow, each request past a bound one', () => {
  const shared = { min: 30, 'p(90)': 30, 'p(95)': 30, 'p(99)': 30, max: 30, count: 100 };
  const metrics = new Map([trend('delay{window:0}', shared), trend('delay{window:1}', shared)]);
  expect(delaySpread(spread, metrics)).toEqual({ moved: 0, fastestMs: 30, slowestMs: 30, window: 0 });
  // Window 0 caught up after a stall, measured from window 1's least delay of 2 ms: p(90) 40 ms gives
  // ⌈0.05 × 38⌉ = 2 and 10 past it (12); p(95) 70 ms: 4 + 5 (9); p(99) 150 ms: 8 + 1 (9); max 470 ms: 24.
  const caughtUp = { min: 5, 'p(90)': 40, 'p(95)': 70, 'p(99)': 150, max: 470, count: 100 };
  const quiet = { min: 2, 'p(90)': 5, 'p(95)': 6, 'p(99)': 9, max: 12, count: 100 };
  const busy = new Map([trend('delay{window:0}', caughtUp), trend('delay{window:1}', quiet)]);
  expect(delaySpread(spread, busy)).toEqual({ moved: 9, fastestMs: 2, slowestMs: 470, window: 0 });
  // Window 1's own spread, from the same 2 ms: p(99) 9 ms gives ⌈0.35⌉ + 1; max 12 ms, ⌈0.5⌉.
  expect(delaySpread({ ...spread, window: 1 }, busy)?.moved).toBe(1);
  // A summary without a reference window's trend widens nothing: the bound is judged as it was.
  expect(delaySpread(spread, new Map([trend('delay{window:0}', caughtUp)]))).toBeUndefined();
  // Without percentiles, the whole span: ⌈0.05 × 468⌉.
  const spanOnly = new Map([
    trend('delay{window:0}', { min: 2, max: 470, count: 100 }),
    trend('delay{window:1}', { min: 2, max: 12, count: 100 }),
  ]);
  expect(delaySpread(spread, spanOnly)?.moved).toBe(24);
});
