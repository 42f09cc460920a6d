/**
 * How many runs a property gets, and the fast-check settings a run is replayed with.
 *
 * Runs per target:
 * - against the reference server, each property's own generous count (it costs seconds);
 * - against a real deployment, a count that keeps the whole property run well inside the tenant's
 *   request budget and the test's time: the property suites together send at most
 *   `REMOTE_PROPERTY_WINDOWS` windows' worth of the run's share of the limit, split evenly between
 *   them, and one property takes at most `REMOTE_PROPERTY_SECONDS` at its worker's paced rate; the
 *   result is kept between `MIN_REMOTE_RUNS` and `MAX_REMOTE_RUNS`;
 * - `FC_RUNS` overrides both.
 *
 * Replay: `FC_SEED` (and `FC_PATH`, printed by a failing property) are passed to fast-check, so the
 * same seed replays the same run and seed + path replays exactly the shrunk counterexample.
 */
import { defaultTestMs, type RateLimitSettings, readTimeouts, type Target } from '../../config/index.ts';
import {
  FC_PATH,
  FC_REPLAY_PATH,
  FC_RUNS,
  FC_SEED,
  KIT_MODEL_REQUESTS,
  KIT_MODEL_STEPS,
} from '../../config/settings/index.ts';
import {
  pacingIntervalMs,
  partOfShare,
  RUN_SHARE_OF_LIMIT,
  requestsPerSecond,
} from '../../pacing/request-pacer.ts';

/** The number of property tests that share the remote budget (suites/properties/*.spec.ts). */
export const PROPERTY_TESTS = 8;
/** The property suites together send at most this many windows' worth of the run's share. */
export const REMOTE_PROPERTY_WINDOWS = 1;
/** One property's runs take at most about this long at its worker's paced rate. */
export const REMOTE_PROPERTY_SECONDS = 40;
export const MIN_REMOTE_RUNS = 5;
export const MAX_REMOTE_RUNS = 25;

export interface PropertyCost {
  /** Runs against the reference server. */
  readonly embeddedRuns: number;
  /** Requests one run sends on average, all tenants together (measured against the reference). */
  readonly requestsPerRun: number;
  /** The share of those requests tenant B is sent (the rest are tenant A's); none when absent. */
  readonly tenantBShare?: number;
  /**
   * At most this many runs against a deployment (MAX_REMOTE_RUNS when absent): a property whose every
   * case a fixed check already sends in every run only adds combinations on top of it.
   */
  readonly maxRemoteRuns?: number;
}

/** Requests of a model sequence's start (two events a tenant, each looked at) and of one step, at most about. */
export const MODEL_START_REQUESTS = 16;
export const MODEL_STEP_REQUESTS = 8;

/**
 * The tenants' model-based property's cost: up to KIT_MODEL_STEPS steps a sequence, and as many
 * sequences as KIT_MODEL_REQUESTS pays for against the reference server (at least one).
 */
export function modelPropertyCost(env: NodeJS.ProcessEnv = process.env): PropertyCost {
  const requestsPerRun = MODEL_START_REQUESTS + KIT_MODEL_STEPS.read(env) * MODEL_STEP_REQUESTS;
  const embeddedRuns = Math.max(1, Math.floor(KIT_MODEL_REQUESTS.read(env) / requestsPerRun));
  return { embeddedRuns, requestsPerRun, tenantBShare: 0.5 };
}

/**
 * The cost each property test declares (suites/properties/*.spec.ts), for the run's plan
 * (conformance-run/run-plan.ts); a kit test checks that the two agree.
 */
export const PROPERTY_COSTS: readonly PropertyCost[] = Object.freeze([
  { embeddedRuns: 200, requestsPerRun: 1 },
  { embeddedRuns: 100, requestsPerRun: 3 },
  { embeddedRuns: 200, requestsPerRun: 2 },
  // The tenants' model-based property: both tenants write and read, and each step looks again.
  modelPropertyCost(),
  { embeddedRuns: 100, requestsPerRun: 3 },
  { embeddedRuns: 100, requestsPerRun: 6 },
  { embeddedRuns: 100, requestsPerRun: 6 },
  // Structural faults: one POST (a GET only when a body of readings was accepted); the fixed sweep
  // sends every cell in every run, so against a deployment a few combinations are enough.
  { embeddedRuns: 150, requestsPerRun: 1, maxRemoteRuns: 10 },
]);

/** The share of a check's time limit its property's runs may take at the measured round trip. */
export const PROPERTY_SHARE_OF_TEST_TIME = 0.5;

/**
 * How long one request of a property may take against a deployment: its round trip, or the spacing of
 * its worker's part of the tenant's budget when every worker draws on it, whichever is longer. Far
 * away at a small limit the budget, not the distance, sets the pace (50 a minute over five workers: a
 * request every 7.5 s, 4 s away).
 */
