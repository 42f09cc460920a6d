/** The k6 summaries' part of the certificate (load-entries.ts): what counts, and what a threshold says. */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { CertificateLoadSummary } from './certificate-types.ts';
import { loadEntriesOf, thresholdTest } from './load-entries.ts';

const summary = (
  script: string,
  runId: string | undefined,
  verdicts: readonly ('passed' | 'failed' | 'unknown')[],
): CertificateLoadSummary => ({
  script,
  generatedAt: '2026-11-21T10:05:00.000Z',
  target: 'https://sandbox.payments.example (sandbox)',
  runId,
  settings: {},
  durationSeconds: 70,
  verdict: verdicts.includes('failed') ? 'failed' : 'passed',
  thresholds: verdicts.map((verdict, index) => ({
    ruleId: 'RATE-LIMIT-429',
    title: `threshold ${index}`,
    metric: 'throttled',
    expression: 'count>0',
    verdict,
    observed: verdict === 'unknown' ? null : 3,
    decidedBy: 'k6',
  })),
});

test('LOAD ENTRIES: a crossed threshold is a violation, an unevaluated one inconclusive, a passed one a pass', () => {
  const [passed, crossed, unknown] = summary('rate-limit', 'run-1', [
    'passed',
    'failed',
    'unknown',
  ]).thresholds;
  const of = (threshold: typeof passed) =>
    thresholdTest(summary('rate-limit', 'run-1', []), threshold as NonNullable<typeof passed>);
  expect(of(passed)).toEqual({
    ruleId: 'RATE-LIMIT-429',
    title: 'RATE-LIMIT-429: threshold 0 [throttled count>0]',
    project: 'k6 rate-limit',
    status: 'passed',
  });
  expect(of(crossed)).toMatchObject({
    status: 'failed',
    error: 'threshold crossed: observed 3',
    violations: ['threshold crossed: observed 3'],
  });
  expect(of(unknown)).toMatchObject({
    status: 'failed',
    inconclusive: 'threshold not evaluated: no value in the k6 summary',
  });
  expect(of(unknown)).not.toHaveProperty('violations');
});

test("LOAD ENTRIES: only the run's own summaries count, listed in the order of their scripts", () => {
  const { load, loadTests } = loadEntriesOf(
    [
      summary('spike', 'run-1', ['passed']),
      summary('capacity', 'run-0', ['failed']),
      summary('burst', undefined, ['failed']),
    ],
    'run-1',
  );
  expect(load.map((entry) => [entry.script, entry.counted, entry.note])).toEqual([
    ['burst', false, 'from another run (no run id): not counted'],
    ['capacity', false, 'from another run (run-0): not counted'],
    ['spike', true, undefined],
  ]);
  expect(loadTests.map((t) => t.project)).toEqual(['k6 spike']);
  // A certificate with no run id counts no summary.
  expect(loadEntriesOf([summary('spike', 'run-1', ['passed'])], null).loadTests).toEqual([]);
});
