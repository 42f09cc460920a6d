/**
 * Which variant, mutant or deployment the embedded reference server runs: the names `fei-kit
 * reference` reads (REFERENCE_*), so that one setting has one name. The KIT_REFERENCE_* names of 0.2
 * are still read, with a line saying so, since users' scripts may carry them.
 */
const NAMES = {
  VARIANT: { now: 'REFERENCE_VARIANT', before: 'KIT_REFERENCE_VARIANT' },
  MUTANT: { now: 'REFERENCE_MUTANT', before: 'KIT_REFERENCE_MUTANT' },
  DEPLOYMENT: { now: 'REFERENCE_DEPLOYMENT', before: 'KIT_REFERENCE_DEPLOYMENT' },
} as const;

export type ReferenceSettingName = keyof typeof NAMES;

export const referenceSetting = (
  what: ReferenceSettingName,
  env: NodeJS.ProcessEnv,
  say: (line: string) => void,
): string | undefined => {
  const { now, before } = NAMES[what];
  const value = env[now]?.trim();
  if (value) return value;
  const legacy = env[before]?.trim();
  if (!legacy) return undefined;
  say(`conformance: ${before} is now ${now}; the old name is read until 1.0\n`);
  return legacy;
};

/**
 * A JSON-lines file the embedded reference server appends every answer to (reference/answer-log.ts):
 * how the self-check sees every answer of a whole run. Read only when the kit starts the server itself.
 */
export const ANSWERS_FILE_VARIABLE = 'KIT_EMBEDDED_ANSWERS_FILE';

/** The embedded server's option that records its answers, when the caller asks for it. */
export const answersFileSetting = (env: NodeJS.ProcessEnv): { answersFile?: string } => {
  const file = env[ANSWERS_FILE_VARIABLE]?.trim();
  return file ? { answersFile: file } : {};
};
