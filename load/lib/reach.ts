/**
 * The load generator's reach, said rather than blamed. A threshold that measures the generator (a
 * premise: the requests it sent in a window, the iterations it dropped) is never a verdict on the
 * service: crossed, it reads *not established*, with the rate reached and the rate needed. A crossed
 * threshold that needs a premise not met (a window that did not serve its floor because too few
 * requests were sent in it) reads not established too; one that held, or that needs nothing the
 * generator missed, keeps its verdict, since the requests that were sent decide it. Pure: no k6
 * import, no Node API.
 */
import { type DelaySpread, delaySpread, spreadText } from './delay-spread.ts';
import { collectMetrics, type MetricSummary } from './summary-data.ts';
import { evaluateThreshold, formatNumber, type ThresholdResult } from './threshold-results.ts';
import { compare, type Premise, parseExpression, type ThresholdSpec } from './thresholds.ts';

/** How many the generator sent, from a premise's observed value (of a reach or dropped premise). */
const sentOf = (premise: Premise, observed: number | undefined): number | undefined => {
  if (observed === undefined) return undefined;
  return premise.counts === 'sent' ? observed : Math.max(0, premise.planned - observed);
};

/** `12 requests … answered after it ended, in 2 s; the plan allows at most 25`. */
const lateText = (premise: Premise, observed: number | undefined): string =>
  observed === undefined
    ? `the load generator's ${premise.what} are not in the k6 summary`
    : `${observed} ${premise.what} (in flight across its edge: which window the server counted each in is not known); the plan allows at most ${premise.needed}`;

/** `requests of … in window 1: nine in ten answered within 612 ms of their planned instant; the plan allows 500 ms`. */
const delayText = (premise: Premise, observed: number | undefined): string =>
  observed === undefined
    ? `the answers' delays of the ${premise.what} are not in the k6 summary`
    : `${premise.what}: nine in ten answered within ${Math.round(observed)} ms of their planned instant; the plan allows ${premise.needed} ms`;

const rate = (count: number, seconds: number): string =>
  `${formatNumber(seconds > 0 ? count / seconds : count)}/s`;

/** `the load generator sent 90 requests … in 2 s (45/s); the plan needs 98 (49/s) of 100`. */
export const reachText = (premise: Premise, observed: number | undefined): string => {
  if (premise.counts === 'late') return lateText(premise, observed);
  if (premise.counts === 'delay') return delayText(premise, observed);
  const sent = sentOf(premise, observed);
  const reached =
    sent === undefined
      ? `the load generator's ${premise.what} are not in the k6 summary`
      : `the load generator sent ${sent} ${premise.what} in ${formatNumber(premise.seconds)} s (${rate(sent, premise.seconds)})`;
  return `${reached}; the plan needs ${premise.needed} (${rate(premise.needed, premise.seconds)}) of ${premise.planned} planned`;
};

interface UnmetPremise {
  readonly reason: string;
  /** How many of the planned the generator did not send (all of them when the summary has no value). */
  readonly missing: number;
}

/** What an unmet premise's generator missed, in requests. */
const missingOf = (premise: Premise, observed: number | undefined): number => {
  switch (premise.counts) {
    // The spread of the delays widens bounds itself (lib/delay-spread.ts): it counts no request here.
    case 'delay':
      return 0;
    case 'late':
      return observed ?? premise.planned;
    default:
      return Math.max(0, premise.planned - (sentOf(premise, observed) ?? 0));
  }
};

/** Each premise not met, by key: the reach text and what the generator missed. */
const unmetPremises = (results: readonly ThresholdResult[]): Map<string, UnmetPremise> => {
  const unmet = new Map<string, UnmetPremise>();
  for (const { spec, verdict, observed } of results) {
    if (spec.premise === undefined || verdict === 'passed') continue;
    unmet.set(spec.premise.key, {
      reason: reachText(spec.premise, observed),
      missing: missingOf(spec.premise, observed),
    });
  }
  return unmet;
};

/** The unmet premises that leave a crossed threshold unjudged, or none when one group of its needs holds. */
const missedFor = (
  needs: readonly (readonly string[])[],
  unmet: ReadonlyMap<string, UnmetPremise>,
): string[] => {
  if (needs.some((group) => group.every((key) => !unmet.has(key)))) return [];
  const missed = new Set<string>();
  for (const group of needs) {
    for (const key of group) {
      const premise = unmet.get(key);
      if (premise) missed.add(premise.reason);
    }
  }
  return [...missed];
};

const WIDENS: Readonly<Record<string, 1 | -1>> = { '<=': 1, '<': 1, '>=': -1, '>': -1 };

interface InFlight {
  readonly count: number;
  /** What they are, in words: `requests of the rate-limit tenant sent in window 1 and served after it ended`. */
  readonly what: string;
}

/**
 * The requests in flight across each window's edge, by premise key, met or not: each can move one
 * served request between two windows however few they are, so they widen a bound always.
 */
const inFlightCounts = (results: readonly ThresholdResult[]): Map<string, InFlight> => {
  const counts = new Map<string, InFlight>();
  for (const { spec, observed } of results) {
    if (spec.premise?.counts === 'late' && observed !== undefined && observed > 0)
      counts.set(spec.premise.key, { count: observed, what: spec.premise.what });
  }
  return counts;
};

