import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { delaySpread } from './lib/delay-spread.ts';
import type { MetricSummary } from './lib/summary-data.ts';

const trend = (name: string, values: Record<string, number>): [string, MetricSummary] => [
  name,
  { name, type: 'trend', contains: 'time', values, thresholds: {} },
];

/** Window 0's requests; 50 planned a second, as in the self-check. */
const spread = { metric: 'delay', sendMetric: 'send', window: 0, requestsPerMs: 0.05 };
const sentSoonest = (ms: number) => trend('send', { min: ms, max: ms + 100, count: 300 });

test('DELAY SPREAD: one shared delay moves nothing; a spread moves the least its bounds allow, each request past a bound one', () => {
  const shared = { min: 30, 'p(90)': 30, 'p(95)': 30, 'p(99)': 30, max: 30, count: 100 };
  const metrics = new Map([trend('delay{window:0}', shared), sentSoonest(30)]);
  expect(delaySpread(spread, metrics)).toEqual({ moved: 0, fastestMs: 30, slowestMs: 30, window: 0 });
  // Window 0 caught up after a stall, measured from the soonest sending, 2 ms: p(90) 40 ms gives
  // ⌈0.05 × 38⌉ = 2 and 10 past it (12); p(95) 70 ms: 4 + 5 (9); p(99) 150 ms: 8 + 1 (9); max 470 ms: 24.
  const caughtUp = { min: 5, 'p(90)': 40, 'p(95)': 70, 'p(99)': 150, max: 470, count: 100 };
  const busy = new Map([trend('delay{window:0}', caughtUp), sentSoonest(2)]);
  expect(delaySpread(spread, busy)).toEqual({ moved: 9, fastestMs: 2, slowestMs: 470, window: 0 });
  // The answers' least delay is no bound: a request answered 30 ms after may have arrived at once.
  expect(delaySpread(spread, new Map([trend('delay{window:0}', shared), sentSoonest(0)]))?.moved).toBe(2);
  // Without the sending trend, from the planned instant itself: ⌈0.05 × 30⌉.
  expect(delaySpread(spread, new Map([trend('delay{window:0}', shared)]))?.moved).toBe(2);
  // A summary without the window's trend widens nothing: the bound is judged as it was.
  expect(delaySpread(spread, new Map([sentSoonest(2)]))).toBeUndefined();
  // Without percentiles, the whole span: ⌈0.05 × 468⌉.
  const spanOnly = new Map([trend('delay{window:0}', { min: 5, max: 470, count: 100 }), sentSoonest(2)]);
  expect(delaySpread(spread, spanOnly)?.moved).toBe(24);
});
