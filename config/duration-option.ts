import { DURATION_FORMS, parseDuration } from '../contract/index.ts';
import { ConfigError } from './config-error.ts';

/**
 * A command-line duration (`--timeout 15m`, `--time-limit 300`) in seconds, or undefined when not
 * given; anything else is a configuration error in one line that says how to write it.
 */
export const durationOptionSeconds = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const ms = parseDuration(text);
  if (ms === undefined) throw new ConfigError(`${name} must be ${DURATION_FORMS}; got "${text}"`);
  return ms / 1000;
};
