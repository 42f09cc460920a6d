/**
 * One setting of the kit: an environment variable with its name, what it sets (the docs line --help and
 * docs/configuration.md print), its default as the docs say it, who sets it, and how its text is read.
 * `read` is the one way the kit's code takes a setting's value from an environment; the registry's
 * files are the only ones that name `process.env` (a kit test holds every other file to it).
 */
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
  /** The value in an environment (this process's by default). */
  read(env?: Environment): T;
  /** Sets it (or, with undefined, unsets it) in an environment, this process's by default, for what it starts. */
  write(value: string | undefined, env?: NodeJS.ProcessEnv): void;
}

export const define = <T>(spec: SettingSpec<T>): Setting<T> =>
  Object.freeze({
    ...spec,
    read: (env: Environment = process.env) => spec.parse(env[spec.name], spec.name),
    write: (value: string | undefined, env: NodeJS.ProcessEnv = process.env) => {
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

/** A whole number in a range, the fallback when unset or blank; anything else is a ConfigError. */
export const wholeNumber =
  (fallback: number, min: number, max: number) =>
  (raw: string | undefined, name: string): number => {
    const text = raw?.trim();
    if (!text) return fallback;
    const value = parseWholeNumber(text, { min, max });
    if (value === undefined)
      throw new ConfigError(`${name} must be ${describeWholeNumber({ min, max })}; got "${text}"`);
    return value;
  };

/** The trimmed text, or the fallback when unset or blank. */
export const textOr =
  (fallback: string) =>
  (raw: string | undefined): string =>
    raw?.trim() || fallback;
