/**
 * How long the kit waits, scaled to the target: slow is not wrong. Nothing in the spec states a
 * latency, so a request that gets no answer in time is "not run", never a rule failure; the waits grow
 * with the round trip the preflight measured (KIT_ROUND_TRIP_MS, in milliseconds, which `fei-kit conformance` sets), and
 * the user can set them outright.
 *
 * | variable | meaning | default |
 * |---|---|---|
 * | `REQUEST_TIMEOUT_SECONDS` | how long one request may take before it counts as no answer | 30 round trips, at least 5 s (15 s when no round trip was measured: the reference server) |
 * | `KIT_TEST_TIMEOUT_SECONDS` | how long one check may take (a property's runs stop in time within it) | 120 s, or 60 s + 80 round trips when more (a property's check against a deployment: what its runs need, property-runner.ts) |
 * | `KIT_RECOVERY_WAIT_SECONDS` | how long an unavailable deployment may take to come back | 30 s, or 10 round trips when more |
 */
import {
  type Environment,
  KIT_RECOVERY_WAIT_SECONDS,
  KIT_TEST_TIMEOUT_SECONDS,
  REQUEST_TIMEOUT_SECONDS,
} from './settings/index.ts';
import { KIT_ROUND_TRIP_MS } from './settings/internal-settings.ts';

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
  /**
   * How long a deployment that answers 502, 503, 504 or refuses connections (to a probe too) may take
   * to come back before the run calls it gone: a rolling restart takes seconds, a cold start longer.
   */
  readonly recoveryMs: number;
}

/** Without a measured round trip (the reference server, on a machine that may be busy). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
/** The least a request waits for a target whose round trip was measured. */
export const MIN_REQUEST_TIMEOUT_MS = 5_000;
export const DEFAULT_TEST_TIMEOUT_MS = 120_000;
/** The least wait for an unavailable deployment to come back; 10 round trips when more. */
export const MIN_RECOVERY_MS = 30_000;

/** How long one check may take when the user set no limit: 120 s, or 60 s and 80 round trips when more. */
export const defaultTestMs = (roundTripMs: number): number =>
  Math.max(DEFAULT_TEST_TIMEOUT_MS, 60_000 + 80 * roundTripMs);

/** The waits of a run; a malformed value is a ConfigError naming the variable (the registry parses each). */
export const readTimeouts = (env: Environment = process.env): Timeouts => {
  const requestSeconds = REQUEST_TIMEOUT_SECONDS.read(env);
  const testSeconds = KIT_TEST_TIMEOUT_SECONDS.read(env);
  const recoverySeconds = KIT_RECOVERY_WAIT_SECONDS.read(env);
  // In milliseconds, as the preflight measured it.
  const roundTripMs = KIT_ROUND_TRIP_MS.read(env);
  const roundTrip = roundTripMs ?? 0;
  return {
    requestMs:
      requestSeconds !== undefined
        ? requestSeconds * 1000
        : roundTripMs !== undefined
          ? Math.max(MIN_REQUEST_TIMEOUT_MS, 30 * roundTrip)
          : DEFAULT_REQUEST_TIMEOUT_MS,
    suspectMs: roundTripMs !== undefined ? Math.max(1_000, 5 * roundTrip) : DEFAULT_REQUEST_TIMEOUT_MS / 3,
    testMs: testSeconds !== undefined ? testSeconds * 1000 : defaultTestMs(roundTrip),
    roundTripMs,
    recoveryMs:
      recoverySeconds !== undefined ? recoverySeconds * 1000 : Math.max(MIN_RECOVERY_MS, 10 * roundTrip),
  };
};
