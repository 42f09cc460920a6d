/**
 * The k6 summaries as the certificate shows them: each one listed, and the thresholds of the run's own
 * summaries turned into tests of their rules. A summary of another run is listed and not counted.
 */
import type { TestOutcomeStatus } from '../../run-records/check-record-reader.ts';
import type { CertificateLoadSummary, CertificateTest, LoadEntry } from './certificate-types.ts';

/** A k6 threshold as a test of the rule it stands for. */
export type LoadTest = CertificateTest & { readonly ruleId: string };

export interface LoadEntries {
  readonly load: LoadEntry[];
  readonly loadTests: LoadTest[];
}

type Threshold = CertificateLoadSummary['thresholds'][number];

/**
 * A crossed threshold is a violation of its rule; one k6 could not evaluate is a run that could not
 * measure, never a verdict on the target.
 */
export const thresholdTest = (summary: CertificateLoadSummary, threshold: Threshold): LoadTest => {
  const status: TestOutcomeStatus = threshold.verdict === 'passed' ? 'passed' : 'failed';
  const crossed = `threshold crossed: observed ${threshold.observed ?? 'nothing'}`;
  return {
    ruleId: threshold.ruleId,
    title: `${threshold.ruleId}: ${threshold.title} [${threshold.metric} ${threshold.expression}]`,
    project: `k6 ${summary.script}`,
    status,
    ...(threshold.verdict === 'failed'
      ? { error: crossed, violations: [crossed] }
      : status === 'failed'
        ? {
            inconclusive:
              threshold.verdict === 'not-established'
                ? `not established: ${threshold.reason ?? 'the load generator did not reach the planned rate'}`
                : 'threshold not evaluated: no value in the k6 summary',
          }
        : {}),
  };
};

/** Every summary in the order of its script, and the tests of those of this run (`runId`). */
export const loadEntriesOf = (
  summaries: readonly CertificateLoadSummary[],
  runId: string | null,
): LoadEntries => {
  const load: LoadEntry[] = [];
  const loadTests: LoadTest[] = [];
  for (const summary of [...summaries].sort((a, b) => a.script.localeCompare(b.script))) {
    const counted = runId !== null && summary.runId === runId;
    load.push({
      script: summary.script,
      runId: summary.runId ?? null,
      generatedAt: summary.generatedAt,
      verdict: summary.verdict,
      counted,
      dashboard: summary.dashboardHref ?? null,
      ...(counted ? {} : { note: `from another run (${summary.runId ?? 'no run id'}): not counted` }),
    });
    if (counted)
      for (const threshold of summary.thresholds) loadTests.push(thresholdTest(summary, threshold));
  }
  return { load, loadTests };
};
