/**
 * Whether the last conformance run ended normally having checked nothing (its filters selected no
 * check, with --pass-with-no-tests): `fei-kit certificate` refuses to certify that. A run stopped
 * before its first check (interrupted, or the target went away) keeps its certificate of nothing,
 * which says why; that is what ran.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { JSONReport } from '@playwright/test/reporter';
import type { OutputPaths } from '../../utilities/output-paths.ts';
import { readRunInfo, runFilters } from '../reporters/run-info.ts';

/** The filters of a finished run that checked nothing ('' when it had none), or undefined. */
export const checkedNothing = (paths: OutputPaths): string | undefined => {
  const run = readRunInfo(paths.runInfo);
  if (run?.status !== 'passed' && run?.status !== 'failed') return undefined;
  if (!existsSync(paths.results)) return undefined;
  let report: JSONReport;
  try {
    report = JSON.parse(readFileSync(paths.results, 'utf8')) as JSONReport;
  } catch {
    return undefined; // the certificate's own reading says what is wrong with it
  }
  const stats = report.stats;
  if (!stats) return undefined;
  const checks = stats.expected + stats.unexpected + stats.flaky + stats.skipped;
  return checks === 0 ? runFilters(run).join(', ') : undefined;
};
