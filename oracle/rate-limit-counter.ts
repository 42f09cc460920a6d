/**
 * Part 8 as a counter: "per tenant, all requests" means one count over every request a tenant sends,
 * whatever its method, its answer, the spelling of its id or its body. A hurried limiter keys or counts
 * some kind apart (a route that gives back its failures, a key taken from X-Client-Id as sent); a burst
 * of that kind alone is then served while the tenant is throttled for everything else.
 *
 * How an axis is judged: the tenant is throttled first by a burst of a kind the limit surely counts (valid
 * POSTs, from a fresh window); then requests of that kind and of the axis's kind (the probes) go out
 * alternately. A conforming limiter keeps one count, so the two kinds meet the same capacity: whatever was
 * served in that stretch, of either kind, is capacity the window's edges or its refill explain. The bound
 * is what any conforming reading (a fixed window started by the first request or aligned to the clock, a
 * sliding window or log, a token bucket refilled at the limit per window) can serve, from the send and
 * answer times the kit has:
 *
 * - refill: at most `limit × duration / window` tokens during the stretch, and two more (the fractions
 *   of a token at its start and end);
 * - bulks: capacity that comes back at once (the capacity left when the stretch starts, a fixed window's
 *   edge: one per window the stretch touches), each at most the limit. While capacity is there, no
 *   request is refused, so the requests a bulk serves all decide inside a span in which no refused
 *   request went out and came back: a bulk serves at most the served requests overlapping one such span;
 * - nothing else: a sliding window or log frees what the exhausting burst took only 0.9 of a window after
 *   it began, so the stretch must end before then (otherwise the claim is not made).
 *
 * A limiter that counts the axis's kind apart (or not at all) serves the probes while refusing the other
 * kind, in spans full of refusals, so it is served more than that bound. A stretch whose probes were
 * fewer than the bound cannot show a separate count of a full limit: the claim is not made.
 */
import { ERROR_CODES, type RuleId } from '../spec/index.ts';
import type { HttpAnswer } from './http-answer.ts';
import { type Judgement, judgementOf, notEstablished } from './judgement.ts';
import { THROTTLED_STATUS } from './statuses.ts';
import { violationOf } from './violation.ts';

/** One request of a counter's stretch: the axis's kind or the counted kind, when it left and came back. */
export interface CounterRequest {
  /** The axis's kind (true) or the kind the limit surely counts (false). */
  readonly probe: boolean;
  /** Monotonic milliseconds, one clock for the whole check. */
  readonly sentAt: number;
  readonly answeredAt: number;
  /** Answered 429. */
  readonly throttled: boolean;
}

/** A request of a stretch as sent and answered. */
export const counterRequestOf = (
  probe: boolean,
  sent: { readonly sentAt: number; readonly answeredAt: number; readonly response: HttpAnswer },
): CounterRequest => ({
  probe,
  sentAt: sent.sentAt,
  answeredAt: sent.answeredAt,
  throttled: sent.response.status === THROTTLED_STATUS,
});

/** The tenant's limit, and when the burst that throttled it began after a whole window of silence. */
export interface CounterWindow {
  readonly limit: number;
  readonly windowMs: number;
  /** When the exhausting burst began (monotonic ms), the tenant having been silent a whole window before. */
  readonly freshFrom: number;
}

/** A sliding window or log frees the exhausting burst's capacity from this part of a window on. */
export const SLIDING_RELEASE_SHARE = 0.9;

/** What a conforming shared counter can serve in a stretch, and what it was served. */
export interface CounterBound {
  readonly served: number;
  readonly servedProbes: number;
  readonly probes: number;
  /** The most any conforming reading of the window explains. */
  readonly most: number;
  readonly refill: number;
  readonly bulks: number;
  readonly durationMs: number;
  /** The stretch ended after the exhausting burst's capacity may come back (a sliding window's). */
  readonly late: boolean;
}

/**
 * For each maximal span in which no refused request both went out and came back, the served requests
 * that overlap it; largest first. Such a span starts at a refused request's send (or at the start) and
 * ends at the earliest answer of the refused requests sent after it.
 */
