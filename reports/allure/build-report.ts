/**
 * `fei-kit report`: builds the Allure report of the last conformance run (and of the k6 runs whose
 * summaries are present) into <output>/allure-report/index.html, one self-contained page.
 *
 *   1. adds the k6 thresholds, the observations summary and the certificate (allure-extras.ts), and
 *      tags `drift` the tests whose observation changed since the baseline (compare/allure-drift.ts);
 *   2. deletes the previous report (a generate into an old folder leaves stale files);
 *   3. runs `allure generate` once with allurerc.mjs: each generate appends one line to the history
 *      (<output>/history/history.jsonl, or ALLURE_HISTORY_PATH), which is what gives the trends;
 *   4. copies each k6 run's web-dashboard HTML report into <output>/allure-report/load/, where the
 *      thresholds' links point (so the report folder, published as is, carries them);
 *   5. removes the template's tag-manager script (third-party.ts) and checks nothing external is left,
 *      in the dashboards too.
 *
 * Exit codes (config/exit-codes.ts): 0 built; 2 nothing to build from (no results: run the suite
 * first); 7 Allure failed or the page still refers to a third party.
 */
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import { EXIT } from '../../config/index.ts';
import { readObservationsFile } from '../../run-records/observations.ts';
import { consoleLine } from '../../utilities/console-line.ts';
import { KIT_ROOT } from '../../utilities/kit-root.ts';
import { type OutputPaths, outputPaths } from '../../utilities/output-paths.ts';
import type { Certificate } from '../certificate/certificate.ts';
import { CERTIFICATE_FILES } from '../certificate/files.ts';
import { markDriftInAllureResults } from '../release-gate/allure-drift.ts';
import { readComparisonFile } from '../release-gate/comparison-file.ts';
import { readRunInfo } from '../reporters/run-info.ts';
import { markDeclaredInAllureResults } from './allure-declared.ts';
import { DASHBOARD_FOLDER, showObservationsInline, writeAllureExtras } from './allure-extras.ts';
import { type LoadSummary, readLoadSummaries } from './load-summaries.ts';
import { externalResourceUrls, stripThirdPartyScripts } from './third-party.ts';

const ALLURE_CONFIG = join(KIT_ROOT, 'allurerc.mjs');
const require = createRequire(import.meta.url);

const say = consoleLine('report');

const countResults = (folder: string): number =>
  existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('-result.json')).length : 0;

const runAllure = (
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; output: string }> =>
  new Promise((resolve) => {
    // The package exports no cli path: it sits beside dist/, where its main module is.
    const cli = join(dirname(require.resolve('allure')), '..', 'cli.js');
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: KIT_ROOT,
      env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    // 'close': the output is whole only once the pipes are drained, which can be after 'exit'.
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });

const htmlFiles = (folder: string): string[] => {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) for (const file of htmlFiles(path)) found.push(file);
    else if (entry.name.endsWith('.html')) found.push(path);
  }
  return found;
};

const historyEntries = (path: string): number =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '').length
    : 0;

/** The certificate written for the run at hand (same run id as run.json), if any. */
const certificateOfRun = (paths: OutputPaths): Certificate | undefined => {
  const file = join(paths.certificate, CERTIFICATE_FILES.json);
  if (!existsSync(file)) return undefined;
  try {
    const certificate = JSON.parse(readFileSync(file, 'utf8')) as Certificate;
    return certificate.runId === readRunInfo(paths.runInfo)?.runId ? certificate : undefined;
  } catch {
    return undefined;
  }
};

export interface ReportOutcome {
  readonly code: number;
  readonly tests: number;
  readonly thresholds: number;
  readonly index: string;
}

/** Marks the results with what the run's comparison and declarations say: drift, declared deviations. */
const markResults = (paths: OutputPaths): void => {
  showObservationsInline(paths.allureResults);
  const comparison = readComparisonFile(paths.certificate, readRunInfo(paths.runInfo)?.runId);
  if (comparison) {
    const marked = markDriftInAllureResults(paths.allureResults, comparison);
    if (marked > 0)
      say(
        `${marked} test${marked === 1 ? '' : 's'} tagged drift: their observation changed since the baseline`,
      );
  }
  const declaredOnes = certificateOfRun(paths)?.declaredDeviations?.entries.filter(
    (entry) => entry.status === 'occurs',
  );
  const declared = markDeclaredInAllureResults(paths.allureResults, declaredOnes ?? []);
  if (declared > 0)
    say(
      `${declared} failed test${declared === 1 ? '' : 's'} filed under "Declared deviations": every violation they recorded is of a rule the provider declared`,
    );
};

