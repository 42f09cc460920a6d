/**
 * Reading settings from an environment record: k6's `__ENV` inside a script, `process.env` in the
 * Node tests. Pure and k6-safe: no k6 import, no Node API.
 */
import { DURATION_FORMS, parseDuration } from '../../contract/duration.ts';
import { describeWholeNumber, parseWholeNumber } from '../../contract/whole-number.ts';

export { parseDuration };

export type Env = Readonly<Record<string, string | undefined>>;

/** A setting that stops a load script before any request. Its message names the variable, never a secret. */
export class LoadSetupError extends Error {
  override readonly name = 'LoadSetupError';
}

/** The trimmed value of a variable, or undefined when it is unset or blank. */
export const text = (env: Env, name: string): string | undefined => {
  const value = env[name];
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

export const flag = (env: Env, name: string): boolean => {
  const value = text(env, name);
  if (value === undefined) return false;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new LoadSetupError(`${name} must be true or false`);
};

export const positiveInteger = (env: Env, name: string, fallback: number): number => {
  const value = text(env, name);
  if (value === undefined) return fallback;
  const whole = parseWholeNumber(value, { min: 1 });
  if (whole === undefined) throw new LoadSetupError(`${name} must be ${describeWholeNumber({ min: 1 })}`);
  return whole;
};

/** A decimal number within [min, max]; `fallback` when unset. */
export const decimal = (env: Env, name: string, fallback: number, min: number, max: number): number => {
  const value = text(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+(\.\d+)?$/.test(value)) throw new LoadSetupError(`${name} must be a decimal number`);
  const parsed = Number(value);
  if (parsed < min || parsed > max) throw new LoadSetupError(`${name} must be between ${min} and ${max}`);
  return parsed;
};

/** A duration variable in whole seconds, within [1, maxSeconds]. */
export const durationSeconds = (
  env: Env,
  name: string,
  fallbackSeconds: number,
  maxSeconds: number,
): number => {
  const value = text(env, name);
  if (value === undefined) return fallbackSeconds;
  const ms = parseDuration(value);
  if (ms === undefined) throw new LoadSetupError(`${name} must be ${DURATION_FORMS}`);
  const seconds = Math.ceil(ms / 1000);
  if (seconds > maxSeconds) throw new LoadSetupError(`${name} must be at most ${maxSeconds}s`);
  return seconds;
};
