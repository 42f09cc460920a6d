/**
 * Which variant, mutant or deployment the embedded reference server runs: the names `fei-kit
 * reference` reads (REFERENCE_*), so that one setting has one name. The KIT_REFERENCE_* names of 0.2
 * are still read, with a line saying so, since users' scripts may carry them. Both are read by their
 * registry definitions (config/settings/reference-settings.ts).
 */
import {
  type Environment,
  KIT_EMBEDDED_ANSWERS_FILE,
  KIT_REFERENCE_DEPLOYMENT,
  KIT_REFERENCE_MUTANT,
  KIT_REFERENCE_VARIANT,
  REFERENCE_DEPLOYMENT,
  REFERENCE_MUTANT,
  REFERENCE_VARIANT,
} from '../config/settings/index.ts';

const NAMES = {
  VARIANT: { now: REFERENCE_VARIANT, before: KIT_REFERENCE_VARIANT },
  MUTANT: { now: REFERENCE_MUTANT, before: KIT_REFERENCE_MUTANT },
  DEPLOYMENT: { now: REFERENCE_DEPLOYMENT, before: KIT_REFERENCE_DEPLOYMENT },
} as const;

export type ReferenceSettingName = keyof typeof NAMES;

export const referenceSetting = (
  what: ReferenceSettingName,
  env: Environment,
  say: (line: string) => void,
): string | undefined => {
  const { now, before } = NAMES[what];
  const value = now.read(env);
  if (value) return value;
  const legacy = before.read(env);
  if (!legacy) return undefined;
  say(`conformance: ${before.name} is now ${now.name}; the old name is read until 1.0\n`);
  return legacy;
};

/**
 * A JSON-lines file the embedded reference server appends every answer to (reference/answer-log.ts):
 * how the self-check sees every answer of a whole run. Read only when the kit starts the server itself.
 */
export const ANSWERS_FILE_VARIABLE = KIT_EMBEDDED_ANSWERS_FILE.name;

/** The embedded server's option that records its answers, when the caller asks for it. */
export const answersFileSetting = (env: Environment): { answersFile?: string } => {
  const file = KIT_EMBEDDED_ANSWERS_FILE.read(env);
  return file ? { answersFile: file } : {};
};
