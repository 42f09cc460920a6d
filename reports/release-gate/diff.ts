/**
 * Compares two behaviour profiles: which rules newly fail or pass, which gap readings changed (for the
 * tests that observed something in both runs), which latency percentiles moved beyond the tolerance,
 * which k6 thresholds changed verdict. Pure: profiles in, a Comparison out.
 */
import { DEFAULT_LATENCY_TOLERANCE } from '../../config/settings/run-settings.ts';
import type { Behaviour, Profile } from '../profile/profile.ts';
import {
  COMPARISON_SCHEMA,
  type Comparison,
  type ComparisonOutcome,
  type LatencyChange,
  type LatencyTolerance,
  type ReadingChange,
  type ReadingPair,
  type ThresholdChange,
  type VerdictChange,
} from './comparison.ts';

export const DEFAULT_TOLERANCE: LatencyTolerance = DEFAULT_LATENCY_TOLERANCE;

const FAILED = 'failed';
const PASSED = 'passed';
/** A failure the provider declared (the certificate's `declared` verdict): shown apart. */
const DECLARED = 'declared';

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const compareRules = (baseline: Behaviour, current: Behaviour): Comparison['rules'] => {
  const newlyFailing: VerdictChange[] = [];
  const newlyPassing: VerdictChange[] = [];
  const otherChanges: VerdictChange[] = [];
  const stillFailing: string[] = [];
  const declared: VerdictChange[] = [];
  const stillDeclared: string[] = [];
  let unchanged = 0;
  const ids = [...new Set([...Object.keys(baseline.rules), ...Object.keys(current.rules)])].sort(byText);
  for (const id of ids) {
    const before = baseline.rules[id];
    const after = current.rules[id];
    const change: VerdictChange = {
      id,
      kind: after?.kind ?? before?.kind ?? 'rule',
      from: before?.verdict ?? null,
      to: after?.verdict ?? null,
    };
    if (change.from === change.to) {
      if (change.to === FAILED) stillFailing.push(id);
      else if (change.to === DECLARED) stillDeclared.push(id);
      else unchanged += 1;
    } else if (change.to === FAILED) newlyFailing.push(change);
    else if (change.from === DECLARED || change.to === DECLARED) declared.push(change);
    else if (change.from === FAILED && change.to === PASSED) newlyPassing.push(change);
    else otherChanges.push(change);
  }
  return { newlyFailing, newlyPassing, otherChanges, stillFailing, declared, stillDeclared, unchanged };
};

const commonPrefix = (a: string, b: string): number => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
};

/**
 * Pairs each reading that went with the one that came in its place: the one sharing the longest
 * start ("truncated JSON gives 400 ERR-9001" with "truncated JSON gives 400 ERR-4000"). What is left
 * over went or came alone.
 */
export const pairReadings = (before: readonly string[], after: readonly string[]): ReadingPair[] => {
  const gone = before.filter((r) => !after.includes(r)).sort(byText);
  const came = after.filter((r) => !before.includes(r)).sort(byText);
  const pairs: ReadingPair[] = [];
  for (const from of gone) {
    let best = -1;
    let bestLength = -1;
    for (const [index, to] of came.entries()) {
      const length = commonPrefix(from, to);
      if (length > bestLength) {
        best = index;
        bestLength = length;
      }
    }
    const [to] = best === -1 ? [] : came.splice(best, 1);
    pairs.push({ from, to: to ?? null });
  }
  for (const to of came) pairs.push({ from: null, to });
  return pairs;
};

const testsOf = (readings: Behaviour['readings']): Set<string> =>
  new Set(Object.values(readings).flatMap((byTest) => Object.keys(byTest)));

const compareReadings = (baseline: Behaviour, current: Behaviour): Comparison['readings'] => {
  const before = testsOf(baseline.readings);
  const after = testsOf(current.readings);
  const compared = [...before].filter((test) => after.has(test));
  const notCompared = [
    ...[...before].filter((t) => !after.has(t)).map((test) => ({ test, in: 'baseline' as const })),
    ...[...after].filter((t) => !before.has(t)).map((test) => ({ test, in: 'current' as const })),
  ].sort((a, b) => byText(a.test, b.test));
  const changed: ReadingChange[] = [];
  const gaps = [...new Set([...Object.keys(baseline.readings), ...Object.keys(current.readings)])].sort(
    byText,
  );
  for (const gap of gaps) {
    for (const test of compared.sort(byText)) {
      const changes = pairReadings(baseline.readings[gap]?.[test] ?? [], current.readings[gap]?.[test] ?? []);
      if (changes.length > 0) changed.push({ gap, test, changes });
    }
  }
  return { changed, comparedTests: compared.length, notCompared };
};

