/**
 * How long the kit waits, scaled to the target: slow is not wrong. Nothing in the spec states a
 * latency, so a request that gets no answer in time is "not run", never a rule failure; the waits grow
 * with the round trip the preflight measured (KIT_ROUND_TRIP_MS, which `fei-kit conformance` sets), and
 * the user can set them outright.
 *
 * | variable | meaning | default |
 * |---|---|---|
 * | `REQUEST_TIMEOUT_SECONDS` | how long one request may take before it counts as no answer | 30 round trips, at least 5 s (15 s when no round trip was measured: the reference server) |
 * | `KIT_TEST_TIMEOUT_SECONDS` | how long one check may take (a property's runs stop in time within it) | 120 s, or 60 s + 80 round trips when more |
 */
import { z } from 'zod';
import { ConfigError } from './config-error.ts';
import { type Environment, KIT_TEST_TIMEOUT_SECONDS, REQUEST_TIMEOUT_SECONDS } from './settings/index.ts';

export interface Timeouts {
  readonly requestMs: number;
  /**
   * Once a request has gone unanswered, the next ones wait this long: a target that answered in a
   * round trip and now does not answer in five is gone, and the run should say so in seconds.
   */
  readonly suspectMs: number;
  readonly testMs: number;
  /** The round trip measured by the preflight, when there was one. */
  readonly roundTripMs: number | undefined;
}

/** Without a measured round trip (the reference server, on a machine that may be busy). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
/** The least a request waits for a target whose round trip was measured. */
export const MIN_REQUEST_TIMEOUT_MS = 5_000;
export const DEFAULT_TEST_TIMEOUT_MS = 120_000;

const seconds = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((text, context) => {
      if (text === undefined || text === '') return undefined;
      const value = Number(text);
      if (!Number.isFinite(value) || value <= 0 || value > 3600) {
        context.addIssue({ code: 'custom', message: `${name} must be a number of seconds from 0 to 3600` });
        return z.NEVER;
      }
      return value;
    });

const schema = z.object({
  KIT_ROUND_TRIP_MS: seconds('KIT_ROUND_TRIP_MS'),
});

/** The waits of a run; a malformed value is a ConfigError naming the variable, never its value. */
export const readTimeouts = (env: Environment = process.env): Timeouts => {
  const requestSeconds = REQUEST_TIMEOUT_SECONDS.read(env);
  const testSeconds = KIT_TEST_TIMEOUT_SECONDS.read(env);
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]?.message ?? 'bad time-out settings');
  const { KIT_ROUND_TRIP_MS } = parsed.data;
  const roundTrip = KIT_ROUND_TRIP_MS ?? 0;
  return {
    requestMs:
      requestSeconds !== undefined
        ? requestSeconds * 1000
        : KIT_ROUND_TRIP_MS !== undefined
          ? Math.max(MIN_REQUEST_TIMEOUT_MS, 30 * roundTrip)
          : DEFAULT_REQUEST_TIMEOUT_MS,
    suspectMs:
      KIT_ROUND_TRIP_MS !== undefined ? Math.max(1_000, 5 * roundTrip) : DEFAULT_REQUEST_TIMEOUT_MS / 3,
    testMs:
      testSeconds !== undefined
        ? testSeconds * 1000
        : Math.max(DEFAULT_TEST_TIMEOUT_MS, 60_000 + 80 * roundTrip),
    roundTripMs: KIT_ROUND_TRIP_MS,
  };
};
