import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { type PlannedLoadRun, planLoadRuns } from './load-plan.ts';
import { loadTotalsLine, renderLoadMarkdown, renderLoadText } from './load-render.ts';
import { junitCounts } from './load-run.ts';
import {
  buildLoadMatrix,
  type LoadRunOutcome,
  loadAsReportStats,
  loadEntry,
  loadMatrixPasses,
} from './load-verdicts.ts';

const runOf = (id: string): PlannedLoadRun => {
  const run = planLoadRuns().find((r) => r.id === id);
  if (!run) throw new Error(`no load row ${id}`);
  return run;
};

type ThresholdVerdict = 'passed' | 'failed' | 'not-established';

const REACH =
  'the load generator sent 90 requests of the rate-limit tenant in window 1 in 2 s (45/s); the plan needs 98 (49/s) of 100 planned';

const threshold = (ruleId: string, verdict: ThresholdVerdict, metric = 'm', expression = 'count==0') => ({
  ruleId,
  metric,
  expression,
  verdict,
  observed: verdict === 'passed' ? 0 : 3,
  ...(verdict === 'not-established' ? { reason: REACH } : {}),
});

/**
 * A run whose outputs agree: exit 0 with every threshold passed, or exit 99 with the failed ones and
 * those the generator's reach left unjudged (`notEstablished`).
 */
const outcome = (
  id: string,
  failed: string[],
  overrides: Partial<LoadRunOutcome> = {},
  notEstablished: string[] = [],
): LoadRunOutcome => {
  const verdictOf = (ruleId: string): ThresholdVerdict =>
    failed.includes(ruleId) ? 'failed' : notEstablished.includes(ruleId) ? 'not-established' : 'passed';
  const thresholds = [
    threshold('RATE-LIMIT-429', verdictOf('RATE-LIMIT-429'), 'ratelimit_throttled', 'count>0'),
    threshold('RATE-LIMIT-PER-TENANT', verdictOf('RATE-LIMIT-PER-TENANT')),
    threshold('LOAD-OPEN-MODEL', verdictOf('LOAD-OPEN-MODEL'), 'dropped_iterations', 'count<=18'),
  ];
  const failures = thresholds.filter((t) => t.verdict === 'failed').length;
  const skipped = thresholds.filter((t) => t.verdict === 'not-established').length;
  return {
    run: runOf(id),
    exitCode: failures + skipped ? 99 : 0,
    seconds: 7.26,
    summary: {
      verdict: failures ? 'failed' : skipped ? 'not-established' : 'passed',
      thresholds,
    },
    junit: { tests: thresholds.length, failures, errors: 0, skipped },
    dashboard: `${id}/rate-limit.html`,
    ...overrides,
  };
};

test('LOAD VERDICTS: a conforming server passes or fails; a mutant is caught, weakly caught or survives', () => {
  expect(loadEntry(outcome('load-rate-limit-reference', [])).verdict).toBe('passed');
  expect(loadEntry(outcome('load-rate-limit-variant-token-bucket', ['RATE-LIMIT-429']))).toMatchObject({
    verdict: 'failed',
    failedRules: [{ ruleId: 'RATE-LIMIT-429', thresholds: 1 }],
  });
  const global = 'load-rate-limit-mutant-rate-limit-global';
  expect(loadEntry(outcome(global, ['RATE-LIMIT-PER-TENANT', 'RATE-LIMIT-429'])).verdict).toBe('caught');
  expect(loadEntry(outcome(global, ['RATE-LIMIT-429'])).verdict).toBe('weakly-caught');
  expect(loadEntry(outcome(global, [])).verdict).toBe('survived');
});

test('LOAD VERDICTS: outputs that disagree, or are missing, make an error, never a verdict', () => {
  const id = 'load-rate-limit-mutant-rate-limit-removed';
  const problem = (overrides: Partial<LoadRunOutcome>) =>
    loadEntry(outcome(id, ['RATE-LIMIT-429'], overrides));
  expect(problem({ exitCode: 107 })).toMatchObject({
    verdict: 'error',
    problem: expect.stringContaining('exited with 107'),
  });
  expect(problem({ exitCode: undefined }).problem).toBe('k6 did not finish');
  expect(problem({ exitCode: 0 }).problem).toBe('k6 exited with 0 but the JSON summary says failed');
  expect(problem({ junit: { tests: 3, failures: 0, errors: 0, skipped: 0 } }).problem).toContain(
    '0 failures, errors and skips for 1 thresholds',
  );
  expect(problem({ junit: { tests: 2, failures: 1, errors: 0, skipped: 0 } }).problem).toContain(
    '2 testcases for 3 thresholds',
  );
  const { summary: _summary, ...withoutSummary } = outcome(id, ['RATE-LIMIT-429']);
  expect(loadEntry(withoutSummary).problem).toContain('no JSON summary');
  const { dashboard: _dashboard, ...withoutDashboard } = outcome(id, ['RATE-LIMIT-429']);
  expect(loadEntry(withoutDashboard).problem).toContain('no web dashboard');
  expect(problem({ problem: 'the server did not start: EADDRINUSE' })).toMatchObject({
    verdict: 'error',
    problem: 'the server did not start: EADDRINUSE',
  });
});

