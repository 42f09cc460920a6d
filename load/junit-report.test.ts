import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { junitXml, xmlText } from './lib/junit-report.ts';
import { latencyPlan, latencyThresholds } from './lib/latency-plan.ts';
import { rateLimitPlan, rateLimitThresholds } from './lib/rate-limit-plan.ts';
import { evaluateThresholds } from './lib/reach.ts';
import {
  env,
  latencySummary,
  machineReadableRateLimitSummary,
  summaryContext,
} from './test-support/k6-summaries.ts';

test.describe('a load run as JUnit', () => {
  test('a passing run: one testcase per threshold, named by its rule, no failure', () => {
    const specs = latencyThresholds(latencyPlan(env));
    const xml = junitXml(evaluateThresholds(latencySummary(95), specs), summaryContext('latency'), 60.4125);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain(`<testsuite name="load.latency" tests="${specs.length}" failures="0" errors="0"`);
    expect(xml.match(/<testcase /g)).toHaveLength(specs.length);
    expect(xml).not.toContain('<failure');
    expect(xml).toContain(
      'name="LOAD-LATENCY-CREATE: create: 95% of responses within 500 ms [http_req_duration{endpoint:create} p(95)&lt;500]"',
    );
    expect(xml).toContain('<system-out>p(95)=33.8</system-out>');
    expect(xml).toContain('time="60.413"');
    expect(xml).toContain('<property name="runId" value="run-loadtest-1"/>');
  });

  test('a crossed threshold is a failure that says what was observed', () => {
    const specs = latencyThresholds(latencyPlan(env));
    const xml = junitXml(evaluateThresholds(latencySummary(1312.25), specs), summaryContext('latency'), 60.4);
    expect(xml).toContain('failures="1" errors="0"');
    expect(xml).toContain(
      '<failure type="threshold" message="threshold crossed: http_req_duration{endpoint:update} p(99)&lt;1000 (p(99)=1312.25)">',
    );
  });

  test('a threshold the kit evaluated fails the same way, and one with no value is an error', () => {
    const plan = rateLimitPlan(env);
    const results = evaluateThresholds(machineReadableRateLimitSummary(), rateLimitThresholds(plan));
    const xml = junitXml(results, { ...summaryContext('rate-limit'), settings: {} }, 180.2);
    expect(xml).toContain('failures="1"');
    expect(xml).toContain(
      // Its seconds counted from the run's start: a second's warm-up, then 60 s a window.
      'RATE-LIMIT-429: window 2 (seconds 121 to 181 of the run) accepts no more than the limit of 1000 requests',
    );
    const none = junitXml(
      evaluateThresholds({ metrics: {} }, latencyThresholds(latencyPlan(env))),
      summaryContext('latency'),
      0,
    );
    expect(none).toMatch(/errors="[1-9]\d*"/);
    expect(none).toContain(
      '<error type="summary" message="the k6 summary has no value for http_req_duration{endpoint:create} p(95)&lt;500"/>',
    );
  });

  test('a threshold the load generator’s reach left unjudged is skipped, with the rate reached and needed', () => {
    const plan = rateLimitPlan(env);
    const summary = machineReadableRateLimitSummary({
      accepted: [1998, 1000, 700],
      sent: [2500, 2500, 1700],
    });
    const xml = junitXml(
      evaluateThresholds(summary, rateLimitThresholds(plan)),
      summaryContext('rate-limit'),
      180,
    );
    expect(xml).toContain('failures="0" errors="0" skipped="2"');
    expect(xml).toContain(
      '<skipped message="not established (count=700): the load generator sent 1700 requests of the rate-limit tenant in window 2 in 60 s (28.33/s); the plan needs 2498 (41.63/s) of 2500 planned"/>',
    );
  });

  test('XML text is escaped and stripped of characters XML forbids', () => {
    expect(xmlText(`a<b>&"c'\u0001d\te`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;d\te');
  });
});