export const remoteRequestMs = (limit: RateLimitSettings, workers: number, roundTripMs: number): number =>
  Math.max(roundTripMs, pacingIntervalMs(limit, workers));

/**
 * The time limit a property's check needs for `runs` runs against a deployment, so that they take at
 * most PROPERTY_SHARE_OF_TEST_TIME of it at remoteRequestMs a request: a far deployment's one run must
 * fit in its check however its seed draws the run's length, never be cut short by the usual limit.
 */
export const remotePropertyTimeMs = (
  limit: RateLimitSettings,
  workers: number,
  requestsPerRun: number,
  runs: number,
  roundTripMs: number,
): number =>
  (runs * Math.max(1, requestsPerRun) * remoteRequestMs(limit, workers, roundTripMs)) /
  PROPERTY_SHARE_OF_TEST_TIME;

/**
 * Runs for a real deployment with this limit and this many workers (see the file's comment), and, when
 * the preflight measured it, this round trip: a slow target gets fewer runs, not a time-out. Where
 * even MIN_REMOTE_RUNS would not fit in the check's time limit (`testMs`), the runs that fit, one at
 * least: a far deployment's property makes fewer combinations rather than none (and its check's limit
 * grows to hold them where the budget's pace is slower still, remotePropertyTimeMs).
 */
export const remoteRuns = (
  limit: RateLimitSettings,
  workers: number,
  requestsPerRun: number,
  roundTripMs?: number,
  maxRuns = MAX_REMOTE_RUNS,
  testMs?: number,
): number => {
  const perRequest = Math.max(1, requestsPerRun);
  const budget = (limit.requestsPerWindow * RUN_SHARE_OF_LIMIT * REMOTE_PROPERTY_WINDOWS) / PROPERTY_TESTS;
  const byBudget = Math.floor(budget / perRequest);
  const perSecond = requestsPerSecond(partOfShare(limit, workers));
  const byTime = Math.floor((perSecond * REMOTE_PROPERTY_SECONDS) / perRequest);
  const byLatency =
    roundTripMs && roundTripMs > 0
      ? Math.floor((REMOTE_PROPERTY_SECONDS * 1000) / (perRequest * roundTripMs))
      : Number.POSITIVE_INFINITY;
  const runs = Math.min(
    Math.max(MIN_REMOTE_RUNS, maxRuns),
    Math.max(MIN_REMOTE_RUNS, Math.min(byBudget, byTime, byLatency)),
  );
  if (!roundTripMs || roundTripMs <= 0) return runs;
  const fitting = Math.floor(
    (PROPERTY_SHARE_OF_TEST_TIME * (testMs ?? defaultTestMs(roundTripMs))) / (perRequest * roundTripMs),
  );
  return Math.min(runs, Math.max(1, fitting));
};

/**
 * The variable that replays a model-based counterexample's commands exactly: fc.commands shrinks by
 * what ran, so seed and path need its replayPath too (fast-check prints it in the counterexample).
 */
export const COMMANDS_REPLAY_VARIABLE = FC_REPLAY_PATH.name;

/** The commands' replayPath for fc.commands, read only when a path is replayed. */
export const commandsReplayPath = (env: NodeJS.ProcessEnv = process.env): string | undefined =>
  FC_PATH.read(env) ? FC_REPLAY_PATH.read(env) : undefined;

export interface RunSettings {
  readonly numRuns: number;
  /** Where the count came from, for the test's annotation. */
  readonly source: 'FC_RUNS' | 'embedded' | 'remote';
  readonly seed: number | undefined;
  readonly path: string | undefined;
}

/** The runs, seed and path of one property, from the target, the workers and FC_RUNS / FC_SEED / FC_PATH. */
export const runSettings = (
  target: Pick<Target, 'embedded' | 'limits'>,
  workers: number,
  cost: PropertyCost,
  env: NodeJS.ProcessEnv = process.env,
): RunSettings => {
  const runs = FC_RUNS.read(env);
  const seed = FC_SEED.read(env);
  const path = FC_PATH.read(env);
  if (path && seed === undefined) throw new Error('FC_PATH replays a counterexample only with its FC_SEED');
  const [numRuns, source] =
    runs !== undefined
      ? [runs, 'FC_RUNS' as const]
      : target.embedded
        ? [cost.embeddedRuns, 'embedded' as const]
        : [
            // The property suites send mostly tenant A's requests: its budget bounds them.
            remoteRuns(
              target.limits.A,
              workers,
              cost.requestsPerRun,
              readTimeouts(env).roundTripMs,
              cost.maxRemoteRuns,
              readTimeouts(env).testMs,
            ),
            'remote' as const,
          ];
  return { numRuns, source, seed, path };
};
