/**
 * Which variant, mutant or deployment the embedded reference server runs: the names `fei-kit
 * reference` reads (REFERENCE_*), so that one setting has one name. The KIT_REFERENCE_* names of 0.2
 * are still read, with a line saying so, since users' scripts may carry them.
 */
export type ReferenceSettingName = 'VARIANT' | 'MUTANT' | 'DEPLOYMENT';

export const referenceSetting = (
  what: ReferenceSettingName,
  env: NodeJS.ProcessEnv,
  say: (line: string) => void,
): string | undefined => {
  const value = env[`REFERENCE_${what}`]?.trim();
  if (value) return value;
  const legacy = env[`KIT_REFERENCE_${what}`]?.trim();
  if (!legacy) return undefined;
  say(`conformance: KIT_REFERENCE_${what} is now REFERENCE_${what}; the old name is read until 1.0\n`);
  return legacy;
};
