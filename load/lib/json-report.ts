/**
 * A load run as the JSON summary the Allure report, the certificate and the self-check read
 * (reports/allure/load-summaries.ts holds its schema): the verdict, each threshold with its rule and
 * observed value, every metric's values, and the file name of the run's web-dashboard HTML report
 * when it exports one. Pure: no k6 import, no Node API.
 */
import type { JunitRunFacts } from './junit-report.ts';
import { type RunVerdict, runVerdict } from './reach.ts';
import type { MetricSummary } from './summary-data.ts';
import type { ThresholdResult } from './threshold-results.ts';

export interface JsonReport {
  readonly script: string;
  readonly generatedAt: string;
  readonly target: string;
  readonly runId: string | undefined;
  readonly settings: Readonly<Record<string, string | number | boolean>>;
  readonly durationSeconds: number;
  /** `not-established`: no threshold the sent requests decide was crossed, but the generator's reach left some unjudged. */
  readonly verdict: RunVerdict;
  readonly thresholds: readonly {
    readonly ruleId: string;
    readonly title: string;
    readonly metric: string;
    readonly expression: string;
    readonly verdict: ThresholdResult['verdict'];
    readonly observed: number | null;
    readonly decidedBy: ThresholdResult['decidedBy'];
    /** Why a threshold is not established: the rate the generator reached and the rate needed. */
    readonly reason?: string;
  }[];
  readonly metrics: Readonly<Record<string, { readonly type: string | undefined; readonly values: object }>>;
  /** The web-dashboard HTML report's file name, beside this file; absent when the run exports none. */
  readonly dashboard?: string;
}

export const jsonReport = (
  results: readonly ThresholdResult[],
  metrics: ReadonlyMap<string, MetricSummary>,
  facts: JunitRunFacts,
  seconds: number,
  dashboard: string | undefined,
): JsonReport => ({
  script: facts.script,
  generatedAt: facts.now.toISOString(),
  target: facts.target,
  runId: facts.runId,
  settings: facts.settings,
  durationSeconds: seconds,
  verdict: runVerdict(results),
  thresholds: results.map((r) => ({
    ruleId: r.spec.ruleId,
    title: r.spec.title,
    metric: r.spec.metric,
    expression: r.spec.expression,
    verdict: r.verdict,
    observed: r.observed ?? null,
    decidedBy: r.decidedBy,
    ...(r.reason === undefined ? {} : { reason: r.reason }),
  })),
  metrics: Object.fromEntries(
    [...metrics.entries()].map(([name, m]) => [name, { type: m.type, values: m.values }]),
  ),
  ...(dashboard ? { dashboard } : {}),
});
