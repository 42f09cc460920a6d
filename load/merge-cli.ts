/**
 * `npm run load:merge -- <folder…> [--out <folder>]`: judges a capacity run split over k6 instances
 * as one. Reads the segment manifests and raw samples in the folders, merges them, judges every
 * threshold over the whole and writes, in the output folder (default LOAD_REPORT_DIR, else
 * reports/output/load): `capacity.summary.json` and `capacity.junit.xml` (the formats of the other load
 * scripts, which the Allure report and the certificate take in) and the page
 * `capacity.verdict.{md,html}`. Exits 0 when every threshold held, 99 when one did not (as k6 does),
 * 2 when the inputs are not one whole run.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT } from '../config/index.ts';
import { CAPACITY_SCRIPT } from './lib/capacity-plan.ts';
import { jsonReport } from './lib/json-report.ts';
import { junitXml } from './lib/junit-report.ts';
import { reportFileNames } from './lib/report-files.ts';
import { textSummary } from './lib/text-report.ts';
import { type MergedRun, MergeInputError, mergeSegments } from './merge-segments.ts';
import { verdictHtml, verdictMarkdown } from './merged-verdict-page.ts';
import { DEFAULT_REPORT_DIR } from './run-k6.ts';

export const K6_THRESHOLD_FAILED = 99;

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

export const mergedVerdictCode = (run: MergedRun): number =>
  run.results.every((r) => r.verdict === 'passed') ? EXIT.ok : K6_THRESHOLD_FAILED;

/** Merges, writes the reports and prints the verdict; returns the exit code. */
export const runMerge = async (folders: readonly string[], outDir: string): Promise<number> => {
  let run: MergedRun;
  try {
    run = await mergeSegments(folders);
  } catch (error) {
    if (error instanceof MergeInputError) {
      process.stderr.write(`load:merge: ${error.message}\n`);
      return EXIT.badConfiguration;
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
  return mergedVerdictCode(run);
};

const parseArguments = (argv: readonly string[]): { folders: string[]; outDir: string } | string => {
  const folders: string[] = [];
  let outDir = process.env.LOAD_REPORT_DIR?.trim()
    ? resolve(process.env.LOAD_REPORT_DIR.trim())
    : DEFAULT_REPORT_DIR;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--out') {
      const next = argv[i + 1];
      if (next === undefined) return '--out needs a folder';
      outDir = resolve(next);
      i += 1;
    } else if (arg.startsWith('--')) return `unknown option ${arg}`;
    else folders.push(resolve(arg));
  }
  return folders.length === 0 ? 'give the folders of the segments' : { folders, outDir };
};

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const parsed = parseArguments(process.argv.slice(2));
  if (typeof parsed === 'string') {
    process.stderr.write(`load:merge: ${parsed}; usage: npm run load:merge -- <folder…> [--out <folder>]\n`);
    process.exit(EXIT.badConfiguration);
  }
  runMerge(parsed.folders, parsed.outDir).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`load:merge: internal error: ${(error as Error).message.split('\n')[0]}\n`);
      process.exit(EXIT.deviation);
    },
  );
}
