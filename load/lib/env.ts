/**
 * Reading the variables the load scripts take from an environment record: k6's `__ENV` inside a
 * script, `process.env` in the Node tests. The kit's own settings are read by their registry
 * definitions (config/settings/load-settings.ts); these adapters apply the registry's same parse
 * functions (config/settings/setting.ts) to the target contract's variables and to the load scripts'
 * own knobs. Pure and k6-safe: no k6 import, no Node API.
 */
import { ConfigError } from '../../config/config-error.ts';
import { onOff, trimmed, wholeNumber } from '../../config/settings/setting.ts';
import { parseDuration } from '../../contract/duration.ts';

export { parseDuration };

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * A setting that stops a load script before any request: the kit's configuration error, whichever
 * reader found it. Its message names the variable, never a secret.
 */
export const LoadSetupError = ConfigError;
export type LoadSetupError = ConfigError;

/** The trimmed value of a variable, or undefined when it is unset or blank. */
export const text = (env: Env, name: string): string | undefined => trimmed(env[name]);

/** `true`/`1` or `false`/`0`; unset is false. */
export const flag = (env: Env, name: string): boolean => onOff(env[name], name);

export const positiveInteger = (env: Env, name: string, fallback: number): number =>
  wholeNumber(fallback, 1)(env[name], name);
