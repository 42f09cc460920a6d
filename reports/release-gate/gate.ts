/**
 * The comparison with a baseline as `fei-kit compare` and `fei-kit conformance` (with KIT_BASELINE)
 * make it: the baseline is read before anything else (so that a wrong path stops a run at once, and a
 * baseline inside the output folder is read before the run overwrites it), then the current run's
 * profile is compared with it, the changes printed, comparison.json written beside the current
 * certificate and the certificate given its "changed since the baseline" section.
 */
import { addComparisonToCertificate } from '../certificate/write-certificate.ts';
import { type FoundProfile, findProfile } from '../profile/files.ts';
import { ProfileError, shownPath } from '../profile/from-outputs.ts';
import type { Comparison } from './comparison.ts';
import { comparisonFileOf, writeComparisonFile } from './comparison-file.ts';
import { compareProfiles } from './diff.ts';
import { comparisonExitCode } from './exit-code.ts';
import { renderComparisonLines } from './render.ts';
import type { CompareSettings } from './settings.ts';

/** A baseline or a current run that cannot be read: neither a deviation nor drift (exit 9). */
export class ComparisonInputError extends Error {}

/** The profile at `location`, or a ComparisonInputError whose message names `what` (KIT_BASELINE, …). */
export const loadProfileOf = (what: string, location: string): FoundProfile => {
  try {
    return findProfile(location);
  } catch (error) {
    if (error instanceof ProfileError) throw new ComparisonInputError(`${what}: ${error.message}`);
    throw error;
  }
};

export interface GateResult {
  readonly comparison: Comparison;
  readonly exitCode: number;
  /** comparison.json, when the current profile has a certificate folder to write it into. */
  readonly written: string | undefined;
}

export const compareWithBaseline = (
  baseline: FoundProfile,
  current: FoundProfile,
  settings: Pick<CompareSettings, 'failOnDrift' | 'tolerance'>,
  say: (line: string) => void,
): GateResult => {
  const comparison = compareProfiles(baseline.profile, current.profile, settings.tolerance);
  const lines = renderComparisonLines(comparison, settings.failOnDrift);
  const outcome = lines.pop();
  for (const line of lines) say(line);
  let written: string | undefined;
  if (current.certificateFolder) {
    written = writeComparisonFile(
      current.certificateFolder,
      comparisonFileOf(comparison, settings.failOnDrift),
    );
    const section = addComparisonToCertificate(current.certificateFolder);
    say(
      `written: ${shownPath(written)}${section ? ', and the certificate’s "Changed since the baseline" section' : ''}`,
    );
  }
  if (outcome) say(outcome);
  return { comparison, exitCode: comparisonExitCode(comparison.outcome, settings.failOnDrift), written };
};
