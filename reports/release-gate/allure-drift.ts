/**
 * Marks, in allure-playwright's results of the current run, the tests whose observation changed since
 * the baseline: the tag `drift` (to filter on in the report) and, in the description, one line per
 * change (old reading → new reading). A test is found by its title, and among tests of the same title
 * by the gap it observed. Rewrites the result files in place; running it twice changes nothing more.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LabelName } from 'allure-js-commons';
import { normaliseReading } from '../profile/normalise.ts';
import type { ComparisonFile } from './comparison-file.ts';
import { describePair } from './render.ts';

export const DRIFT_TAG = 'drift';
const HEADING = '**Changed since the baseline**';

interface ResultFile {
  name?: string;
  description?: string;
  labels?: { name: string; value: string }[];
  steps?: ResultFile[];
  attachments?: { name?: string }[];
}

/** The gaps a result observed: its observation steps and attachments are named `observation <gap>: …`. */
const observedGaps = (holder: ResultFile, into = new Set<string>()): Set<string> => {
  const names = [
    ...(holder.steps ?? []).map((s) => s.name),
    ...(holder.attachments ?? []).map((a) => a.name),
  ];
  for (const name of names) {
    const gap = /^observation ([A-Z0-9-]+):/.exec(name ?? '')?.[1];
    if (gap) into.add(gap);
  }
  for (const step of holder.steps ?? []) observedGaps(step, into);
  return into;
};

/** Returns how many result files it marked. */
export const markDriftInAllureResults = (folder: string, comparison: ComparisonFile): number => {
  if (!existsSync(folder) || comparison.readings.changed.length === 0) return 0;
  const runId = comparison.current.runId;
  const results = readdirSync(folder)
    .filter((name) => name.endsWith('-result.json'))
    .map((name) => {
      const path = join(folder, name);
      return { path, result: JSON.parse(readFileSync(path, 'utf8')) as ResultFile };
    });
  const lines = new Map<string, string[]>();
  for (const change of comparison.readings.changed) {
    const named = results.filter((r) => normaliseReading(r.result.name ?? '', runId) === change.test);
    const observing = named.filter((r) => observedGaps(r.result).has(change.gap));
    for (const { path } of observing.length > 0 ? observing : named) {
      const own = lines.get(path) ?? [];
      lines.set(path, own);
      for (const pair of change.changes) own.push(`- ${change.gap}: ${describePair(pair)}`);
    }
  }
  let marked = 0;
  for (const { path, result } of results) {
    const own = lines.get(path);
    if (!own || result.labels?.some((l) => l.name === LabelName.TAG && l.value === DRIFT_TAG)) continue;
    result.labels = [...(result.labels ?? []), { name: LabelName.TAG, value: DRIFT_TAG }];
    const baseline = comparison.baseline.runId ?? 'the baseline run';
    const note = [
      `${HEADING} (${baseline}): what this test observed is not what it observed then.`,
      '',
      ...own,
    ].join('\n');
    result.description = result.description ? `${result.description}\n\n${note}` : note;
    writeFileSync(path, JSON.stringify(result));
    marked += 1;
  }
  return marked;
};
