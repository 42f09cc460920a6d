/**
 * What a load script's `handleSummary` returns: the text summary for stdout, and the JSON summary and
 * the JUnit file under the report folder, so that CI, the Allure report, the certificate and the
 * self-check can take the load verdicts in. Pure: no k6 import, no Node API.
 */

import { jsonReport } from './json-report.ts';
import { type JunitRunFacts, junitXml } from './junit-report.ts';
import { judgeThresholds } from './reach.ts';
import { joinPath, reportFileNames } from './report-files.ts';
import { collectMetrics, runDurationSeconds } from './summary-data.ts';
import { textSummary } from './text-report.ts';
import type { ThresholdSpec } from './thresholds.ts';

export interface SummaryContext extends JunitRunFacts {
  /** Where the JSON and JUnit files go, relative to k6's working directory or absolute. */
  readonly reportDir: string;
  /** The file name of the web-dashboard HTML report k6 writes beside them, when it writes one. */
  readonly dashboard: string | undefined;
}

/** The map `handleSummary` returns: stdout text, `<script>.summary.json` and `<script>.junit.xml`. */
export const summaryOutputs = (
  data: unknown,
  specs: readonly ThresholdSpec[],
  context: SummaryContext,
): Record<string, string> => {
  const metrics = collectMetrics(data);
  const results = judgeThresholds(specs, metrics);
  const seconds = runDurationSeconds(data);
  const names = reportFileNames(context.script);
  const jsonPath = joinPath(context.reportDir, names.summary);
  const junitPath = joinPath(context.reportDir, names.junit);
  const files = [
    junitPath,
    jsonPath,
    ...(context.dashboard ? [joinPath(context.reportDir, context.dashboard)] : []),
  ];
  return {
    stdout: textSummary(results, metrics, context, seconds, files),
    [jsonPath]: `${JSON.stringify(jsonReport(results, metrics, context, seconds, context.dashboard), null, 2)}\n`,
    [junitPath]: junitXml(results, context, seconds),
  };
};
