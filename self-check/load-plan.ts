/**
 * The load rows of the self-check: the k6 scripts (load/scripts/) scored like the suite, under the
 * real k6, against servers that must fail them and servers that must pass them.
 *
 * - rate-limit, against every mutant of the rate limit (a RATE-LIMIT-* rule among its catchingRules:
 *   must be caught, k6 crossing a threshold) but those of an operation the spec does not show (a
 *   mutant with a `behaviour` of its own: the k6 scripts send only the spec's requests) and those whose
 *   fault the script's traffic never provokes (BEYOND_THE_LOAD_SCRIPT), and against a server of each rate-limit algorithm: the
 *   reference (fixed window) and, for each other algorithm, the first variant of the catalog that uses
 *   it (today sliding-window and token-bucket): must pass.
 * - latency, against a server whose latency grows under load (slowed-proxy.ts in front of the
 *   reference: must be caught by its latency thresholds, at the defaults a user keeps, p95 < 500 ms and
 *   p99 < 1000 ms) and against the plain reference: must pass.
 *
 * Settings, chosen for a short run that keeps every bound meaningful: a limit of 40 requests per 2 s
 * window, so rate-limit sends 50 requests a second above the limit and 10 of the control tenant for
 * three windows after a second's warm-up (7 s), with a floor of 36 per window. Its ceiling gets a slack of 25% (10 requests)
 * instead of 2%: the self-check runs on a busy 2-core machine, where k6 can stall for a few hundred
 * milliseconds, and a token bucket rightly serves, after the stall, the tokens it saved during it
 * (20 a second here). No mutant's catch depends on that slack: the one without a limit lets 100
 * through per window. For the same reason k6 may drop 5% of its planned iterations (it starts a VU it
 * lacks by evaluating the whole bundle, and drops what comes due meanwhile); no catch depends on that
 * either. latency runs 6 s at 80% of the same limit: 5 iterations (15 requests) a second.
 */
import type { LoadScript } from '../load/bundle.ts';
import { rateLimitRunSeconds } from '../load/lib/rate-limit-plan.ts';
import { DEFAULT_BEHAVIOUR, MUTANTS, type MutantDefinition, VARIANTS } from '../reference/index.ts';
import type { GeneratorHold } from './generator-hold.ts';
import { isRateLimitMutant, runId } from './plan.ts';

export type LoadServerKind = 'reference' | 'variant' | 'mutant' | 'slowed';

export interface LoadServer {
  readonly kind: LoadServerKind;
  /** The catalog name; the reference is `reference`, the slowed server `slowed-under-load`. */
  readonly name: string;
  /** The suite's run id of the same server (`reference`, `variant-…`, `mutant-…`), or `slowed-under-load`. */
  readonly id: string;
  readonly description: string;
}

export interface PlannedLoadRun {
  /** `load-<script>-<server id>`: the run's folder and its key in the matrix. */
  readonly id: string;
  readonly script: LoadScript;
  readonly server: LoadServer;
  /** A conforming server must pass; a mutant or the slowed server must be caught. */
  readonly expect: 'pass' | 'catch';
  /** The rule ids whose thresholds should catch it (empty when it must pass). */
  readonly catchingRules: readonly string[];
  /** The reference server's limit, which k6 is told as the target contract's. */
  readonly rateLimit: { readonly requestsPerWindow: number; readonly windowSeconds: number };
  /** The slowed server only: what each request in flight adds to the latency. */
  readonly msPerRequestInFlight?: number;
  /** The starved generator's row only: k6 held to this share of the machine (generator-hold.ts). */
  readonly generatorHold?: GeneratorHold;
  /** The script's settings (LOAD_*, RATE_LIMIT_WINDOWS), on top of the target contract. */
  readonly env: Readonly<Record<string, string>>;
  /** How long the script's scenarios last. */
  readonly plannedSeconds: number;
}

export const LOAD_RATE_LIMIT = Object.freeze({ requestsPerWindow: 40, windowSeconds: 2 });
export const RATE_LIMIT_WINDOWS = 3;
export const RATE_LIMIT_TOLERANCE = 0.25;
/** Iterations k6 may drop, as a share of the planned ones (LOAD_DROPPED_TOLERANCE). */
export const DROPPED_TOLERANCE = 0.05;
export const LATENCY_SECONDS = 6;
/** At 15 requests a second this makes the requests pile up; one at a time waits 150 ms, well within p95. */
export const SLOWED_MS_PER_REQUEST_IN_FLIGHT = 150;

export const LATENCY_RULES = Object.freeze([
  'LOAD-LATENCY-CREATE',
  'LOAD-LATENCY-RETRIEVE',
  'LOAD-LATENCY-UPDATE',
]);

export const SLOWED_SERVER: LoadServer = Object.freeze({
  kind: 'slowed',
  name: 'slowed-under-load',
  id: 'slowed-under-load',
  description: `The reference behind a proxy that holds each request ${SLOWED_MS_PER_REQUEST_IN_FLIGHT} ms for every request in flight: fast alone, slower and slower under load.`,
});

/**
 * k6 held to a quarter of the machine, frozen for 150 ms of every 200 ms: a generator that cannot keep
 * up. Against the conforming reference it must pass or read not established, never fail.
 */
export const STARVED_GENERATOR: GeneratorHold = Object.freeze({ share: 0.25, periodMs: 200 });