export const servedPerRefusalFreeSpan = (requests: readonly CounterRequest[]): number[] => {
  const refused = requests.filter((r) => r.throttled).sort((a, b) => a.sentAt - b.sentAt);
  const served = requests.filter((r) => !r.throttled);
  const servedSent = served.map((r) => r.sentAt).sort((a, b) => a - b);
  const servedAnswered = served.map((r) => r.answeredAt).sort((a, b) => a - b);
  // The earliest answer among the refused requests from index i on.
  const earliestAnswerFrom: number[] = new Array(refused.length + 1).fill(Number.POSITIVE_INFINITY);
  for (let i = refused.length - 1; i >= 0; i -= 1)
    earliestAnswerFrom[i] = Math.min(
      (refused[i] as CounterRequest).answeredAt,
      earliestAnswerFrom[i + 1] as number,
    );
  const starts = [Number.NEGATIVE_INFINITY, ...refused.map((r) => r.sentAt)];
  let next = 0;
  const counts = starts.map((start) => {
    while (next < refused.length && (refused[next] as CounterRequest).sentAt <= start) next += 1;
    const end = earliestAnswerFrom[next] as number;
    // Served requests overlapping (start, end): sent before its end, less those answered by its start
    // (a request answered by then was sent by then too).
    return countBelow(servedSent, end) - countAtMost(servedAnswered, start);
  });
  return counts.sort((a, b) => b - a);
};

