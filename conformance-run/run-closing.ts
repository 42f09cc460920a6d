/**
 * What a conformance run does once Playwright has ended: the run's own request budget, the
 * certificate, the exit code with the line that says why, then (unless interrupted) the comparison
 * with KIT_BASELINE and the Allure report asked by --report, and the closing lines.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { EXIT, readTargetContract } from '../config/index.ts';
import { contractVariable } from '../config/settings/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { describeRequestBudget, requestBudgetReport, sumRequestStats } from '../pacing/request-budget.ts';
import { buildReport } from '../reports/allure/build-report.ts';
import { unavailableLines } from '../reports/certificate/unavailable-section.ts';
import { certificateStep } from '../reports/certificate/write-certificate.ts';
import type { FoundProfile } from '../reports/profile/files.ts';
import { ComparisonInputError, compareWithBaseline, loadProfileOf } from '../reports/release-gate/gate.ts';
import type { CompareSettings } from '../reports/release-gate/settings.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { outputPaths, outputRoot } from '../utilities/output-paths.ts';
import { closingLines } from './closing-lines.ts';
import { declarationLines, exitCodeOfRun, unansweredLines } from './run-ending.ts';

export interface EndedPlaywright {
  readonly signal: NodeJS.Signals | undefined;
  readonly code: number;
}

export interface ClosingContext {
  readonly started: number;
  readonly report: boolean;
  readonly settings: CompareSettings;
  readonly baseline: FoundProfile | undefined;
}

/** The run's own request budget: what each tenant was sent, and any 429 met outside @ratelimit. */
const budgetStep = (say: SayLine): boolean => {
  const paths = outputPaths();
  const contract = readTargetContract();
  const limits = contract.kind === 'remote' ? contract.target.limits : contract.limits;
  const runId = contractVariable(CONTRACT_VARIABLES.runId).read();
  const budget = requestBudgetReport(sumRequestStats(paths.requestStats, runId), limits, { runId });
  mkdirSync(paths.conformance, { recursive: true });
  writeFileSync(paths.requestBudget, `${JSON.stringify(budget, null, 2)}\n`);
  for (const line of describeRequestBudget(budget)) say(line);
  return budget.breaches.length > 0;
};

/**
 * `--report`: the Allure report of the run just ended. A deviation or drift is what a report is for;
 * a run that could not happen leaves nothing new to report. The run's own code outranks the report's.
 */
const withReport = async (code: number, say: SayLine): Promise<number> => {
  if (code !== EXIT.ok && code !== EXIT.deviation && code !== EXIT.drift) {
    say(`report: not built: the run could not happen (exit ${code})`);
    return code;
  }
  const report = await buildReport();
  return code !== EXIT.ok ? code : report.code;
};

/** The comparison with KIT_BASELINE; a deviation of the run itself outranks drift from the baseline. */
const compareRun = (
  baseline: FoundProfile,
  settings: CompareSettings,
  runCode: number,
  say: SayLine,
): number => {
  const compare = (line: string) => say(`compare: ${line}`);
  let compareCode: number;
  try {
    compareCode = compareWithBaseline(
      baseline,
      loadProfileOf('this run', outputRoot()),
      settings,
      compare,
    ).exitCode;
  } catch (error) {
    if (!(error instanceof ComparisonInputError)) throw error;
    compare(`not compared: ${error.message}`);
    compareCode = EXIT.comparisonUnreadable;
  }
  return runCode !== EXIT.ok ? runCode : compareCode;
};

/** Closes a run that ran checks: returns its exit code. */
export const closeRun = async (
  playwright: EndedPlaywright,
  context: ClosingContext,
  say: SayLine,
  fail: SayLine,
): Promise<number> => {
  const budgetBreached = budgetStep(say);
  const certificate = await certificateStep(say);
  for (const line of declarationLines(certificate)) say(line);
  for (const line of unansweredLines(certificate)) fail(line);
  for (const line of unavailableLines(certificate?.unavailable, certificate?.runAgain)) say(line);
  const runCode = exitCodeOfRun(playwright, certificate, budgetBreached, say, fail);
  const { baseline } = context;
  let code = runCode;
  if (!playwright.signal) {
    const compared = baseline ? compareRun(baseline, context.settings, runCode, say) : runCode;
    code = context.report ? await withReport(compared, say) : compared;
  }
  const paths = outputPaths();
  for (const line of closingLines(paths, { started: context.started, compared: baseline !== undefined }))
    say(line);
  return code;
};
