/**
 * The k6 summaries the load scripts write (`<script>.summary.json`, see load/lib/json-report.ts): read
 * and checked here, for the Allure report (each threshold a test, the web dashboard attached and
 * linked) and the certificate. Read as data, not imported: the load code runs in k6 and is
 * type-checked on its own.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const thresholdVerdictSchema = z.object({
  ruleId: z.string(),
  title: z.string(),
  metric: z.string(),
  expression: z.string(),
  /** `not-established`: the load generator's reach left it unjudged (`reason` says the rate reached and needed). */
  verdict: z.enum(['passed', 'failed', 'unknown', 'not-established']),
  observed: z.number().nullable(),
  decidedBy: z.string(),
  reason: z.string().optional(),
});
export type ThresholdVerdict = z.infer<typeof thresholdVerdictSchema>;

export const loadSummarySchema = z.object({
  script: z.string(),
  generatedAt: z.string(),
  target: z.string(),
  runId: z.string().nullish(),
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  durationSeconds: z.number().default(0),
  verdict: z.enum(['passed', 'failed', 'not-established']),
  thresholds: z.array(thresholdVerdictSchema),
  /** The file name of k6's web-dashboard HTML report of the run, beside the summary. */
  dashboard: z
    .string()
    .regex(/^[\w.-]+\.html$/)
    .optional(),
});
export type LoadSummary = z.infer<typeof loadSummarySchema> & {
  readonly file: string;
  /** The web-dashboard report's absolute path, when the summary names one and it is there. */
  readonly dashboardFile: string | undefined;
};

export const SUMMARY_SUFFIX = '.summary.json';

/** Every readable summary in the folder, by file name; unreadable ones are reported, not thrown. */
export const readLoadSummaries = (folder: string): { summaries: LoadSummary[]; problems: string[] } => {
  const summaries: LoadSummary[] = [];
  const problems: string[] = [];
  if (!existsSync(folder)) return { summaries, problems };
  for (const name of readdirSync(folder)
    .filter((n) => n.endsWith(SUMMARY_SUFFIX))
    .sort()) {
    const path = join(folder, name);
    try {
      const parsed = loadSummarySchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
      if (parsed.success) {
        const dashboard = parsed.data.dashboard ? join(folder, parsed.data.dashboard) : undefined;
        summaries.push({
          ...parsed.data,
          file: path,
          dashboardFile: dashboard && existsSync(dashboard) ? dashboard : undefined,
        });
      } else
        problems.push(
          `${name}: not a k6 summary of the kit (${parsed.error.issues[0]?.message ?? 'invalid'})`,
        );
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
    }
  }
  return { summaries, problems };
};
