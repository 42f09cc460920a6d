/**
 * comparison.json, written beside the current run's certificate: what the certificate's "changed
 * since the baseline" section and the Allure report's drift marks are built from. Each reader takes it
 * only when it is about the run at hand (same run id), never a stale one of an earlier run.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redact } from '../../utilities/redaction.ts';
import { COMPARISON_FILE, COMPARISON_SCHEMA, type Comparison } from './comparison.ts';
import { comparisonExitCode } from './exit-code.ts';

export interface ComparisonFile extends Comparison {
  readonly failOnDrift: boolean;
  readonly exitCode: number;
}

export const comparisonFileOf = (comparison: Comparison, failOnDrift: boolean): ComparisonFile => ({
  ...comparison,
  failOnDrift,
  exitCode: comparisonExitCode(comparison.outcome, failOnDrift),
});

export const writeComparisonFile = (certificateFolder: string, file: ComparisonFile): string => {
  mkdirSync(certificateFolder, { recursive: true });
  const path = join(certificateFolder, COMPARISON_FILE);
  writeFileSync(path, redact(`${JSON.stringify(file, null, 2)}\n`));
  return path;
};

/** The comparison of the run `runId`, when the folder holds one; anything else (none, stale, unreadable) is undefined. */
export const readComparisonFile = (
  certificateFolder: string,
  runId: string | null | undefined,
): ComparisonFile | undefined => {
  const path = join(certificateFolder, COMPARISON_FILE);
  if (!runId || !existsSync(path)) return undefined;
  try {
    const file = JSON.parse(readFileSync(path, 'utf8')) as ComparisonFile;
    return file.schema === COMPARISON_SCHEMA && file.current?.runId === runId ? file : undefined;
  } catch {
    return undefined;
  }
};
