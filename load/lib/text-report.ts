/**
 * The text a load run prints at its end, in place of k6's own summary (which k6 skips when a script
 * has `handleSummary`): the target, each threshold with its rule and observed value, every metric, the
 * verdict and where the reports are. Pure: no k6 import, no Node API.
 */
import type { JunitRunFacts } from './junit-report.ts';
import type { MetricSummary } from './summary-data.ts';
import { describeObserved, formatNumber, type ThresholdResult } from './threshold-results.ts';

const isTime = (metric: MetricSummary): boolean => metric.contains === 'time';

const describeValues = (metric: MetricSummary): string =>
  Object.entries(metric.values)
    .map(([key, value]) => `${key}=${formatNumber(value)}${isTime(metric) && key !== 'count' ? 'ms' : ''}`)
    .join(' ');

const MARK: Readonly<Record<ThresholdResult['verdict'], string>> = {
  passed: '✓',
  failed: '✗',
  unknown: '?',
  'not-established': '–',
};

/** The closing line: passed, failed, or not established with the generator's reach. */
const verdictLine = (results: readonly ThresholdResult[]): string => {
  const crossed = results.filter((r) => r.verdict === 'failed' || r.verdict === 'unknown');
  const unjudged = results.filter((r) => r.verdict === 'not-established');
  if (crossed.length > 0)
    return `  VERDICT: FAILED, ${crossed.length} of ${results.length} thresholds crossed or not evaluated${unjudged.length ? `, ${unjudged.length} not established` : ''}`;
  if (unjudged.length > 0)
    return `  VERDICT: NOT ESTABLISHED, ${unjudged.length} of ${results.length} thresholds could not be judged: the load generator did not reach the planned rate (see –), not the service`;
  return `  VERDICT: PASSED, all ${results.length} thresholds held`;
};

export const textSummary = (
  results: readonly ThresholdResult[],
  metrics: ReadonlyMap<string, MetricSummary>,
  facts: JunitRunFacts,
  seconds: number,
  files: readonly string[],
): string => {
  const settings = Object.entries(facts.settings)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
  const lines = [
    '',
    `  load/${facts.script} against ${facts.target}${facts.runId ? `, run ${facts.runId}` : ''}, ${formatNumber(seconds)}s`,
    `  ${settings}`,
    '',
    '  THRESHOLDS',
  ];
  for (const result of results) {
    lines.push(`    ${MARK[result.verdict]} ${result.spec.ruleId}: ${result.spec.title}`);
    lines.push(`        ${result.spec.metric} ${result.spec.expression}: ${describeObserved(result)}`);
    if (result.reason) lines.push(`        not established: ${result.reason}`);
  }
  lines.push('', '  METRICS');
  const names = [...metrics.keys()].sort();
  const width = Math.min(60, names.reduce((most, name) => Math.max(most, name.length), 0) + 2);
  for (const name of names) {
    const metric = metrics.get(name) as MetricSummary;
    lines.push(`    ${name.padEnd(width, '.')} ${describeValues(metric)}`);
  }
  lines.push('', verdictLine(results), `  reports: ${files.join(', ')}`, '');
  return lines.join('\n');
};
