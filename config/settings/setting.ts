/**
 * One setting of the kit: an environment variable with its name, what it sets (the docs line --help and
 * docs/configuration.md print), its default as the docs say it, who sets it, and how its text is read.
 * `read` is the one way the kit's code takes a setting's value from an environment; the registry's
 * files are the only ones that name `process.env` (a kit test holds every other file to it).
 *
 * The parse functions below are the kit's one set of readings of a setting's text, and stay loadable by
 * k6 (no Node built-in, no package): the k6 scripts and the reference server read their settings through
 * the same definitions.
 */
import { DURATION_FORMS, parseDuration } from '../../contract/duration.ts';
import { describeWholeNumber, parseWholeNumber } from '../../contract/whole-number.ts';
import { ConfigError } from '../config-error.ts';

export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * `public`: a user sets it (docs/configuration.md lists it); `internal`: the kit sets it for the
 * processes it starts, never a user; `outside`: another tool's (Node's, Playwright's, CI's), read here.
 */
export type Audience = 'public' | 'internal' | 'outside';

export interface SettingSpec<T> {
  readonly name: string;
  /** What it sets, as --help and the docs say it. */
  readonly doc: string;
  /** The page of docs/ that tells more, linked from the settings table. */
  readonly see?: string;
  /** The value when unset, as the docs say it; none where unset means nothing is done. */
  readonly defaultText?: string;
  readonly audience: Audience;
  /** The value from the variable's text (undefined when unset); a bad value throws one line naming the variable. */
  readonly parse: (raw: string | undefined, name: string) => T;
}

export interface Setting<T> extends SettingSpec<T> {
  /** The value in an environment (this process's by default; k6's `__ENV` in a k6 script). */
  read(env?: Environment): T;
  /** Sets it (or, with undefined, unsets it) in an environment, this process's by default, for what it starts. */
  write(value: string | undefined, env?: Record<string, string | undefined>): void;
}

/** This process's environment; none where there is no process (k6, which hands its `__ENV` to `read`). */
const processEnvironment = (): Record<string, string | undefined> =>
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};

export const define = <T>(spec: SettingSpec<T>): Setting<T> =>
  Object.freeze({
    ...spec,
    read: (env: Environment = processEnvironment()) => spec.parse(env[spec.name], spec.name),
    write: (value: string | undefined, env: Record<string, string | undefined> = processEnvironment()) => {
      if (value === undefined) delete env[spec.name];
      else env[spec.name] = value;
    },
  });

/** The text as it is set, blanks included: for settings read exactly as written. */
export const exact = (raw: string | undefined): string | undefined => raw;

/** The trimmed text, or undefined when unset or blank. */
export const trimmed = (raw: string | undefined): string | undefined => raw?.trim() || undefined;

/** `true` (exactly) is on; anything else is off. */
export const isTrue = (raw: string | undefined): boolean => raw === 'true';

/** `true` or `1` is on; unset, blank, `false` or `0` is off (any case); anything else is a ConfigError. */
export const onOff = (raw: string | undefined, name: string): boolean => {
  const value = trimmed(raw)?.toLowerCase();
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new ConfigError(`${name} must be true or false; got "${value}"`);
};

/**
 * A whole number in a range (no upper bound without `max`), the fallback when unset or blank; anything
 * else is a ConfigError, naming the unit when there is one.
 */
export const wholeNumber =
  <F extends number | undefined>(fallback: F, min: number, max?: number, unit?: string) =>
  (raw: string | undefined, name: string): number | F => {
    const text = trimmed(raw);
    if (text === undefined) return fallback;
    const range = max === undefined ? { min } : { min, max };
    const value = parseWholeNumber(text, range);
    if (value === undefined)
      throw new ConfigError(
        `${name} must be ${describeWholeNumber(range)}${unit ? ` (${unit})` : ''}; got "${text}"`,
      );
    return value;
  };

