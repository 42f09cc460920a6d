/**
 * How many requests a limiter's window edge can move between two windows of the client's clock because
 * the requests did not reach the service at one constant delay after their planned instants (a
 * generator that stalls and then catches up, a server that answers some requests late, a network's
 * jitter). Pure: no k6 import, no Node API.
 *
 * Why a window's bounds hold at all: k6 plans the requests at a constant rate above the limit, the
 * same instants in every window. A fixed window whose edge s falls inside client window i−1 serves the
 * requests of window i−1 that reach it after s, and then as many of window i's before window i ends
 * as reach the next fixed window, starting at s + W: with one delay d0 shared by every request, the
 * same number, so window i is served the limit (a token bucket and a sliding log likewise). No request
 * reaches the service before it is sent, so none before its planned instant plus d0, the least delay
 * of sending seen in the run; each reaches it before its answer comes back. A request that arrives
 * later than d0 can only move to the far side of an edge: window i−1's can take window i's budget (its
 * floor), window i's can find the next fixed window's (its ceiling). Of a window's requests, at most
 * those planned within D − d0 before an edge, ⌈r·(D − d0)⌉ (r the requests planned per ms), plus each
 * one answered later than D, can have crossed it. For every D that holds: the least over the bounds
 * the summary keeps of the answers' delays (p(90), p(95), p(99), max) is what the spread explains.
 * (Requests that overtake others are another matter: the window before's refused after it ended,
 * lib/window-reach.ts.)
 */
import type { MetricSummary } from './summary-data.ts';
import type { ThresholdSpec } from './thresholds.ts';

export type SpreadSpec = NonNullable<NonNullable<ThresholdSpec['widenedBy']>['spread']>;

/** The trend's statistics that bound a share of the delays, and that share. */
const BOUNDS = Object.freeze([
  ['p(90)', 0.9],
  ['p(95)', 0.95],
  ['p(99)', 0.99],
  ['max', 1],
] as const);

export interface DelaySpread {
  /** The most requests of the window the spread can have moved past one instant. */
  readonly moved: number;
  /** The least delay of sending in the run, and the window's latest answer, in ms after the planned instant. */
  readonly fastestMs: number;
  readonly slowestMs: number;
  readonly window: number;
}

interface WindowDelays {
  readonly min: number;
  readonly max: number;
  readonly count: number;
  readonly values: Readonly<Record<string, number>>;
}

const windowDelays = (metric: MetricSummary | undefined): WindowDelays | undefined => {
  const values = metric?.values;
  const { min, max, count } = values ?? {};
  if (values === undefined || min === undefined || max === undefined || count === undefined) return undefined;
  return { min, max, count, values };
};

/** Requests of a window later than its share's bound (k6 interpolates percentiles: rounded up). */
const laterThan = (delays: WindowDelays, share: number): number =>
  Math.ceil(delays.count * (1 - share) - 1e-9);

const delaysOf = (spread: SpreadSpec, metrics: ReadonlyMap<string, MetricSummary>, window: number) =>
  windowDelays(metrics.get(`${spread.metric}{window:${window}}`));

/**
 * What the delays of `spread.window` can move past one instant, measured from the run's least delay of
 * sending (the planned instant itself when the summary lacks it, which can only widen more); undefined
 * when the summary lacks the window's trend (no request in it, or an older script): the bound is then
 * not widened.
 */
export const delaySpread = (
  spread: SpreadSpec,
  metrics: ReadonlyMap<string, MetricSummary>,
): DelaySpread | undefined => {
  const own = delaysOf(spread, metrics, spread.window);
  if (own === undefined) return undefined;
  const fastestMs = metrics.get(spread.sendMetric)?.values.min ?? 0;
  const moved = BOUNDS.flatMap(([stat, share]) => {
    const bound = own.values[stat];
    if (bound === undefined) return [];
    return [Math.ceil(spread.requestsPerMs * (bound - fastestMs)) + laterThan(own, share)];
  });
  return {
    moved: moved.reduce((least, count) => Math.min(least, count), Number.POSITIVE_INFINITY),
    fastestMs,
    slowestMs: own.max,
    window: spread.window,
  };
};

const ms = (value: number): string => `${Math.round(value)} ms`;

/** `the rate-limit tenant's requests of window 0 were answered up to 470 ms after … which explains it`. */
export const spreadText = ({ moved, fastestMs, slowestMs, window }: DelaySpread): string =>
  `the rate-limit tenant's requests of window ${window} were answered up to ${ms(slowestMs)} after their planned instants, none sent sooner than ${ms(fastestMs)} after: arriving late, up to ${moved} of them can fall past a limiter's window edge, which explains it`;
