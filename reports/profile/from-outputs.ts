/**
 * Reads the outputs of one run (its certificate, observations, run.json and k6 summaries) into the
 * inputs of buildProfile. A missing or unreadable certificate is a ProfileError (a one-line message);
 * anything else missing leaves a note in the profile.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import type { OutputPaths } from '../../utilities/output-paths.ts';
import { readLoadSummaries } from '../allure/load-summaries.ts';
import { CERTIFICATE_FILES } from '../certificate/files.ts';
import { readRunInfo, runFilters } from '../reporters/run-info.ts';
import {
  certificateFieldsSchema,
  type LoadSummaryFields,
  observationsFieldsSchema,
  type ProfileInputs,
  type RunFields,
} from './build.ts';

/** A profile could not be read or built: the message is one line, for a person. */
export class ProfileError extends Error {
  override readonly name = 'ProfileError';
}

export const shownPath = (path: string): string => relative(process.cwd(), path) || path;

export const readJson = (path: string): unknown => {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ProfileError(`${shownPath(path)} could not be read (${(error as NodeJS.ErrnoException).code})`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ProfileError(`${shownPath(path)} is not JSON`);
  }
};

const metricsSchema = z.object({
  metrics: z
    .record(z.string(), z.object({ values: z.record(z.string(), z.number()).optional() }))
    .default({}),
});

const readRun = (path: string): RunFields | undefined => {
  try {
    const info = readRunInfo(path);
    return info && { ...info, filters: runFilters(info) };
  } catch {
    return undefined;
  }
};

export const profileInputsOf = (paths: OutputPaths): ProfileInputs => {
  const certificatePath = join(paths.certificate, CERTIFICATE_FILES.json);
  if (!existsSync(certificatePath)) {
    throw new ProfileError(
      `no certificate at ${shownPath(certificatePath)}: run \`fei-kit conformance\` first`,
    );
  }
  const certificate = certificateFieldsSchema.safeParse(readJson(certificatePath));
  if (!certificate.success) {
    throw new ProfileError(
      `${shownPath(certificatePath)} is not a certificate of the kit (${certificate.error.issues[0]?.message ?? 'invalid'})`,
    );
  }
  const notes: string[] = [];
  let observations: ProfileInputs['observations'];
  if (existsSync(paths.observations)) {
    const parsed = observationsFieldsSchema.safeParse(readJson(paths.observations));
    if (parsed.success) observations = parsed.data;
    else notes.push(`${shownPath(paths.observations)} is not an observations file: no gap readings`);
  } else {
    notes.push(`no ${shownPath(paths.observations)}: no gap readings`);
  }
  const { summaries, problems } = readLoadSummaries(paths.load);
  for (const problem of problems) notes.push(`k6 summary left out: ${problem}`);
  const loadSummaries: LoadSummaryFields[] = summaries.map((summary) => {
    const extra = metricsSchema.safeParse(readJson(summary.file));
    return { ...summary, metrics: extra.success ? extra.data.metrics : {} };
  });
  return { certificate: certificate.data, observations, run: readRun(paths.runInfo), loadSummaries, notes };
};
