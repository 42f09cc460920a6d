/**
 * The kit's exit code for a finished k6 run, from the verdict its JSON summary holds: a crossed
 * threshold the sent requests decide is a deviation (1); thresholds the load generator's reach left
 * unjudged, and nothing crossed, are a run that could not judge (3), each said in one line with the
 * rate reached and the rate needed. k6's own code says only that some threshold was crossed, the
 * generator's premises included, so it decides alone only where no summary is there to read.
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { EXIT, exitCodeOfK6, K6_THRESHOLDS_CROSSED } from '../config/index.ts';
import type { RunVerdict } from './lib/reach.ts';
import type { ThresholdResult } from './lib/threshold-results.ts';

const EXIT_OF_VERDICT: Readonly<Record<RunVerdict, number>> = Object.freeze({
  passed: EXIT.ok,
  failed: EXIT.deviation,
  'not-established': EXIT.couldNotRun,
});

export const exitCodeOfVerdict = (verdict: RunVerdict): number => EXIT_OF_VERDICT[verdict];

export interface UnjudgedThreshold {
  readonly ruleId: string;
  readonly metric: string;
  readonly expression: string;
  readonly verdict: string;
  readonly reason?: string | undefined;
}

/** A judged threshold in the shape the summary file writes it. */
export const asUnjudged = (result: ThresholdResult): UnjudgedThreshold => ({
  ruleId: result.spec.ruleId,
  metric: result.spec.metric,
  expression: result.spec.expression,
  verdict: result.verdict,
  reason: result.reason,
});

/** One line for each threshold the generator's reach left unjudged. */
export const notEstablishedLines = (thresholds: readonly UnjudgedThreshold[]): string[] =>
  thresholds
    .filter((t) => t.verdict === 'not-established')
    .map(
      (t) =>
        `NOT ESTABLISHED: ${t.ruleId} [${t.metric} ${t.expression}]: ${t.reason ?? 'the load generator did not reach the planned rate'}`,
    );

const summarySchema = z.object({
  verdict: z.enum(['passed', 'failed', 'not-established']),
  thresholds: z.array(
    z.object({
      ruleId: z.string(),
      metric: z.string(),
      expression: z.string(),
      verdict: z.string(),
      reason: z.string().optional(),
    }),
  ),
});

const readSummary = (file: string): z.infer<typeof summarySchema> | undefined => {
  if (!existsSync(file)) return undefined;
  try {
    const parsed = summarySchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

/** The exit code of a k6 run that ended with `k6Code`, and the lines that say what was not established. */
export const loadRunExit = (k6Code: number, summaryFile: string): { code: number; lines: string[] } => {
  if (k6Code !== 0 && k6Code !== K6_THRESHOLDS_CROSSED) return { code: exitCodeOfK6(k6Code), lines: [] };
  const summary = readSummary(summaryFile);
  if (summary === undefined) return { code: exitCodeOfK6(k6Code), lines: [] };
  return { code: exitCodeOfVerdict(summary.verdict), lines: notEstablishedLines(summary.thresholds) };
};
