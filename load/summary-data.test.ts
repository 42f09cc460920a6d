import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { latencyPlan, latencyThresholds } from './lib/latency-plan.ts';
import { rateLimitPlan, rateLimitThresholds } from './lib/rate-limit-plan.ts';
import { evaluateThresholds } from './lib/reach.ts';
import { collectMetrics, runDurationSeconds } from './lib/summary-data.ts';
import { env, latencySummary, machineReadableRateLimitSummary } from './test-support/k6-summaries.ts';

test.describe('a k6 summary, read in either format', () => {
  test('the metrics-by-name format: every threshold decided by k6 itself', () => {
    const specs = latencyThresholds(latencyPlan(env));
    const results = evaluateThresholds(latencySummary(95), specs);
    expect(results).toHaveLength(specs.length);
    expect(results.every((r) => r.verdict === 'passed' && r.decidedBy === 'k6')).toBe(true);
    expect(runDurationSeconds(latencySummary(95))).toBe(60.4125);
    const failed = evaluateThresholds(latencySummary(1312.25), specs).filter((r) => r.verdict === 'failed');
    expect(failed.map((r) => `${r.spec.metric} ${r.spec.expression} ${r.observed}`)).toEqual([
      'http_req_duration{endpoint:update} p(99)<1000 1312.25',
    ]);
  });

  test('the machine-readable format (metrics as an array, no verdicts) is evaluated by the kit', () => {
    const specs = rateLimitThresholds(rateLimitPlan(env));
    const summary = machineReadableRateLimitSummary();
    expect(runDurationSeconds(summary)).toBe(180.2);
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
    expect(byKey.get('ratelimit_headers_sent count==0')).toMatchObject({ verdict: 'passed', observed: 0 });
    expect(byKey.get('dropped_iterations{scenario:control} count<=2')?.verdict).toBe('passed');
    expect(byKey.get('ratelimit_429_json_body rate==1')?.verdict).toBe('passed');
  });

  test('a threshold whose metric has no value in the summary is unknown, never a pass', () => {
    const specs = latencyThresholds(latencyPlan(env));
    const results = evaluateThresholds({ metrics: {} }, specs);
    const trend = results.find((r) => r.spec.metric === 'http_req_duration{endpoint:create}');
    expect(trend).toMatchObject({ verdict: 'unknown', decidedBy: 'none', observed: undefined });
  });

  test('metrics nested in groups are still found', () => {
    const metrics = collectMetrics({
      results: {
        http: { http_reqs: { type: 'counter', contains: 'default', values: { count: 3, rate: 1 } } },
      },
    });
    expect(metrics.get('http_reqs')?.values.count).toBe(3);
  });
});
