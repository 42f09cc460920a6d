import { expect, test } from '@playwright/test';
import { latencyPlan, latencyThresholds } from './lib/latency-plan.ts';
import { rateLimitPlan, rateLimitThresholds } from './lib/rate-limit-plan.ts';
import {
  collectMetrics,
  evaluateThresholds,
  junitXml,
  type SummaryContext,
  summaryOutputs,
  xmlText,
} from './lib/summary.ts';
import { describeTarget } from './lib/target.ts';
import { remoteEnv, TOKENS } from './test-support/env-fixtures.ts';

const env = remoteEnv({ RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_WINDOW_SECONDS: '60' });

const context = (script: string): SummaryContext => ({
  script,
  reportDir: '/tmp/kit-reports/load',
  target: describeTarget(latencyPlan(env).target),
  runId: 'run-loadtest-1',
  settings: { limit: 1000, windowSeconds: 60 },
  now: new Date('2026-11-21T10:00:00.000Z'),
});

/** A summary shaped as k6 1.x hands it to handleSummary (the "legacy" data model). */
const latencySummary = (p99Update: number) => ({
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

test.describe('handleSummary: JSON, JUnit and text', () => {
  test('a passing run: one testcase per threshold, no failure, k6 decided each', () => {
    const specs = latencyThresholds(latencyPlan(env));
    const results = evaluateThresholds(latencySummary(95), specs);
    expect(results).toHaveLength(specs.length);
    expect(results.every((r) => r.verdict === 'passed' && r.decidedBy === 'k6')).toBe(true);
    const xml = junitXml(results, context('latency'), 60.4125);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain(`<testsuite name="load.latency" tests="${specs.length}" failures="0" errors="0"`);
    expect(xml.match(/<testcase /g)).toHaveLength(specs.length);
    expect(xml).not.toContain('<failure');
    expect(xml).toContain(
      'name="LOAD-LATENCY-CREATE: create: 95% of responses within 500 ms [http_req_duration{endpoint:create} p(95)&lt;500]"',
    );
    expect(xml).toContain('<system-out>p(95)=33.8</system-out>');
    expect(xml).toContain('time="60.413"');
  });

  test('a failing threshold is a testcase with a failure that says what was observed', () => {
    const specs = latencyThresholds(latencyPlan(env));
    const results = evaluateThresholds(latencySummary(1312.25), specs);
    const failed = results.filter((r) => r.verdict === 'failed');
    expect(failed.map((r) => `${r.spec.metric} ${r.spec.expression}`)).toEqual([
      'http_req_duration{endpoint:update} p(99)<1000',
    ]);
    const xml = junitXml(results, context('latency'), 60.4);
    expect(xml).toContain('failures="1" errors="0"');
    expect(xml).toContain(
      '<failure type="threshold" message="threshold crossed: http_req_duration{endpoint:update} p(99)&lt;1000 (p(99)=1312.25)">',
    );
  });

  test('summaryOutputs writes stdout, <script>.summary.json and <script>.junit.xml under the report folder', () => {
    const specs = latencyThresholds(latencyPlan(env));
    const outputs = summaryOutputs(latencySummary(1312.25), specs, context('latency'));
    expect(Object.keys(outputs).sort()).toEqual([
      '/tmp/kit-reports/load/latency.junit.xml',
      '/tmp/kit-reports/load/latency.summary.json',
      'stdout',
    ]);
    const json = JSON.parse(outputs['/tmp/kit-reports/load/latency.summary.json'] as string);
    expect(json).toMatchObject({
      script: 'latency',
      verdict: 'failed',
      runId: 'run-loadtest-1',
      durationSeconds: 60.4125,
    });
    expect(json.thresholds).toHaveLength(specs.length);
    expect(json.thresholds.find((t: { verdict: string }) => t.verdict === 'failed')).toMatchObject({
      metric: 'http_req_duration{endpoint:update}',
      expression: 'p(99)<1000',
      observed: 1312.25,
      decidedBy: 'k6',
    });
    expect(json.metrics['http_req_duration{endpoint:create}'].values['p(95)']).toBe(33.8);
    const stdout = outputs.stdout as string;
    expect(stdout).toContain('load/latency against http://127.0.0.1:9 (sandbox)');
    expect(stdout).toContain('✗ LOAD-LATENCY-UPDATE: update: 99% of responses within 1000 ms');
    expect(stdout).toContain('http_req_duration{endpoint:update} p(99)<1000: p(99)=1312.25');
    expect(stdout).toContain('VERDICT: FAILED, 1 of');
    expect(stdout).toMatch(/http_reqs\.+ count=2394 rate=39\.63/);
    for (const output of Object.values(outputs)) {
      for (const token of Object.values(TOKENS)) expect(output).not.toContain(token);
    }
  });

  test('the machine-readable format (metrics as an array, no verdicts) is evaluated by the kit', () => {
    const plan = rateLimitPlan(env);
    const specs = rateLimitThresholds(plan);
    const counter = (name: string, count: number) => ({
      name,
      type: 'counter',
      contains: 'default',
      category: 'custom',
      values: { count, rate: count / 180 },
    });
    const summary = {
      version: '1.0.0',
      metadata: { generatedAt: '2026-11-21T10:03:00Z', k6Version: '2.0.0' },
      config: { execution: 'local', duration: 180.2 },
      results: {
        passed: false,
        metrics: [
          counter('ratelimit_accepted{window:0}', 1998),
          counter('ratelimit_accepted{window:1}', 1000),
          counter('ratelimit_accepted{window:2}', 1500),
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
    const results = evaluateThresholds(summary, specs);
    const byKey = new Map(results.map((r) => [`${r.spec.metric} ${r.spec.expression}`, r]));
    expect(byKey.get('ratelimit_accepted{window:0} count<=2020')).toMatchObject({
      verdict: 'passed',
      decidedBy: 'kit',
    });
    expect(byKey.get('ratelimit_accepted{window:1} count<=1020')).toMatchObject({
      verdict: 'passed',
      observed: 1000,
    });
    expect(byKey.get('ratelimit_accepted{window:2} count<=1020')).toMatchObject({
      verdict: 'failed',
      observed: 1500,
    });
    expect(byKey.get('ratelimit_accepted{window:2} count>=900')?.verdict).toBe('passed');
    // Counters that never got a sample may be absent: their count is 0.
    expect(byKey.get('ratelimit_server_errors count==0')).toMatchObject({ verdict: 'passed', observed: 0 });
    expect(byKey.get('dropped_iterations count==0')?.verdict).toBe('passed');
    expect(byKey.get('ratelimit_429_json_body rate==1')?.verdict).toBe('passed');
    const xml = junitXml(results, { ...context('rate-limit'), settings: {} }, 180.2);
    expect(xml).toContain('failures="1"');
    expect(xml).toContain(
      'RATE-LIMIT-429: window 2 (seconds 120 to 180 of the run) accepts no more than the limit of 1000 requests',
    );
  });

  test('a threshold whose metric has no value in the summary is an error, never a pass', () => {
    const specs = latencyThresholds(latencyPlan(env));
    const results = evaluateThresholds({ metrics: {} }, specs);
    const trend = results.find((r) => r.spec.metric === 'http_req_duration{endpoint:create}');
    expect(trend?.verdict).toBe('unknown');
    const xml = junitXml(results, context('latency'), 0);
    expect(xml).toMatch(/errors="[1-9]\d*"/);
    expect(xml).toContain(
      '<error type="summary" message="the k6 summary has no value for http_req_duration{endpoint:create} p(95)&lt;500"/>',
    );
  });

  test('metrics nested in groups are still found', () => {
    const metrics = collectMetrics({
      results: {
        http: { http_reqs: { type: 'counter', contains: 'default', values: { count: 3, rate: 1 } } },
      },
    });
    expect(metrics.get('http_reqs')?.values.count).toBe(3);
  });

  test('XML text is escaped and stripped of characters XML forbids', () => {
    expect(xmlText(`a<b>&"c'\u0001d\te`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;d\te');
  });
});