const STARVED_REFERENCE: LoadServer = Object.freeze({
  kind: 'reference',
  name: 'reference, k6 held to a quarter',
  id: 'reference-starved-generator',
  description: `The reference server, with k6 held to ${STARVED_GENERATOR.share * 100}% of the machine (stopped ${STARVED_GENERATOR.periodMs * (1 - STARVED_GENERATOR.share)} ms of every ${STARVED_GENERATOR.periodMs} ms): must pass, or read not established with the generator's reach.`,
});

const REFERENCE: LoadServer = Object.freeze({
  kind: 'reference',
  name: 'reference',
  id: 'reference',
  description: `The reference server (${DEFAULT_BEHAVIOUR.rateLimitAlgorithm} rate limit).`,
});

const rateLimitRun = (server: LoadServer, expect: 'pass' | 'catch', catchingRules: readonly string[]) =>
  ({
    id: `load-rate-limit-${server.id}`,
    script: 'rate-limit',
    server,
    expect,
    catchingRules,
    rateLimit: LOAD_RATE_LIMIT,
    env: {
      RATE_LIMIT_WINDOWS: String(RATE_LIMIT_WINDOWS),
      RATE_LIMIT_TOLERANCE: String(RATE_LIMIT_TOLERANCE),
      LOAD_DROPPED_TOLERANCE: String(DROPPED_TOLERANCE),
    },
    plannedSeconds: rateLimitRunSeconds(RATE_LIMIT_WINDOWS, LOAD_RATE_LIMIT.windowSeconds),
  }) satisfies PlannedLoadRun;

const latencyRun = (server: LoadServer, expect: 'pass' | 'catch'): PlannedLoadRun => ({
  id: `load-latency-${server.id}`,
  script: 'latency',
  server,
  expect,
  catchingRules: expect === 'catch' ? LATENCY_RULES : [],
  rateLimit: LOAD_RATE_LIMIT,
  ...(server.kind === 'slowed' ? { msPerRequestInFlight: SLOWED_MS_PER_REQUEST_IN_FLIGHT } : {}),
  env: { LOAD_DURATION: `${LATENCY_SECONDS}s`, LOAD_DROPPED_TOLERANCE: String(DROPPED_TOLERANCE) },
  plannedSeconds: LATENCY_SECONDS,
});

const matches = (pattern: string, value: string): boolean => {
  if (!pattern.includes('*')) return pattern === value;
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`).test(value);
};

/** A load run is selected by its own id, or by its server's run id or name (`--only reference`). */
const selected = (only: readonly string[] | undefined, run: PlannedLoadRun): boolean =>
  !only?.length ||
  only.some((p) => matches(p, run.id) || matches(p, run.server.id) || matches(p, run.server.name));

/**
 * Mutants of the rate limit whose fault the rate-limit script's traffic never provokes: it sends
 * valid POSTs, POSTs refused with 400 and GETs of unknown uuids, each tenant's id in one spelling. The
 * suite's counter sends each kind and spelling on its own and catches them; a k6 row would only show
 * that the script does not send what it was never meant to send.
 */
export const BEYOND_THE_LOAD_SCRIPT: Readonly<Record<string, string>> = Object.freeze({
  'rate-limit-keyed-by-client-id-as-sent': "the script sends each tenant's id in one spelling",
  'rate-limit-put-failures-given-back': 'the script sends no PUT',
  'rate-limit-put-applied-when-throttled': 'the script sends no PUT, and reads no event back',
  'rate-limit-malformed-bodies-given-back': 'the script sends no body that is not JSON',
});

/** Every load run of the self-check, in the order they start. */
export const planLoadRuns = (
  options: { readonly only?: readonly string[] } = {},
  catalog: { mutants: readonly MutantDefinition[]; variants: typeof VARIANTS } = {
    mutants: MUTANTS,
    variants: VARIANTS,
  },
): PlannedLoadRun[] => {
  const algorithms = new Set([DEFAULT_BEHAVIOUR.rateLimitAlgorithm]);
  const variants: LoadServer[] = [];
  for (const variant of catalog.variants) {
    const algorithm = variant.behaviour.rateLimitAlgorithm ?? DEFAULT_BEHAVIOUR.rateLimitAlgorithm;
    if (algorithms.has(algorithm)) continue;
    algorithms.add(algorithm);
    variants.push({
      kind: 'variant',
      name: variant.name,
      id: runId({ kind: 'variant', name: variant.name }),
      description: variant.description,
    });
  }
  const runs: PlannedLoadRun[] = [
    latencyRun(SLOWED_SERVER, 'catch'),
    latencyRun(REFERENCE, 'pass'),
    rateLimitRun(REFERENCE, 'pass', []),
    { ...rateLimitRun(STARVED_REFERENCE, 'pass', []), generatorHold: STARVED_GENERATOR },
    ...variants.map((server) => rateLimitRun(server, 'pass', [])),
    ...catalog.mutants
      .filter(
        (mutant) =>
          isRateLimitMutant(mutant) &&
          mutant.behaviour === undefined &&
          !(mutant.name in BEYOND_THE_LOAD_SCRIPT),
      )
      .map((mutant) =>
        rateLimitRun(
          {
            kind: 'mutant',
            name: mutant.name,
            id: runId({ kind: 'mutant', name: mutant.name }),
            description: mutant.description,
          },
          'catch',
          mutant.catchingRules,
        ),
      ),
  ];
  return runs.filter((run) => selected(options.only, run));
};
