import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './config-error.ts';
import { KIT_ENV_FILE, KIT_IGNORE_DOTENV } from './settings/run-settings.ts';

/**
 * Loads `.env` (or KIT_ENV_FILE) into process.env with Node's own loader; variables already set in the
 * environment win. A missing default file is fine; a named file that is missing or unreadable is not.
 */
export const loadDotEnv = (
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): string | undefined => {
  const named = KIT_ENV_FILE.read(env);
  const file = resolve(cwd, named || '.env');
  if (!existsSync(file)) {
    if (named) throw new ConfigError(`KIT_ENV_FILE names ${file}, which does not exist`);
    return undefined;
  }
  try {
    process.loadEnvFile(file);
  } catch (error) {
    throw new ConfigError(
      `${file} could not be read as an env file (${(error as Error).message.split('\n')[0]})`,
    );
  }
  return file;
};

/** Loads `.env` as above unless KIT_IGNORE_DOTENV=true: what every command does before it reads the contract. */
export const loadDotEnvUnlessIgnored = (): string | undefined =>
  KIT_IGNORE_DOTENV.read() ? undefined : loadDotEnv();
