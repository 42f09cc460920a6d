import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { latencyPlan, latencyThresholds } from './lib/latency-plan.ts';
import { dashboardFileOf } from './lib/report-files.ts';
import { summaryOutputs } from './lib/summary-outputs.ts';
import { TOKENS } from './test-support/env-fixtures.ts';
import { env, latencySummary, summaryContext } from './test-support/k6-summaries.ts';

test.describe('what handleSummary returns', () => {
  test('stdout, <script>.summary.json and <script>.junit.xml under the report folder', () => {
    const specs = latencyThresholds(latencyPlan(env));
    const outputs = summaryOutputs(latencySummary(1312.25), specs, summaryContext('latency', 'latency.html'));
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
      dashboard: 'latency.html',
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
    expect(stdout).toContain('/tmp/kit-reports/load/latency.html');
    for (const output of Object.values(outputs)) {
      for (const token of Object.values(TOKENS)) expect(output).not.toContain(token);
    }
  });

  test('a generator that dropped iterations: the JSON says not established, the text says why', () => {
    const specs = latencyThresholds(latencyPlan(env));
    const starved = latencySummary(95) as { metrics: Record<string, unknown> };
    starved.metrics.dropped_iterations = { type: 'counter', values: { count: 40 } };
    const outputs = summaryOutputs(starved, specs, summaryContext('latency'));
    const json = JSON.parse(outputs['/tmp/kit-reports/load/latency.summary.json'] as string);
    expect(json.verdict).toBe('not-established');
    const dropped = json.thresholds.find((t: { ruleId: string }) => t.ruleId === 'LOAD-OPEN-MODEL');
    expect(dropped).toMatchObject({ verdict: 'not-established', observed: 40 });
    expect(dropped.reason).toMatch(
      /^the load generator sent 226 iterations in 60 s \(3\.77\/s\); the plan needs 266 \(4\.43\/s\) of 266 planned$/,
    );
    const stdout = outputs.stdout as string;
    expect(stdout).toContain(`– LOAD-OPEN-MODEL: the load generator sent every planned iteration`);
    expect(stdout).toContain(`not established: ${dropped.reason}`);
    expect(stdout).toContain('VERDICT: NOT ESTABLISHED, 1 of');
  });

  test('a run without a dashboard says nothing of one', () => {
    const specs = latencyThresholds(latencyPlan(env));
    const outputs = summaryOutputs(latencySummary(95), specs, summaryContext('latency'));
    const json = JSON.parse(outputs['/tmp/kit-reports/load/latency.summary.json'] as string);
    expect(json.verdict).toBe('passed');
    expect('dashboard' in json).toBe(false);
    expect(outputs.stdout).not.toContain('.html');
  });

  test('the dashboard counts only when k6 exports it beside the summary', () => {
    const dir = '/tmp/kit-reports/load';
    const on = { K6_WEB_DASHBOARD: 'true', K6_WEB_DASHBOARD_EXPORT: `${dir}/latency.html` };
    expect(dashboardFileOf(on, 'latency', dir)).toBe('latency.html');
    expect(dashboardFileOf(on, 'latency', `${dir}/`)).toBe('latency.html');
    expect(dashboardFileOf({ ...on, K6_WEB_DASHBOARD: 'false' }, 'latency', dir)).toBeUndefined();
    expect(dashboardFileOf({ ...on, K6_WEB_DASHBOARD: 'maybe' }, 'latency', dir)).toBeUndefined();
    expect(dashboardFileOf({ K6_WEB_DASHBOARD: 'true' }, 'latency', dir)).toBeUndefined();
    expect(
      dashboardFileOf({ ...on, K6_WEB_DASHBOARD_EXPORT: '/elsewhere/latency.html' }, 'latency', dir),
    ).toBe(undefined);
  });
});
