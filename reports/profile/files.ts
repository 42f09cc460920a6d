/**
 * Where a run's profile lives (profile.json beside the certificate), writing it, and finding one from
 * what a person gives: a profile file, a run's output folder (what KIT_OUTPUT_DIR pointed at, or
 * fei-kit-output), or its certificate folder. A run folder written before profiles existed is
 * profiled from its certificate and observations.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { type OutputPaths, outputPaths } from '../../utilities/output-paths.ts';
import { redact } from '../../utilities/redaction.ts';
import { CERTIFICATE_FILES } from '../certificate/files.ts';
import { buildProfile } from './build.ts';
import { ProfileError, profileInputsOf, readJson, shownPath } from './from-outputs.ts';
import { PROFILE_FILE, type Profile, profileSchema } from './profile.ts';

export const profilePathOf = (paths: OutputPaths): string => join(paths.certificate, PROFILE_FILE);

/** Builds the profile of the run in `paths` from its outputs and writes it beside its certificate. */
export const writeProfile = (paths: OutputPaths): { profile: Profile; file: string } => {
  const profile = buildProfile(profileInputsOf(paths));
  const file = profilePathOf(paths);
  mkdirSync(paths.certificate, { recursive: true });
  writeFileSync(file, redact(`${JSON.stringify(profile, null, 2)}\n`));
  return { profile, file };
};

const readProfileFile = (file: string): Profile => {
  const parsed = profileSchema.safeParse(readJson(file));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProfileError(
      `${shownPath(file)} is not a behaviour profile of the kit (${issue ? `${issue.path.join('.') || 'top level'}: ${issue.message}` : 'invalid'})`,
    );
  }
  return parsed.data;
};

export interface FoundProfile {
  readonly profile: Profile;
  /** The file it was read from, or the run folder it was built from. */
  readonly source: string;
  /** The certificate folder the profile belongs to, when it has one (where a comparison goes). */
  readonly certificateFolder: string | undefined;
}

const hasCertificate = (folder: string): boolean => existsSync(join(folder, CERTIFICATE_FILES.json));

/** The profile a path names; every problem is a ProfileError with a one-line message. */
export const findProfile = (location: string): FoundProfile => {
  const path = resolve(location);
  if (!existsSync(path)) throw new ProfileError(`${shownPath(path)} does not exist`);
  if (!statSync(path).isDirectory()) {
    const folder = dirname(path);
    return {
      profile: readProfileFile(path),
      source: path,
      certificateFolder: hasCertificate(folder) ? folder : undefined,
    };
  }
  // A certificate folder holds profile.json itself; a run folder holds it under certificate/.
  const inFolder = join(path, PROFILE_FILE);
  if (existsSync(inFolder)) {
    return {
      profile: readProfileFile(inFolder),
      source: inFolder,
      certificateFolder: hasCertificate(path) ? path : undefined,
    };
  }
  const run = outputPaths({ KIT_OUTPUT_DIR: path });
  const ofRun = profilePathOf(run);
  if (existsSync(ofRun))
    return { profile: readProfileFile(ofRun), source: ofRun, certificateFolder: run.certificate };
  if (hasCertificate(run.certificate)) {
    return { profile: buildProfile(profileInputsOf(run)), source: path, certificateFolder: run.certificate };
  }
  throw new ProfileError(
    `${shownPath(path)} holds no behaviour profile (${PROFILE_FILE}, or certificate/${PROFILE_FILE}) and no run's certificate`,
  );
};