/** What a bound's premises explain: the shortfall of those not met, and every request in flight. */
const explained = (
  widenedBy: NonNullable<ThresholdSpec['widenedBy']>,
  unmet: ReadonlyMap<string, UnmetPremise>,
  inFlight: ReadonlyMap<string, InFlight>,
): number =>
  widenedBy.premises.reduce((sum, key) => {
    const count = inFlight.get(key)?.count ?? unmet.get(key)?.missing ?? 0;
    return sum + count * (widenedBy.perMissingOf?.[key] ?? widenedBy.perMissing);
  }, 0);

/** What a bound's premises and the spread of its windows' delays explain, and that spread. */
interface Explanation {
  readonly unmet: ReadonlyMap<string, UnmetPremise>;
  readonly inFlight: ReadonlyMap<string, InFlight>;
  readonly metrics: ReadonlyMap<string, MetricSummary>;
}

const spreadFor = (
  spec: ThresholdSpec,
  metrics: ReadonlyMap<string, MetricSummary>,
): DelaySpread | undefined =>
  spec.widenedBy?.spread === undefined ? undefined : delaySpread(spec.widenedBy.spread, metrics);

/** Whether a crossed bound stays crossed once widened by what the generator's shortfall explains. */
const beyondShortfall = (result: ThresholdResult, { unmet, inFlight, metrics }: Explanation): boolean => {
  const { widenedBy } = result.spec;
  const parsed = parseExpression(result.spec.expression);
  if (widenedBy === undefined || parsed === undefined || result.observed === undefined) return false;
  const direction = WIDENS[parsed.operator];
  if (direction === undefined) return false;
  const moved = spreadFor(result.spec, metrics)?.moved ?? 0;
  const widened = parsed.value + direction * Math.ceil(explained(widenedBy, unmet, inFlight) + moved);
  return !compare(result.observed, parsed.operator, widened);
};

/** `3 requests of … served after it ended`, `1 request of … refused with 429 after it ended`. */
const inFlightText = ({ count, what }: InFlight): string =>
  `${count} ${count === 1 ? what.replace(/^requests\b/, 'request') : what}`;

/**
 * Why a crossed bound is left unjudged by requests in flight alone (its premises met), in words: which
 * window they were sent in, served or refused after it ended, how many.
 */
const inFlightReasons = (spec: ThresholdSpec, inFlight: ReadonlyMap<string, InFlight>): string[] => {
  const kinds = (spec.widenedBy?.premises ?? []).flatMap((key) => inFlight.get(key) ?? []);
  if (kinds.length === 0) return [];
  const one = kinds.length === 1 && kinds[0]?.count === 1;
  return [
    `${kinds.map(inFlightText).join(', ')}: in flight across a window's edge, ${one ? 'it explains' : 'they explain'} it`,
  ];
};

/**
 * The results with the generator's reach applied: premises and what needs them, not established when
 * missed. `metrics` gives the trends of the answers' delays that widen the rate-limit windows' bounds.
 */
export const judgeReach = (
  results: readonly ThresholdResult[],
  metrics: ReadonlyMap<string, MetricSummary> = new Map(),
): ThresholdResult[] => {
  const unmet = unmetPremises(results);
  const inFlight = inFlightCounts(results);
  const explanation: Explanation = { unmet, inFlight, metrics };
  return results.map((result): ThresholdResult => {
    const { spec } = result;
    if (spec.premise !== undefined) {
      const premise = unmet.get(spec.premise.key);
      return premise === undefined
        ? result
        : { ...result, verdict: 'not-established', reason: premise.reason };
    }
    if (result.verdict !== 'failed' || spec.needs === undefined) return result;
    if (beyondShortfall(result, explanation)) return result;
    const missed = missedFor(spec.needs, unmet);
    const spread = spreadFor(spec, metrics);
    const reasons =
      missed.length > 0
        ? missed
        : [...inFlightReasons(spec, inFlight), ...(spread && spread.moved > 0 ? [spreadText(spread)] : [])];
    if (reasons.length === 0) return result;
    return { ...result, verdict: 'not-established', reason: reasons.join('; ') };
  });
};

/** Every threshold judged over the metrics, the load generator's reach applied. */
export const judgeThresholds = (
  specs: readonly ThresholdSpec[],
  metrics: ReadonlyMap<string, MetricSummary>,
): ThresholdResult[] =>
  judgeReach(
    specs.map((spec) => evaluateThreshold(spec, metrics)),
    metrics,
  );

/** Every threshold judged over a k6 summary, in whichever format k6 wrote it. */
export const evaluateThresholds = (data: unknown, specs: readonly ThresholdSpec[]): ThresholdResult[] =>
  judgeThresholds(specs, collectMetrics(data));

export type RunVerdict = 'passed' | 'failed' | 'not-established';

/**
 * A run's verdict: failed when a threshold the sent requests decide was crossed (or could not be
 * evaluated), else not established when the generator's reach left one unjudged, else passed.
 */
export const runVerdict = (results: readonly ThresholdResult[]): RunVerdict => {
  if (results.some((r) => r.verdict === 'failed' || r.verdict === 'unknown')) return 'failed';
  if (results.some((r) => r.verdict === 'not-established')) return 'not-established';
  return 'passed';
};
