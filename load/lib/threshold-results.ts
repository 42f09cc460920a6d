/**
 * Each threshold's verdict from a summary's metrics: k6's own where the summary carries it, else
 * evaluated here from the metric's value (the machine-readable format has no verdicts), else
 * "unknown", which the reports count as a failure, never as a pass. Pure: no k6 import, no Node API.
 */
import type { MetricSummary } from './summary-data.ts';
import { compare, parseExpression, type ThresholdSpec } from './thresholds.ts';

/**
 * `not-established`: crossed where the load generator did not reach what the threshold needs
 * (lib/reach.ts), so the run could not judge it; never a deviation.
 */
export type Verdict = 'passed' | 'failed' | 'unknown' | 'not-established';

export interface ThresholdResult {
  readonly spec: ThresholdSpec;
  readonly verdict: Verdict;
  /** The metric's value for the expression's aggregation (count, rate, p(95)…), when known. */
  readonly observed: number | undefined;
  /** Who decided: k6 (from the summary) or the kit (evaluated here), or nobody (metric absent). */
  readonly decidedBy: 'k6' | 'kit' | 'none';
  /** Why the threshold is not established: the generator's reach, with the rate reached and needed. */
  readonly reason?: string;
}

export const evaluateThreshold = (
  spec: ThresholdSpec,
  metrics: ReadonlyMap<string, MetricSummary>,
): ThresholdResult => {
  const parsed = parseExpression(spec.expression);
  const metric = metrics.get(spec.metric);
  const observed = parsed && metric ? metric.values[parsed.aggregation] : undefined;
  const k6Verdict = metric?.thresholds[spec.expression];
  if (k6Verdict !== undefined) {
    return { spec, verdict: k6Verdict ? 'passed' : 'failed', observed, decidedBy: 'k6' };
  }
  if (parsed === undefined) return { spec, verdict: 'unknown', observed, decidedBy: 'none' };
  if (observed !== undefined) {
    return {
      spec,
      verdict: compare(observed, parsed.operator, parsed.value) ? 'passed' : 'failed',
      observed,
      decidedBy: 'kit',
    };
  }
  // A counter that never got a sample is absent from some summaries: its count is 0.
  if (metric === undefined && parsed.aggregation === 'count') {
    return {
      spec,
      verdict: compare(0, parsed.operator, parsed.value) ? 'passed' : 'failed',
      observed: 0,
      decidedBy: 'kit',
    };
  }
  return { spec, verdict: 'unknown', observed: undefined, decidedBy: 'none' };
};

export const formatNumber = (value: number): string =>
  Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);

/** `p(95)=33.8`, or why there is no value. */
export const describeObserved = (result: ThresholdResult): string => {
  const parsed = parseExpression(result.spec.expression);
  if (result.observed === undefined || parsed === undefined) return 'no value in the summary';
  return `${parsed.aggregation}=${formatNumber(result.observed)}`;
};
