/**
 * The gate's report as data: what the JSON file holds and every other form is written from. Built from
 * the run's result with the kit's version and the time; the file names of the output folder.
 */
import { kitVersion } from '../../utilities/kit-version.ts';
import type { BudgetRow } from '../budget-record.ts';
import type { ImpactResult } from '../impact-run.ts';
import type { UnusableFile } from '../traffic-folder.ts';
import type { TenantImpact } from '../verdict.ts';

export interface ImpactReport {
  readonly kitVersion: string;
  readonly generatedAt: string;
  readonly candidate: string;
  readonly baseline: string | null;
  readonly counts: {
    readonly unaffected: number;
    readonly affected: number;
    readonly notEstablished: number;
  };
  readonly exitCode: number;
  readonly tenants: readonly TenantImpact[];
  readonly unusableFiles: readonly UnusableFile[];
  readonly filesHoldingTokens: readonly string[];
  readonly budget: readonly BudgetRow[];
}

/** The gate's folder in the output folder, and its files. */
export const IMPACT_FOLDER = 'impact';

export const IMPACT_FILES = Object.freeze({
  markdown: 'impact-report.md',
  html: 'impact-report.html',
  json: 'impact-report.json',
  junit: 'impact-report.junit.xml',
  allureResults: 'allure-results',
});

export const reportOf = (result: ImpactResult, now: Date = new Date()): ImpactReport => ({
  kitVersion: kitVersion(),
  generatedAt: now.toISOString(),
  candidate: result.candidate,
  baseline: result.baseline ?? null,
  counts: {
    unaffected: result.tenants.filter((t) => t.verdict === 'unaffected').length,
    affected: result.tenants.filter((t) => t.verdict === 'affected').length,
    notEstablished: result.tenants.filter((t) => t.verdict === 'not-established').length,
  },
  exitCode: result.exitCode,
  tenants: result.tenants,
  unusableFiles: result.unusable,
  filesHoldingTokens: result.holdingTokens,
  budget: result.budget,
});

/** One line for the console and the report's top. */
export const headlineOf = (report: ImpactReport): string => {
  const { unaffected, affected, notEstablished } = report.counts;
  const unusable = report.unusableFiles.length;
  const parts = [
    `${affected} affected`,
    `${unaffected} unaffected`,
    `${notEstablished} not established`,
    ...(unusable > 0 ? [`${unusable} file${unusable === 1 ? '' : 's'} not used`] : []),
  ];
  const word =
    notEstablished + unusable > 0
      ? 'IMPACT NOT ESTABLISHED'
      : affected > 0
        ? 'TENANTS AFFECTED'
        : 'NO TENANT AFFECTED';
  return `${word}: ${parts.join(', ')} (of ${report.tenants.length} tenants)`;
};

export const DIRECTION_TEXT: Readonly<Record<string, string>> = Object.freeze({
  'away-from-the-spec': 'away from the spec',
  'toward-the-spec': 'toward the spec (fixes a deviation this tenant relied on)',
  'both-ways': 'both ways (fixes one rule, breaks another)',
  'within-the-spec': 'within the spec (a gap read another way)',
});
