/**
 * A comparison as console lines: one heading line per part (rules, gap readings, latency, k6
 * thresholds), each change under it, indented, and a last line with the outcome and its exit code.
 */
import type { ProfileRun } from '../profile/profile.ts';
import {
  COMPARISON_FILE,
  type Comparison,
  type LatencyChange,
  type ReadingChange,
  type ReadingPair,
  type VerdictChange,
} from './comparison.ts';
import { comparisonExitCode } from './exit-code.ts';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export const describeRun = (run: ProfileRun): string =>
  `${run.runId ?? 'run id not recorded'} of ${run.startedAt ?? 'an unknown date'} against ${run.target ?? 'a target not recorded'}${run.filters.length > 0 ? ', filtered' : ''}`;

export const NOT_OBSERVED = '(not observed)';

export const describePair = (pair: ReadingPair): string =>
  `${pair.from ?? NOT_OBSERVED} → ${pair.to ?? NOT_OBSERVED}`;

/** One change of reading and every test that saw it change so. */
export interface ReadingGroup {
  readonly gap: string;
  readonly pair: ReadingPair;
  readonly tests: readonly string[];
}

/** The same change seen by several tests is one change, with its tests. */
export const groupReadingChanges = (changed: readonly ReadingChange[]): ReadingGroup[] => {
  const groups = new Map<string, { gap: string; pair: ReadingPair; tests: string[] }>();
  for (const change of changed) {
    for (const pair of change.changes) {
      const key = JSON.stringify([change.gap, pair.from, pair.to]);
      const group = groups.get(key) ?? { gap: change.gap, pair, tests: [] };
      groups.set(key, group);
      group.tests.push(change.test);
    }
  }
  return [...groups.values()];
};

const SHOWN_TESTS = 3;

const verdictLine = (change: VerdictChange): string =>
  `${change.id}: ${change.from ?? 'not in the baseline'} → ${change.to ?? 'not in this run'}`;

/** A latency percentile as it is now, with how far it moved: "20.4 ms (+68.6%)". */
export const latencyNow = (change: LatencyChange): string =>
  `${change.to} ms${change.percent === null ? '' : ` (${change.percent > 0 ? '+' : ''}${change.percent}%)`}`;

export const describeLatency = (change: LatencyChange): string =>
  `${change.script} ${change.endpoint} ${change.stat}: ${change.from} ms → ${latencyNow(change)}`;

export const outcomeLine = (comparison: Comparison, failOnDrift: boolean): string => {
  const code = comparisonExitCode(comparison.outcome, failOnDrift);
  switch (comparison.outcome) {
    case 'deviation':
      return `DEVIATION: a rule or k6 threshold that did not fail in the baseline fails now (exit ${code})`;
    case 'drift':
      return failOnDrift
        ? `DRIFT: the target behaves differently from the baseline (exit ${code}: KIT_FAIL_ON_DRIFT=true)`
        : `DRIFT: the target behaves differently from the baseline (reported only, exit ${code}; KIT_FAIL_ON_DRIFT=true makes it exit 5)`;
    case 'improved':
      return `IMPROVED: only improvements since the baseline (exit ${code})`;
    case 'unchanged':
      return `UNCHANGED: nothing compared has changed since the baseline (exit ${code})`;
  }
};

export const renderComparisonLines = (comparison: Comparison, failOnDrift: boolean): string[] => {
  const { rules, readings, latency, thresholds } = comparison;
  const lines = [
    `baseline ${describeRun(comparison.baseline)}`,
    `current  ${describeRun(comparison.current)}`,
  ];

  lines.push(
    `rules and gaps: ${rules.newlyFailing.length} newly failing, ${rules.newlyPassing.length} newly passing, ${rules.otherChanges.length} otherwise changed, ${rules.stillFailing.length} still failing, ${rules.unchanged} unchanged`,
  );
  for (const change of rules.newlyFailing) lines.push(`  newly failing   ${verdictLine(change)}`);
  for (const change of rules.newlyPassing) lines.push(`  newly passing   ${verdictLine(change)}`);
  for (const change of rules.otherChanges) lines.push(`  changed         ${verdictLine(change)}`);
  if (rules.stillFailing.length > 0) lines.push(`  still failing   ${rules.stillFailing.join(', ')}`);
  // Older comparison files have no declared part.
  const declared = rules.declared ?? [];
  const stillDeclared = rules.stillDeclared ?? [];
  if (declared.length + stillDeclared.length > 0) {
    lines.push(
      `declared deviations (the provider's own, apart: never a deviation here): ${declared.length} changed, ${stillDeclared.length} declared in both runs`,
    );
    for (const change of declared) lines.push(`  declared        ${verdictLine(change)}`);
    if (stillDeclared.length > 0) lines.push(`  still declared  ${stillDeclared.join(', ')}`);
  }

  const groups = groupReadingChanges(readings.changed);
  const notCompared =
    readings.notCompared.length > 0
      ? ` (${plural(readings.notCompared.length, 'test')} observed in one run only: not compared)`
      : '';
  lines.push(
    groups.length === 0
      ? `gap readings: no change, over ${plural(readings.comparedTests, 'test')} that observed in both runs${notCompared}`
      : `gap readings: ${plural(groups.length, 'change')} in ${plural(new Set(groups.map((g) => g.gap)).size, 'gap')}, over ${plural(readings.comparedTests, 'test')} that observed in both runs${notCompared}`,
  );
  for (const group of groups) {
    lines.push(`  ${group.gap}: ${describePair(group.pair)}`);
    for (const test of group.tests.slice(0, SHOWN_TESTS)) lines.push(`    observed by "${test}"`);
    if (group.tests.length > SHOWN_TESTS) {
      lines.push(
        `    and ${plural(group.tests.length - SHOWN_TESTS, 'more test')} (${COMPARISON_FILE} lists them all)`,
      );
    }
  }

  if (latency.compared === 0) {
    lines.push('latency: not compared (no k6 latency figures of the same run in both profiles)');
  } else {
    lines.push(
      `latency: ${plural(latency.compared, 'percentile')} compared (tolerance +${comparison.tolerance.percent}% and at least ${comparison.tolerance.ms} ms): ${plural(latency.regressions.length, 'regression')}, ${plural(latency.improvements.length, 'improvement')}`,
    );
    for (const change of latency.regressions) lines.push(`  slower  ${describeLatency(change)}`);
    for (const change of latency.improvements) lines.push(`  faster  ${describeLatency(change)}`);
  }
  if (thresholds.newlyFailing.length + thresholds.newlyPassing.length > 0) {
    lines.push(
      `k6 thresholds: ${thresholds.newlyFailing.length} newly failing, ${thresholds.newlyPassing.length} newly passing`,
    );
    for (const t of thresholds.newlyFailing)
      lines.push(
        `  newly failing   ${t.script}: ${t.threshold} (${t.from ?? 'not in the baseline'} → ${t.to})`,
      );
    for (const t of thresholds.newlyPassing)
      lines.push(`  newly passing   ${t.script}: ${t.threshold} (${t.from} → ${t.to})`);
  }
  for (const note of comparison.notes) lines.push(`note: ${note}`);
  lines.push(outcomeLine(comparison, failOnDrift));
  return lines;
};