/** A decimal number (digits, an optional fraction) from min to max, the fallback when unset or blank. */
export const decimal =
  (fallback: number, min: number, max: number) =>
  (raw: string | undefined, name: string): number => {
    const text = trimmed(raw);
    if (text === undefined) return fallback;
    if (!/^\d+(\.\d+)?$/.test(text)) throw new ConfigError(`${name} must be a decimal number; got "${text}"`);
    const value = Number(text);
    if (value < min || value > max)
      throw new ConfigError(`${name} must be between ${min} and ${max}; got "${text}"`);
    return value;
  };

/** A number of zero or more (digits, an optional fraction), the fallback when unset or blank. */
export const amount =
  (fallback: number) =>
  (raw: string | undefined, name: string): number => {
    const text = trimmed(raw);
    if (text === undefined) return fallback;
    if (!/^\d+(\.\d+)?$/.test(text)) throw new ConfigError(`${name} must be a number of zero or more`);
    return Number(text);
  };

/** Seconds, above 0 and at most `max` (a fraction allowed), or undefined when unset or blank. */
export const secondsUpTo =
  (max: number) =>
  (raw: string | undefined, name: string): number | undefined => {
    const text = trimmed(raw);
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0 || value > max)
      throw new ConfigError(`${name} must be a number of seconds from 0 to ${max}`);
    return value;
  };

/** A duration as the kit writes them all (45s, 2m, plain seconds), in whole seconds up to `max`; undefined when unset. */
export const durationSeconds =
  (max: number) =>
  (raw: string | undefined, name: string): number | undefined => {
    const text = trimmed(raw);
    if (text === undefined) return undefined;
    const ms = parseDuration(text);
    if (ms === undefined) throw new ConfigError(`${name} must be ${DURATION_FORMS}`);
    const seconds = Math.ceil(ms / 1000);
    if (seconds > max) throw new ConfigError(`${name} must be at most ${max}s`);
    return seconds;
  };

/** One of a list of words, the fallback when unset or blank. */
export const oneOf =
  <W extends string>(words: readonly W[], fallback: W) =>
  (raw: string | undefined, name: string): W => {
    const text = trimmed(raw);
    if (text === undefined) return fallback;
    if (!(words as readonly string[]).includes(text))
      throw new ConfigError(`${name} must be one of ${words.join(', ')}; got "${text}"`);
    return text as W;
  };

/** A span of whole milliseconds, fixed (`120`) or drawn from a range (`80-160`), at most `maxMs`; 0 or unset: none. */
export const millisecondsRange =
  (maxMs: number) =>
  (raw: string | undefined, name: string): { readonly minMs: number; readonly maxMs: number } | undefined => {
    const text = trimmed(raw);
    if (text === undefined) return undefined;
    const match = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(text);
    const low = Number(match?.[1]);
    const high = Number(match?.[2] ?? match?.[1]);
    if (!match || low > high || high > maxMs) {
      throw new ConfigError(
        `${name} must be whole milliseconds, fixed (120) or a range (80-160), at most ${maxMs}; got "${text}"`,
      );
    }
    return high === 0 ? undefined : { minMs: low, maxMs: high };
  };

/** A whole number, negative ones too, as Number reads it; undefined when unset or blank. */
export const integer = (raw: string | undefined, name: string): number | undefined => {
  const text = trimmed(raw);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value)) throw new ConfigError(`${name} must be a whole number; got "${text}"`);
  return value;
};

/** The trimmed text when it matches the pattern, undefined when unset or blank; `form` says what it must look like. */
export const matching =
  (pattern: RegExp, form: string) =>
  (raw: string | undefined, name: string): string | undefined => {
    const text = trimmed(raw);
    if (text === undefined) return undefined;
    if (!pattern.test(text)) throw new ConfigError(`${name} must look like ${form}; got "${text}"`);
    return text;
  };

/** The trimmed text, or the fallback when unset or blank. */
export const textOr =
  (fallback: string) =>
  (raw: string | undefined): string =>
    raw?.trim() || fallback;