test('LOAD VERDICTS: totals, the exit rule and npm test’s count; a weak catch is reported, not failed', () => {
  const good = buildLoadMatrix([
    outcome('load-rate-limit-reference', []),
    outcome('load-rate-limit-mutant-rate-limit-global', ['RATE-LIMIT-PER-TENANT']),
    outcome('load-rate-limit-mutant-rate-limit-removed', ['RATE-LIMIT-PER-TENANT']),
  ]);
  expect(good.totals).toEqual({
    runs: 3,
    catch: { total: 2, caught: 1, weaklyCaught: 1, survived: 0 },
    pass: { total: 1, passed: 1, failed: 0 },
    notEstablished: 0,
    errors: 0,
  });
  expect(loadMatrixPasses(good)).toBe(true);
  expect(loadAsReportStats(good)).toEqual({ expected: 3, unexpected: 0, skipped: 0, flaky: 0 });
  const bad = buildLoadMatrix([
    outcome('load-rate-limit-reference', ['RATE-LIMIT-429']),
    outcome('load-rate-limit-mutant-rate-limit-global', []),
  ]);
  expect(loadMatrixPasses(bad)).toBe(false);
  expect(loadAsReportStats(bad)).toEqual({ expected: 0, unexpected: 2, skipped: 0, flaky: 0 });
  const skipped = buildLoadMatrix([], { skipped: { reason: 'k6 is not installed', runs: 13 } });
  expect(loadMatrixPasses(skipped)).toBe(true);
  expect(loadAsReportStats(skipped)).toEqual({ expected: 0, unexpected: 0, skipped: 13, flaky: 0 });
  expect(loadTotalsLine(skipped)).toBe('load (k6): 13 runs skipped (k6 is not installed)');
});

test('LOAD VERDICTS: a generator that did not reach the planned rate is not established, never a failure of the server', () => {
  const starved = loadEntry(
    outcome('load-rate-limit-variant-token-bucket', [], {}, ['LOAD-OPEN-MODEL', 'RATE-LIMIT-429']),
  );
  expect(starved).toMatchObject({ verdict: 'not-established', failedThresholds: [], failedRules: [] });
  expect(starved.unjudged.map((t) => t.ruleId)).toEqual(['RATE-LIMIT-429', 'LOAD-OPEN-MODEL']);
  // A mutant whose declared rule the sent requests decide is caught, whatever else went unjudged.
  const global = 'load-rate-limit-mutant-rate-limit-global';
  expect(loadEntry(outcome(global, ['RATE-LIMIT-PER-TENANT'], {}, ['LOAD-OPEN-MODEL'])).verdict).toBe(
    'caught',
  );
  expect(loadEntry(outcome(global, [], {}, ['RATE-LIMIT-429'])).verdict).toBe('not-established');
  // k6 exits 99 for a crossed premise: exit 0 beside a summary that is not established disagrees.
  expect(loadEntry(outcome(global, [], { exitCode: 0 }, ['RATE-LIMIT-429'])).verdict).toBe('error');
  const matrix = buildLoadMatrix([
    outcome('load-rate-limit-reference', [], {}, ['LOAD-OPEN-MODEL']),
    outcome(global, [], {}, ['RATE-LIMIT-429']),
    outcome('load-rate-limit-mutant-rate-limit-removed', ['RATE-LIMIT-429']),
  ]);
  expect(matrix.totals).toMatchObject({ notEstablished: 2, pass: { passed: 0, failed: 0 }, errors: 0 });
  expect(loadMatrixPasses(matrix)).toBe(true);
  expect(loadAsReportStats(matrix)).toEqual({ expected: 1, unexpected: 0, skipped: 2, flaky: 0 });
  expect(loadTotalsLine(matrix)).toContain(
    '2 not established (the load generator did not reach the planned rate)',
  );
  expect(renderLoadText(matrix).join('\n')).toMatch(
    /NOT EST\. {2}rate-limit {2}reference +not established: the load generator sent 90 requests .* the plan needs 98 \(49\/s\)/,
  );
});

test('LOAD MATRIX: each row says its verdict and why, in text and in Markdown with its dashboard', () => {
  const matrix = buildLoadMatrix(
    [
      outcome('load-rate-limit-reference', []),
      outcome('load-rate-limit-mutant-rate-limit-global', ['RATE-LIMIT-PER-TENANT', 'RATE-LIMIT-429']),
      outcome('load-rate-limit-mutant-rate-limit-removed', []),
    ],
    { wallSeconds: 36.4 },
  );
  const text = renderLoadText(matrix).join('\n');
  expect(text).toMatch(
    /caught {4}rate-limit {2}mutant rate-limit-global +k6 exit 99, crossed RATE-LIMIT-429, RATE-LIMIT-PER-TENANT \(7 s\)/,
  );
  expect(text).toMatch(/passed {4}rate-limit {2}reference +all 3 thresholds held/);
  expect(text).toMatch(
    /SURVIVED {2}rate-limit {2}mutant rate-limit-removed +every threshold held; declared RATE-LIMIT-429/,
  );
  expect(text).toContain('3 k6 runs in 36 s, before the suite');
  expect(loadTotalsLine(matrix)).toBe(
    'load (k6): 1/2 caught (1 by a declared rule, 0 weakly), 1 survived; 1/1 passed',
  );
  const markdown = renderLoadMarkdown(matrix).join('\n');
  expect(markdown).toContain(
    '| rate-limit | `reference` | pass | passed | all 3 thresholds held | — | 7.3 | [rate-limit.html](load-rate-limit-reference/rate-limit.html) |',
  );
});

test('LOAD RUN: a JUnit file read back as its counts', () => {
  expect(
    junitCounts('<testsuites><testsuite name="load.latency" tests="9" failures="2" errors="1" skipped="0">'),
  ).toEqual({ tests: 9, failures: 2, errors: 1, skipped: 0 });
  expect(junitCounts('<testsuites/>')).toBeUndefined();
});
