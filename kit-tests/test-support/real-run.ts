/**
 * What real-run-outputs.test.ts reads its one real conformance run with: the run's facts, the k6
 * summary written beside it, and one Chromium shared by the file's browser checks.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { summaryOutputs } from '../../load/lib/summary-outputs.ts';
import { launchChromium } from '../../reports/test-support/browser.ts';
import type { OutputPaths } from '../../utilities/output-paths.ts';

export interface Run {
  readonly root: string;
  readonly paths: OutputPaths;
  readonly env: NodeJS.ProcessEnv;
  readonly tokens: readonly string[];
  readonly code: number | null;
  readonly console: string;
  readonly tests: number;
  readonly rulesNamed: number;
  readonly thresholds: number;
}

/** The k6 summary of a rate-limit run of this same run id, written by the load scripts' own code. */
export const writeLoadSummary = (folder: string, runId: string): number => {
  mkdirSync(folder, { recursive: true });
  const specs = [
    {
      metric: 'throttled',
      expression: 'count>0',
      ruleId: 'RATE-LIMIT-429',
      title: 'traffic above the limit gets 429',
    },
    { metric: 'server_errors', expression: 'count==0', ruleId: 'LOAD-NO-5XX', title: 'no 5xx under load' },
  ];
  const data = {
    state: { testRunDurationMs: 12_000 },
    metrics: {
      throttled: {
        type: 'counter',
        values: { count: 57, rate: 4.7 },
        thresholds: { 'count>0': { ok: true } },
      },
      server_errors: {
        type: 'counter',
        values: { count: 0, rate: 0 },
        thresholds: { 'count==0': { ok: true } },
      },
    },
  };
  // k6's web dashboard of the run, as the runner has k6 export it beside the summary.
  writeFileSync(
    join(folder, 'rate-limit.html'),
    '<!doctype html><title>k6 report</title><p>rate-limit run</p>',
  );
  const outputs = summaryOutputs(data, specs, {
    script: 'rate-limit',
    reportDir: folder,
    dashboard: 'rate-limit.html',
    target: 'reference server',
    runId,
    settings: { limit: 1000 },
    now: new Date(),
  });
  for (const [path, text] of Object.entries(outputs)) if (path !== 'stdout') writeFileSync(path, text);
  return specs.length;
};

/**
 * One Chromium for the file's tests, launched by the first that needs it (its launch costs more than
 * the pages); each test's pages, in contexts of their own, are closed when it ends.
 */
let chromiumOfFile: Browser | undefined;
export const sharedChromium = async (): Promise<Browser> => {
  chromiumOfFile ??= await launchChromium();
  return chromiumOfFile;
};
export const closePages = async (browser: Browser): Promise<void> => {
  for (const context of browser.contexts()) await context.close();
};
/** For the file's afterAll: the next file this worker runs launches its own. */
export const closeSharedChromium = async (): Promise<void> => {
  await chromiumOfFile?.close();
  chromiumOfFile = undefined;
};

export const openReport = async (page: Page, url: string): Promise<void> => {
  await page.goto(url);
  await expect(page.getByText('Financial Events Ingestion Service: conformance').first()).toBeVisible();
};