/** How many of the sorted `values` are below `limit`. */
const countBelow = (values: readonly number[], limit: number): number => {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((values[middle] as number) < limit) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** How many of the sorted `values` are at most `limit`. */
const countAtMost = (values: readonly number[], limit: number): number => {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((values[middle] as number) <= limit) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** The bound of the file's comment over one stretch of requests. */
export const counterBound = (requests: readonly CounterRequest[], window: CounterWindow): CounterBound => {
  const { limit, windowMs, freshFrom } = window;
  const first = requests.reduce((least, r) => Math.min(least, r.sentAt), Number.POSITIVE_INFINITY);
  const last = requests.reduce((most, r) => Math.max(most, r.answeredAt), Number.NEGATIVE_INFINITY);
  const durationMs = requests.length === 0 ? 0 : last - first;
  // A token bucket's refill during the stretch; what it held at the start is a bulk below (and one).
  const refill = Math.floor((limit * durationMs) / windowMs) + 2;
  // The capacity left at the start, and a fixed window's edge in each window the stretch touches.
  const bulks = 1 + Math.floor(durationMs / windowMs) + 1;
  const spans = servedPerRefusalFreeSpan(requests);
  // A bulk brings at most the limit back (a fixed window's whole count, or what was left of it).
  const most = refill + spans.slice(0, bulks).reduce((sum, n) => sum + Math.min(n, limit), 0);
  const served = requests.filter((r) => !r.throttled).length;
  return {
    served,
    servedProbes: requests.filter((r) => r.probe && !r.throttled).length,
    probes: requests.filter((r) => r.probe).length,
    most,
    refill,
    bulks,
    durationMs,
    late: requests.length > 0 && last > freshFrom + SLIDING_RELEASE_SHARE * windowMs,
  };
};

/** Probes a stretch sends before it may say they go out too slowly to overtake the refill. */
export const PROBES_BEFORE_PACE = 16;

/**
 * Whether the probes go out no faster than a token bucket refills (`limit / window`): the bound then
 * grows as fast as they do, and no count of them, apart or shared, can show.
 */
export const probesTooSlow = (bound: CounterBound, window: CounterWindow): boolean =>
  bound.probes >= PROBES_BEFORE_PACE &&
  bound.probes * window.windowMs <= window.limit * Math.max(1, bound.durationMs);

/**
 * Whether a stretch has said what it can: more served than explained, probes enough to show a separate
 * count, or probes too slow ever to show one.
 */
export const counterDecided = (bound: CounterBound, window: CounterWindow): boolean =>
  bound.served > bound.most || bound.probes > bound.most || probesTooSlow(bound, window);

/**
 * When a stretch of `answered` requests is next worth judging as it goes (counterDecided): every few
 * requests at first, then every eighth more, so that judging costs little beside a limit of thousands.
 */
export const nextCounterCheck = (answered: number): number =>
  answered + Math.max(8, Math.floor(answered / 8));

/** One axis of the counter: what it varies and what its probes are, for people. */
export interface CounterAxis {
  /** A kind of request (RATE-LIMIT-ALL-REQUESTS) or a spelling of the tenant's id (RATE-LIMIT-PER-TENANT). */
  readonly of: 'kind' | 'spelling';
  /** `PUT of an unknown uuid (404)`, `valid POST with X-Client-Id in upper case`. */
  readonly probes: string;
  /** The kind the limit surely counts, sent alternately with the probes. */
  readonly counted: string;
}

/** The rule an axis judges: every kind of request counts, and the tenant is one however its id is spelled. */
const ruleOf = (axis: CounterAxis): Extract<RuleId, 'RATE-LIMIT-ALL-REQUESTS' | 'RATE-LIMIT-PER-TENANT'> =>
  axis.of === 'spelling' ? 'RATE-LIMIT-PER-TENANT' : 'RATE-LIMIT-ALL-REQUESTS';

/**
 * RATE-LIMIT-ALL-REQUESTS (a kind counted apart or not at all) or RATE-LIMIT-PER-TENANT (a spelling of
 * the tenant's id counted as another tenant): the stretch after the tenant was throttled served no more
 * than a shared count explains. Its evidence is the bound.
 */
export const judgeCounterAxis = (
  axis: CounterAxis,
  requests: readonly CounterRequest[],
  window: CounterWindow,
): Judgement<CounterBound> => {
  const bound = counterBound(requests, window);
  const took = `${Math.round(bound.durationMs)} ms`;
  if (requests.length === 0)
    return notEstablished(
      'inconclusive',
      `the tenant could not be throttled by ${axis.counted} from a fresh window (no 429), so ${axis.probes} were not sent`,
      bound,
    );
  if (bound.late)
    return notEstablished(
      'inconclusive',
      `the stretch of ${axis.probes} ended after a sliding window may free the burst's capacity (${took} long, ${Math.round(SLIDING_RELEASE_SHARE * 100)} % of a window after the burst began): nothing can be said of its count`,
      bound,
    );
  if (bound.served > bound.most)
    return judgementOf(
      [
        violationOf(
          ruleOf(axis),
          `part 8 counts every request of a tenant in one count, but ${axis.probes} went on being served while the tenant was throttled for ${axis.counted}: alternating the two after the limit of ${window.limit} was spent, ${bound.served} of ${requests.length} requests were served (${bound.servedProbes} of the ${bound.probes} probes) in ${took}, more than the ${bound.most} any reading of a ${window.windowMs} ms window explains (${bound.refill} refilled, the rest in ${bound.bulks} spans without a refusal)`,
        ),
      ],
      bound,
    );
  if (bound.probes <= bound.most)
    return notEstablished(
      'inconclusive',
      `only ${bound.probes} ${axis.probes} went out in ${took}, not more than the ${bound.most} a shared count may serve then${probesTooSlow(bound, window) ? `, and no faster than a limit of ${window.limit} per ${window.windowMs} ms refills` : ''}: a separate count of the limit would not show (the target's round trip is too long for the limit's rate, or the machine too busy)`,
      bound,
    );
  // A separate count of the probes serves at least the limit of them (or all, when fewer): that shows
  // only when the limit is more than a shared count may serve, which many lanes or a long stretch raise.
  if (bound.most >= window.limit)
    return notEstablished(
      'inconclusive',
      `a shared count may serve ${bound.most} in ${took} (${bound.refill} refilled, the rest in ${bound.bulks} spans without a refusal), not less than the limit of ${window.limit}: a separate count of ${axis.probes}, which may serve no more than the limit, would not show (the target's round trip is too long for the limit's rate, or the machine too busy)`,
      bound,
    );
  return judgementOf([], bound, [ruleOf(axis)]);
};

/**
 * An axis the counter's budget of fresh windows left unsent (`setting` names it): nothing sent, nothing
 * claimed. The axis reads not established, never passed, so that a run that trades axes for time says so.
 */
export const judgeAxisUnsent = (
  axis: CounterAxis,
  budget: { readonly windows: number; readonly setting: string },
): Judgement<undefined> =>
  notEstablished(
    'inconclusive',
    `${axis.probes} were not sent: the counter's ${budget.windows} fresh windows (${budget.setting}) were spent on the axes before it`,
  );

/**
 * The spellings of the tenant's id the deployment takes as the tenant (RFC 9562: a UUID's hex digits are
 * either case; a deployment may accept more): each asked with a GET of an unknown uuid, which the tenant
 * gets 404 ERR-4002 for. Any other answer (400 ERR-2002, 401, 403) means the spelling is not the tenant's
 * there. None accepted leaves the spelling axis nothing to judge.
 */
export const judgeSpellingsAccepted = <S, A extends HttpAnswer>(
  asked: readonly { readonly spelling: S; readonly answer: A }[],
): Judgement<readonly S[]> => {
  const accepted = asked
    .filter(({ answer }) => answer.status === ERROR_CODES['ERR-4002'].httpStatus)
    .map(({ spelling }) => spelling);
  return accepted.length > 0
    ? judgementOf([], accepted)
    : notEstablished(
        'premise-not-met',
        `the deployment takes the tenant's id in no other spelling (${asked.map(({ answer }) => answer.status).join(', ') || 'none asked'}): every request of the tenant is counted under the one it accepts`,
        accepted,
      );
};

/**
 * The most served requests that went out after a refused request came back and came back themselves
 * within 0.9 of a window of its send, and that refused request. A request refused means the tenant had
 * less than one request left when it was decided; from then on, in less than a window, a fixed window
 * comes back at most once (at most the limit), a sliding window or log frees at most what it held
 * (the limit), a token bucket refills at most the limit: whatever the reading, at most the limit and
 * one more are served there. A limiter that gives back some kind of request once answered serves more
 * as soon as the window comes back.
 */
export const crowdedAfterRefusal = (
  requests: readonly CounterRequest[],
  windowMs: number,
): { readonly served: number; readonly after: CounterRequest | undefined } => {
  const served = requests.filter((r) => !r.throttled).sort((a, b) => a.sentAt - b.sentAt);
  let most = { served: 0, after: undefined as CounterRequest | undefined };
  for (const refused of requests.filter((r) => r.throttled)) {
    const until = refused.sentAt + SLIDING_RELEASE_SHARE * windowMs;
    let count = 0;
    for (const r of served) if (r.sentAt > refused.answeredAt && r.answeredAt < until) count += 1;
    if (count > most.served) most = { served: count, after: refused };
  }
  return most;
};

/**
 * RATE-LIMIT-ALL-REQUESTS when the window comes back: after the tenant was refused, the requests served
 * in less than a window are no more than the limit and one (crowdedAfterRefusal). Without a request
 * served after a refusal, the window never came back in the stretch: nothing to judge.
 */
export const judgeWindowComesBack = (
  axis: CounterAxis,
  requests: readonly CounterRequest[],
  window: Omit<CounterWindow, 'freshFrom'>,
): Judgement<number> => {
  const crowded = crowdedAfterRefusal(requests, window.windowMs);
  if (crowded.served === 0)
    return notEstablished(
      'inconclusive',
      `no request was served after the tenant was refused (${requests.length} sent): the window did not come back while the kit looked`,
    );
  if (crowded.served > window.limit + 1)
    return judgementOf(
      [
        violationOf(
          ruleOf(axis),
          `part 8 counts every request of a tenant, but when the window came back ${crowded.served} of ${axis.probes} and ${axis.counted} were served within ${Math.round(SLIDING_RELEASE_SHARE * window.windowMs)} ms of a refusal, more than the limit of ${window.limit} (and one) any reading of the window frees in that time: some kind is given back or not counted`,
        ),
      ],
      crowded.served,
    );
  return judgementOf([], crowded.served, [ruleOf(axis)]);
};
