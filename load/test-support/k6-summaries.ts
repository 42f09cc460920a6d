/**
 * Summaries of load runs as k6 hands them to `handleSummary`, in both formats the kit reads, and the
 * context a script passes with them: fixtures for the kit tests of load/lib (made-up values, no token).
 */
import { latencyPlan } from '../lib/latency-plan.ts';
import type { SummaryContext } from '../lib/summary-outputs.ts';
import { describeTarget } from '../lib/target.ts';
import { remoteEnv } from './env-fixtures.ts';

export const env = remoteEnv({ RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_WINDOW_SECONDS: '60' });

export const summaryContext = (script: string, dashboard?: string): SummaryContext => ({
  script,
  reportDir: '/tmp/kit-reports/load',
  dashboard,
  target: describeTarget(latencyPlan(env).target),
  runId: 'run-loadtest-1',
  settings: { limit: 1000, windowSeconds: 60 },
  now: new Date('2026-11-21T10:00:00.000Z'),
});

/** A latency run's summary as k6 (1.x and 2.x) hands it to handleSummary: metrics by name, with k6's verdicts. */
export const latencySummary = (p99Update: number) => ({
  root_group: {
    name: '',
    path: '',
    id: 'd41d8cd98f00b204e9800998ecf8427e',
    groups: [],
    checks: [
      { name: 'create: POST answers 201', path: '::create: POST answers 201', passes: 798, fails: 0 },
      { name: 'retrieve: GET answers 200', path: '::retrieve: GET answers 200', passes: 798, fails: 0 },
    ],
  },
  options: {
    summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)', 'count'],
    summaryTimeUnit: '',
    noColor: false,
  },
  state: { isStdOutTTY: false, isStdErrTTY: false, testRunDurationMs: 60412.5 },
  metrics: {
    http_reqs: { type: 'counter', contains: 'default', values: { count: 2394, rate: 39.63 } },
    http_req_duration: {
      type: 'trend',
      contains: 'time',
      values: {
        avg: 12.1,
        min: 2.3,
        med: 9.8,
        max: 612.4,
        'p(90)': 21.7,
        'p(95)': 30.2,
        'p(99)': 88.9,
        count: 2394,
      },
    },
    'http_req_duration{endpoint:create}': {
      type: 'trend',
      contains: 'time',
      values: {
        avg: 14.2,
        min: 3.1,
        med: 11.0,
        max: 312.4,
        'p(90)': 25.3,
        'p(95)': 33.8,
        'p(99)': 95.1,
        count: 798,
      },
      thresholds: { 'p(95)<500': { ok: true }, 'p(99)<1000': { ok: true } },
    },
    'http_req_duration{endpoint:retrieve}': {
      type: 'trend',
      contains: 'time',
      values: {
        avg: 6.4,
        min: 2.3,
        med: 5.1,
        max: 99.0,
        'p(90)': 9.9,
        'p(95)': 12.0,
        'p(99)': 40.0,
        count: 798,
      },
      thresholds: { 'p(95)<500': { ok: true }, 'p(99)<1000': { ok: true } },
    },
    'http_req_duration{endpoint:update}': {
      type: 'trend',
      contains: 'time',
      values: {
        avg: 15.7,
        min: 3.0,
        med: 12.2,
        max: 1612.4,
        'p(90)': 28.8,
        'p(95)': 41.0,
        'p(99)': p99Update,
        count: 798,
      },
      thresholds: { 'p(95)<500': { ok: true }, 'p(99)<1000': { ok: p99Update < 1000 } },
    },
    checks: {
      type: 'rate',
      contains: 'default',
      values: { rate: 1, passes: 2394, fails: 0 },
      thresholds: { 'rate==1': { ok: true } },
    },
    latency_throttled: {
      type: 'counter',
      contains: 'default',
      values: { count: 0, rate: 0 },
      thresholds: { 'count==0': { ok: true } },
    },
    dropped_iterations: {
      type: 'counter',
      contains: 'default',
      values: { count: 0, rate: 0 },
      thresholds: { 'count==0': { ok: true } },
    },
    vus: { type: 'gauge', contains: 'default', values: { value: 1, min: 1, max: 4 } },
  },
});

/**
 * A rate-limit run in the machine-readable summary format: metrics as an array, no verdicts. At a
 * limit of 1000 per 60 s the plan sends 2500 requests a window; `sent` and `accepted` per window, and
 * `dropped` (every scenario's dropped iterations; `controlDropped`, the control scenario's, the same
 * unless given), make a generator that fell short or a server that served too few.
 */
/** Every request of a window answered the same ms after its planned instant: the spread moves none. */
export const sharedDelay = (ms: number): Record<string, number> => ({
  min: ms,
  med: ms,
  avg: ms,
  'p(90)': ms,
  'p(95)': ms,
  'p(99)': ms,
  max: ms,
});

export const machineReadableRateLimitSummary = ({
  sent = [2500, 2500, 2500],
  accepted = [1998, 1000, 1500],
  dropped = 0,
  controlDropped = dropped,
  lateServed = [0, 0, 0],
  lateRefused = [0, 0, 0],
  delays = sent.map(() => sharedDelay(20)),
  sentSoonest = 20,
}: {
  sent?: number[];
  accepted?: number[];
  dropped?: number;
  controlDropped?: number;
  /** Requests served, and refused, after the window they were sent in ended, by that window. */
  lateServed?: number[];
  lateRefused?: number[];
  /** The trend of each window's delays from planned instant to answer: one shared delay unless given. */
  delays?: Readonly<Record<string, number>>[];
  /** The least ms from a request's planned instant to its sending, over the run. */
  sentSoonest?: number;
} = {}) => {
  const counter = (name: string, count: number) => ({
    name,
    type: 'counter',
    contains: 'default',
    category: 'custom',
    values: { count, rate: count / 180 },
  });
  return {
    version: '1.0.0',
    metadata: { generatedAt: '2026-11-21T10:03:00Z', k6Version: '2.0.0' },
    config: { execution: 'local', duration: 180.2 },
    results: {
      passed: false,
      metrics: [
        ...accepted.map((count, window) => counter(`ratelimit_accepted{window:${window}}`, count)),
        ...sent.map((count, window) => counter(`ratelimit_sent{window:${window}}`, count)),
        ...lateServed.map((count, window) => counter(`ratelimit_late_served{window:${window}}`, count)),
        ...lateRefused.map((count, window) => counter(`ratelimit_late_refused{window:${window}}`, count)),
        ...delays.map((values, window) => ({
          name: `ratelimit_delay{window:${window}}`,
          type: 'trend',
          contains: 'time',
          category: 'custom',
          values: { count: sent[window] ?? 0, ...values },
        })),
        {
          name: 'ratelimit_send_delay',
          type: 'trend',
          contains: 'time',
          category: 'custom',
          values: { ...sharedDelay(sentSoonest), count: sent.reduce((sum, count) => sum + count, 0) },
        },
        counter('dropped_iterations', dropped),
        counter('dropped_iterations{scenario:control}', controlDropped),
        counter('ratelimit_throttled', 3001),
        counter('ratelimit_throttled{kind:get-unknown}', 1000),
        counter('ratelimit_throttled{kind:invalid-post}', 1000),
        counter('ratelimit_throttled{kind:valid-post}', 1001),
        counter('ratelimit_control_throttled', 0),
        {
          name: 'ratelimit_429_json_body',
          type: 'rate',
          contains: 'default',
          category: 'custom',
          values: { rate: 1, passes: 3001, fails: 0 },
        },
      ],
    },
  };
};
