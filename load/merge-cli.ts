/**
 * `fei-kit load merge <folder…>`: judges a capacity run split over k6 instances as one. Reads the
 * segment manifests and raw samples in the folders, merges them, judges every threshold over the whole
 * and writes, in the load reports' folder (<output>/load, or LOAD_REPORT_DIR): `capacity.summary.json`
 * and `capacity.junit.xml` (the formats of the other load scripts, which the Allure report and the
 * certificate take in) and the page `capacity.verdict.{md,html}`. Exits 0 when every threshold held,
 * 1 when one the sent requests decide did not, 3 when the load generator's reach left some unjudged
 * (and none crossed), 9 when the inputs are not one whole run.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { EXIT } from '../config/index.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { CAPACITY_SCRIPT } from './lib/capacity-plan.ts';
import { jsonReport } from './lib/json-report.ts';
import { junitXml } from './lib/junit-report.ts';
import { runVerdict } from './lib/reach.ts';
import { reportFileNames } from './lib/report-files.ts';
import { textSummary } from './lib/text-report.ts';
import { type MergedRun, MergeInputError, mergeSegments } from './merge-segments.ts';
import { verdictHtml, verdictMarkdown } from './merged-verdict-page.ts';
import { asUnjudged, exitCodeOfVerdict, notEstablishedLines } from './verdict-exit.ts';

export { K6_THRESHOLDS_CROSSED as K6_THRESHOLD_FAILED } from '../config/index.ts';

export const verdictFileNames = Object.freeze({
  markdown: `${CAPACITY_SCRIPT}.verdict.md`,
  html: `${CAPACITY_SCRIPT}.verdict.html`,
});

/** Writes the merged run's reports into `outDir`; returns their paths. */
export const writeMergedReports = (run: MergedRun, outDir: string, now: Date = new Date()): string[] => {
  mkdirSync(outDir, { recursive: true });
  const names = reportFileNames(CAPACITY_SCRIPT);
  const facts = {
    script: CAPACITY_SCRIPT,
    target: run.manifest.target,
    runId: run.manifest.runId ?? undefined,
    settings: { ...run.manifest.settings, segments: run.segments.length },
    now,
  };
  const dashboard = existsSync(join(outDir, names.dashboard)) ? names.dashboard : undefined;
  const files = {
    [names.summary]: `${JSON.stringify(jsonReport(run.results, run.metrics, facts, run.durationSeconds, dashboard), null, 2)}\n`,
    [names.junit]: junitXml(run.results, facts, run.durationSeconds),
    [verdictFileNames.markdown]: verdictMarkdown(run),
    [verdictFileNames.html]: verdictHtml(run),
  };
  return Object.entries(files).map(([name, text]) => {
    const path = join(outDir, name);
    writeFileSync(path, text);
    return path;
  });
};

export const mergedVerdictCode = (run: MergedRun): number => exitCodeOfVerdict(runVerdict(run.results));

/** Merges, writes the reports and prints the verdict; returns the exit code. */
export const runMerge = async (
  folders: readonly string[],
  outDir: string,
  fail: SayLine,
): Promise<number> => {
  let run: MergedRun;
  try {
    run = await mergeSegments(folders);
  } catch (error) {
    if (error instanceof MergeInputError) {
      fail(`NOT MERGED: ${error.message}`);
      return EXIT.comparisonUnreadable;
    }
    throw error;
  }
  const files = writeMergedReports(run, outDir);
  const facts = {
    script: `${CAPACITY_SCRIPT} (${run.segments.length} segment(s) merged)`,
    target: run.manifest.target,
    runId: run.manifest.runId ?? undefined,
    settings: run.manifest.settings,
    now: new Date(),
  };
  process.stdout.write(
    textSummary(
      run.results,
      run.metrics,
      facts,
      run.durationSeconds,
      files.map((f) => relative(process.cwd(), f)),
    ),
  );
  for (const line of notEstablishedLines(run.results.map(asUnjudged))) fail(line);
  return mergedVerdictCode(run);
};