/** The k6 summaries, the observations and the certificate's files as results of their own. */
const writeExtras = (paths: OutputPaths, summaries: readonly LoadSummary[]): number =>
  writeAllureExtras({
    folder: paths.allureExtraResults,
    summaries,
    observations: readObservationsFile(paths.observations),
    globalFiles: [
      {
        path: join(paths.certificate, CERTIFICATE_FILES.markdown),
        name: 'Conformance certificate (Markdown)',
        type: 'text/markdown',
      },
      {
        path: join(paths.certificate, CERTIFICATE_FILES.json),
        name: 'Conformance certificate (JSON)',
        type: 'application/json',
      },
    ],
  }).thresholds;

/** Copies each k6 web dashboard into the report; how many. */
const copyDashboards = (paths: OutputPaths, summaries: readonly LoadSummary[]): number => {
  let dashboards = 0;
  for (const summary of summaries) {
    if (!summary.dashboardFile) continue;
    mkdirSync(join(paths.allureReport, DASHBOARD_FOLDER), { recursive: true });
    copyFileSync(
      summary.dashboardFile,
      join(paths.allureReport, DASHBOARD_FOLDER, basename(summary.dashboardFile)),
    );
    dashboards += 1;
  }
  return dashboards;
};

/** Strips the report's third-party scripts; how many, and what still refers outside (then refused). */
const stripThirdParties = (paths: OutputPaths): { removed: number; external: string[] } => {
  let removed = 0;
  const external: string[] = [];
  for (const file of htmlFiles(paths.allureReport)) {
    const stripped = stripThirdPartyScripts(readFileSync(file, 'utf8'));
    removed += stripped.removed;
    writeFileSync(file, stripped.html);
    if (/googletagmanager|gtag\(/i.test(stripped.html))
      external.push(`${relative(paths.root, file)}: tag manager`);
    for (const url of externalResourceUrls(stripped.html))
      external.push(`${relative(paths.root, file)}: ${url}`);
  }
  return { removed, external };
};

export const buildReport = async (
  paths: OutputPaths = outputPaths(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<ReportOutcome> => {
  const index = join(paths.allureReport, 'index.html');
  const tests = countResults(paths.allureResults);
  const { summaries, problems } = readLoadSummaries(paths.load);
  for (const problem of problems) say(`skipped a load summary: ${problem}`);
  if (tests === 0 && summaries.length === 0) {
    say(
      `no results to build a report from: ${relative(process.cwd(), paths.allureResults) || '.'} holds no test results and no k6 summary is in ${relative(process.cwd(), paths.load) || '.'}; run \`fei-kit conformance\` first`,
    );
    return { code: EXIT.badConfiguration, tests, thresholds: 0, index };
  }
  markResults(paths);
  const thresholds = writeExtras(paths, summaries);
  rmSync(paths.allureReport, { recursive: true, force: true });
  const folders = [paths.allureResults, paths.allureExtraResults].filter((folder) => existsSync(folder));
  const allure = await runAllure(
    ['generate', ...folders, '--config', ALLURE_CONFIG, '--output', paths.allureReport],
    { ...env, KIT_OUTPUT_DIR: paths.root, ALLURE_HISTORY_PATH: paths.history },
  );
  if (allure.code !== 0 || !existsSync(index)) {
    say(`allure generate failed (exit ${allure.code}):\n${allure.output.trim()}`);
    return { code: EXIT.kitFailure, tests, thresholds, index };
  }
  const dashboards = copyDashboards(paths, summaries);
  const { removed, external } = stripThirdParties(paths);
  if (external.length > 0) {
    say(`the report still refers to third parties, refusing it:\n  ${external.join('\n  ')}`);
    rmSync(paths.allureReport, { recursive: true, force: true });
    return { code: EXIT.kitFailure, tests, thresholds, index };
  }
  const size = (statSync(index).size / 1024 / 1024).toFixed(1);
  say(
    `${tests} test results${thresholds ? ` and ${thresholds} k6 thresholds (${summaries.map((s) => s.script).join(', ')})` : ''} → ${relative(process.cwd(), index)} (${size} MB; ${removed} third-party scripts removed${dashboards ? `; ${dashboards} k6 web dashboard${dashboards === 1 ? '' : 's'} in ${DASHBOARD_FOLDER}/` : ''})`,
  );
  say(
    `history: ${relative(process.cwd(), paths.history)} holds ${historyEntries(paths.history)} run${historyEntries(paths.history) === 1 ? '' : 's'}`,
  );
  return { code: EXIT.ok, tests, thresholds, index };
};