const compareLatency = (
  baseline: Behaviour,
  current: Behaviour,
  tolerance: LatencyTolerance,
): Comparison['latency'] => {
  const regressions: LatencyChange[] = [];
  const improvements: LatencyChange[] = [];
  let compared = 0;
  for (const [script, after] of Object.entries(current.load)) {
    const before = baseline.load[script];
    if (!before) continue;
    for (const [endpoint, stats] of Object.entries(after.latency)) {
      for (const [stat, to] of Object.entries(stats)) {
        const from = before.latency[endpoint]?.[stat];
        if (from === undefined) continue;
        compared += 1;
        const margin = Math.max((from * tolerance.percent) / 100, tolerance.ms);
        const change: LatencyChange = {
          script,
          endpoint,
          stat,
          from,
          to,
          percent: from === 0 ? null : Math.round(((to - from) / from) * 1000) / 10,
        };
        if (to - from > margin) regressions.push(change);
        else if (from - to > margin) improvements.push(change);
      }
    }
  }
  return { regressions, improvements, compared };
};

const compareThresholds = (baseline: Behaviour, current: Behaviour): Comparison['thresholds'] => {
  const newlyFailing: ThresholdChange[] = [];
  const newlyPassing: ThresholdChange[] = [];
  for (const [script, after] of Object.entries(current.load)) {
    const before = baseline.load[script];
    for (const [threshold, to] of Object.entries(after.thresholds)) {
      const from = before?.thresholds[threshold] ?? null;
      if (to === FAILED && from !== FAILED) newlyFailing.push({ script, threshold, from, to });
      else if (from === FAILED && to === PASSED) newlyPassing.push({ script, threshold, from, to });
    }
  }
  return { newlyFailing, newlyPassing };
};

const notesOf = (baseline: Profile, current: Profile): string[] => {
  const notes: string[] = [];
  if (baseline.run.target !== current.run.target) {
    notes.push(
      `The runs had different targets: ${baseline.run.target ?? 'not recorded'} and ${current.run.target ?? 'not recorded'}.`,
    );
  }
  if (baseline.run.kitVersion !== current.run.kitVersion) {
    notes.push(
      `The runs used different kit versions (${baseline.run.kitVersion} and ${current.run.kitVersion}): checks may have been added or renamed.`,
    );
  }
  const [before, after] = [baseline.run.filters.join(', '), current.run.filters.join(', ')];
  if (before !== '' && before === after) {
    notes.push(`Both runs were filtered (${before}): only what both checked is compared.`);
  } else {
    if (before !== '')
      notes.push(`The baseline run was filtered (${before}): only what both checked is compared.`);
    if (after !== '') notes.push(`This run was filtered (${after}): only what both checked is compared.`);
  }
  const scripts = (p: Profile) => Object.keys(p.behaviour.load);
  const missing = scripts(baseline).filter((s) => !scripts(current).includes(s));
  if (missing.length > 0)
    notes.push(`k6 ${missing.join(', ')} ran for the baseline, not for this run: not compared.`);
  return notes;
};

const outcomeOf = (
  comparison: Omit<Comparison, 'outcome' | 'schema' | 'notes' | 'baseline' | 'current' | 'tolerance'>,
): ComparisonOutcome => {
  if (comparison.rules.newlyFailing.length > 0 || comparison.thresholds.newlyFailing.length > 0)
    return 'deviation';
  const newlyDeclared = comparison.rules.declared.some((c) => c.to === DECLARED && c.from === PASSED);
  if (comparison.readings.changed.length > 0 || comparison.latency.regressions.length > 0 || newlyDeclared)
    return 'drift';
  if (
    comparison.rules.newlyPassing.length > 0 ||
    comparison.thresholds.newlyPassing.length > 0 ||
    comparison.latency.improvements.length > 0
  ) {
    return 'improved';
  }
  return 'unchanged';
};

export const compareProfiles = (
  baseline: Profile,
  current: Profile,
  tolerance: LatencyTolerance = DEFAULT_TOLERANCE,
): Comparison => {
  const parts = {
    rules: compareRules(baseline.behaviour, current.behaviour),
    readings: compareReadings(baseline.behaviour, current.behaviour),
    latency: compareLatency(baseline.behaviour, current.behaviour, tolerance),
    thresholds: compareThresholds(baseline.behaviour, current.behaviour),
  };
  return {
    schema: COMPARISON_SCHEMA,
    baseline: baseline.run,
    current: current.run,
    tolerance,
    ...parts,
    outcome: outcomeOf(parts),
    notes: notesOf(baseline, current),
  };
};
