/**
 * How the @ratelimit checks spend the rate-limit tenant's budget: bursts of requests sent in parallel
 * (fast enough that the limit takes well under one window), every 429 seen (no retries), and a record,
 * kept for the worker, of when the tenant was last sent anything, so that a check can wait for "a fresh
 * window" (a whole window of silence, after which every reading of the window serves the full limit)
 * without waiting longer than it must. See rate-limit-reading.ts for what may be concluded.
 *
 * A worker that has not used the tenant yet does not know when it was last used (by an earlier run, or
 * another machine): rather than wait a whole window every time, its first burst goes out at once, and
 * only a 429 before the limit (a window someone else began) makes it wait for a fresh window and start
 * again. A burst that is served the whole limit proves what it must whatever came before it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type RateLimitSettings, readTimeouts } from '../../config/index.ts';
import { contractVariable } from '../../config/settings/index.ts';
import { CONTRACT_VARIABLES } from '../../contract/index.ts';
import {
  BurstTally,
  type CounterRequest,
  type ExpectedWhenServed,
  servedPastBound,
  type Unthrottled,
} from '../../oracle/index.ts';
import type { SendOptions, ServiceClient, ServiceResponse } from '../transport/service-client.ts';

/** Requests in flight at once in a burst: enough for the limit in well under a window, within the pool. */
export const BURST_CONCURRENCY = 32;

/** The most requests a burst or a counter's stretch keeps in flight, however far the deployment. */
export const MAX_LANES = 512;

/**
 * Requests in flight that send five limits a window at this round trip (`least` at the least, MAX_LANES
 * at most): a deployment seconds away needs more in flight, not a longer burst, which would outlast the
 * window it must exceed. Without a measured round trip (the reference server), `least`.
 */
export const lanesAt = (
  requestsPerWindow: number,
  windowMs: number,
  roundTripMs: number | undefined,
  least: number,
): number =>
  Math.min(MAX_LANES, Math.max(least, Math.ceil((5 * requestsPerWindow * (roundTripMs ?? 0)) / windowMs)));

/** A burst's requests in flight at this round trip (lanesAt, BURST_CONCURRENCY at least). */
export const burstConcurrency = (limit: RateLimitSettings, roundTripMs: number | undefined): number =>
  lanesAt(limit.requestsPerWindow, windowMsOf(limit), roundTripMs, BURST_CONCURRENCY);

/** A burst's requests in flight at the round trip the preflight measured. */
export const burstLanes = (limit: RateLimitSettings): number =>
  burstConcurrency(limit, readTimeouts().roundTripMs);

export const windowMsOf = (limit: RateLimitSettings): number => limit.windowSeconds * 1000;

/** Added to a window of silence: timer slack, a server's coarse clock, a request still in transit. */
export const silenceMarginMs = (limit: RateLimitSettings): number => Math.max(500, 0.05 * windowMsOf(limit));

/**
 * A check waits for a fresh window, spends the budget (giving up after GIVE_UP_AFTER_WINDOWS windows)
 * and may wait for a window to end: its timeout scales with the window, and with the fresh windows
 * it may need (a burst of each kind alone, an axis of the counter each).
 */
export const rateLimitTestTimeoutMs = (limit: RateLimitSettings, freshWindows = 1): number =>
  freshWindows * (6 * windowMsOf(limit) + 60_000);

export interface SentRequest {
  readonly index: number;
  readonly request: SendOptions;
  readonly response: ServiceResponse;
  /** Monotonic milliseconds (performance.now) when it was sent and answered. */
  readonly sentAt: number;
  readonly answeredAt: number;
}

/** What the worker knows of the rate-limit tenant's recent past. */
class TenantActivity {
  /** When the tenant's last answer came (monotonic ms), or undefined when this worker has sent nothing. */
  lastAnsweredAt: number | undefined;
  /** The last burst that started from a fresh window and ran into a 429. */
  lastExhaustion: Exhaustion | undefined;
  /** Set when a check went ahead without a whole window of silence behind it (the worker's first). */
  freshnessUnknown = false;
  /**
   * When the last burst that left the limiter holding only its own requests began, if it ran into a
   * 429: from then on the tenant's earlier requests count in no reading of the window
   * (counter-stretch.ts). A burst after a whole window of silence does; so does the worker's first
   * burst when all of its first `limit` requests were served before a 429 (fullLimitServed).
   */
  freshBurstStartedAt: number | undefined;
  /**
   * The last time the window came back (RATE-LIMIT-WINDOW-RESET): the refused request before, the
   * retries and the burst right after, as sent and answered, and when it ended (monotonic ms).
   */
  cameBack: { readonly requests: readonly CounterRequest[]; readonly endedAt: number } | undefined;
  /** Set once the machine's reach was said (reachLine). */
  reachSaid = false;
  /** The fresh windows the counter's axes took of their own (KIT_COUNTER_WINDOWS bounds them). */
  counterWindows = 0;
  /** The first POST of a burst answered 201: an event of the tenant's own the counter's probes can use. */
  created: SentRequest | undefined;

  note(answeredAt: number): void {
    this.lastAnsweredAt = Math.max(this.lastAnsweredAt ?? answeredAt, answeredAt);
  }
}

const activities = new Map<string, TenantActivity>();

/**
 * The rate-limit tenant's activity at the worker's target (the @ratelimit file runs serially in one
 * worker). A worker of the self-check's batch serves several servers in turn, each its target while
 * its checks run (suites/fixtures/batch-mode.ts): what one server's tenant did says nothing of another's.
 */
export const rateLimitTenantActivity = (): TenantActivity => {
  const target = contractVariable(CONTRACT_VARIABLES.baseUrl).read() ?? '';
  let activity = activities.get(target);
  if (!activity) {
    activity = new TenantActivity();
    activities.set(target, activity);
  }
  return activity;
};

/** A wait this long is said in the run's output: against a real window it may last a minute. */
export const WAIT_NOTICE_MS = 5_000;

/** Says in the run's output that a check is about to wait up to `ms`, when that is long. */
export const noteWait = (ms: number, why: string): void => {
  if (ms >= WAIT_NOTICE_MS)
    process.stdout.write(`rate-limit checks: waiting ${Math.ceil(ms / 1000)} s ${why}\n`);
};

/** Waits until `until` (monotonic ms), saying why when that is long. */
const waitUntil = async (until: number, why: string): Promise<void> => {
  noteWait(until - performance.now(), why);
  for (let now = performance.now(); now < until; now = performance.now()) await sleep(until - now);
};

/**
 * Waits until the tenant has been silent for a whole window (and a margin). With no record of the
 * tenant (the worker's first check) it does not wait: the burst that follows goes out at once and waits
 * only if it proves the window was not fresh (see the file's comment and exhaustBudget).
 */
export const waitForFreshWindow = async (limit: RateLimitSettings): Promise<void> => {
  const since = rateLimitTenantActivity().lastAnsweredAt;
  if (since === undefined) {
    rateLimitTenantActivity().freshnessUnknown = true;
    return;
  }
  rateLimitTenantActivity().freshnessUnknown = false;
  await waitUntil(
    since + windowMsOf(limit) + silenceMarginMs(limit),
    `for a fresh window of the rate-limit tenant (silent for a whole ${limit.windowSeconds} s window)`,
  );
};

export interface BurstOptions {
  /** The index of the first request (makeRequest gets firstIndex, firstIndex + 1, …). */
  readonly firstIndex?: number;
  /** At most this many requests. */
  readonly count: number;
  readonly concurrency?: number;
  /** Stop sending once a 429 has been answered (requests in flight still finish). */
  readonly stopAt429?: boolean;
  /** Called with every answer as it comes; returning true stops sending (requests in flight finish). */
  readonly stopWhen?: (answered: SentRequest) => boolean;
  /** Called with every answer as it comes: the burst itself keeps none (a limit may be 100,000). */
  readonly onAnswer: (answered: SentRequest) => void;
}

/**
 * Sends up to `count` requests, `concurrency` at a time, each seen as answered (a 429 is not retried),
 * and hands each answer to `onAnswer`; resolves to the number sent.
 */
export const sendBurst = async (
  client: ServiceClient,
  makeRequest: (index: number) => SendOptions,
  options: BurstOptions,
): Promise<number> => {
  const first = options.firstIndex ?? 0;
  let next = 0;
  let stop = false;
  const lane = async (): Promise<void> => {
    while (!stop && next < options.count) {
      const index = first + next;
      next += 1;
      const request = makeRequest(index);
      const sentAt = performance.now();
      try {
        const response = await client.send({ ...request, retryOn429: false });
        const answeredAt = performance.now();
        const answered = { index, request, response, sentAt, answeredAt };
        rateLimitTenantActivity().note(answeredAt);
        if (request.method === 'POST' && response.status === 201)
          rateLimitTenantActivity().created ??= answered;
        options.onAnswer(answered);
        if (response.status === 429 && options.stopAt429) stop = true;
        if (options.stopWhen?.(answered)) stop = true;
      } catch (error) {
        stop = true;
        throw error;
      }
    }
  };
  const lanes = Array.from(
    { length: Math.min(options.concurrency ?? BURST_CONCURRENCY, options.count) },
    lane,
  );
  const settled = await Promise.allSettled(lanes);
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) throw failure.reason;
  return next;
};

/** A burst's answers, folded as they come (oracle/burst-tally.ts). */
export type BurstAnswers = BurstTally<ServiceResponse, SentRequest>;

/** A burst gives up, unthrottled and unable to prove anything, after this many windows. */
export const GIVE_UP_AFTER_WINDOWS = 3;

export interface Exhaustion {
  /** Every answer, folded: counts, and the answers the judgements of part 8 name. */
  readonly answers: BurstAnswers;
  /** The first request answered 429, if any. */
  readonly first429: SentRequest | undefined;
  /** Requests answered with anything but 429. */
  readonly admitted: number;
  readonly startedAt: number;
  readonly endedAt: number;
  /** Set when no 429 came: why the burst stopped. */
  readonly unthrottled: Unthrottled | undefined;
  readonly pausedAtHalf: boolean;
}

/**
 * Sends until a 429, or until more have been served than any reading of the window admits in the time
 * since `startedAt` (proof of a deviation, however slowly the kit sends), or until GIVE_UP_AFTER_WINDOWS
 * windows have passed. `served` counts the requests already served since `startedAt`.
 */
const sendUntilThrottled = async (
  client: ServiceClient,
  limit: RateLimitSettings,
  makeRequest: (index: number) => SendOptions,
  from: { readonly firstIndex: number; readonly startedAt: number; readonly served: number },
  answers: BurstAnswers,
): Promise<Unthrottled | undefined> => {
  const windowMs = windowMsOf(limit);
  let served = from.served;
  let met429 = false;
  let unthrottled: Unthrottled | undefined;
  await sendBurst(client, makeRequest, {
    firstIndex: from.firstIndex,
    count: Number.POSITIVE_INFINITY,
    concurrency: burstLanes(limit),
    stopAt429: true,
    onAnswer: (answered) => answers.add(answered),
    stopWhen: ({ response, answeredAt }) => {
      if (response.status === 429) {
        met429 = true;
        return true;
      }
      served += 1;
      const withinMs = answeredAt - from.startedAt;
      unthrottled ??=
        servedPastBound(served, withinMs, limit.requestsPerWindow, windowMs) ??
        (withinMs > GIVE_UP_AFTER_WINDOWS * windowMs ? { kind: 'too-slow', served, withinMs } : undefined);
      return unthrottled !== undefined;
    },
  });
  // Proof of too many served stands whatever the requests still in flight then met; giving up does not.
  const given = unthrottled as Unthrottled | undefined;
  return given?.kind === 'too-slow' && met429 ? undefined : given;
};

/**
 * From a fresh window: sends the limit, then goes on until the first 429 (see sendUntilThrottled).
 * With `pauseAtHalf`, the first half of the limit goes out at once and the rest half a window later,
 * which lets the recovery tell a fixed window from a sliding one. When the window was not known to be
 * fresh (the worker's first burst) and a 429 came before the limit, it waits for a fresh window and
 * starts again: only then is an early 429 a deviation.
 */
export interface ExhaustOptions {
  readonly pauseAtHalf?: boolean;
  /** For requests that all fail: what each answers when served (judgeFailingBurst reads it). */
  readonly expectedOf?: (index: number) => ExpectedWhenServed;
}

export const exhaustBudget = async (
  client: ServiceClient,
  limit: RateLimitSettings,
  makeRequest: (index: number) => SendOptions,
  options: ExhaustOptions = {},
): Promise<Exhaustion> => {
  const unknown = rateLimitTenantActivity().freshnessUnknown;
  rateLimitTenantActivity().freshnessUnknown = false;
  const exhaustion = await exhaustOnce(client, limit, makeRequest, options);
  if (!unknown || exhaustion.answers.early429 === undefined) return exhaustion;
  rateLimitTenantActivity().lastExhaustion = undefined;
  await waitForFreshWindow(limit);
  return exhaustOnce(client, limit, makeRequest, options);
};

/** Waits for a fresh window, then spends the budget from it (exhaustBudget). */
export const exhaustFromFreshWindow = async (
  client: ServiceClient,
  limit: RateLimitSettings,
  makeRequest: (index: number) => SendOptions,
  options: ExhaustOptions = {},
): Promise<Exhaustion> => {
  const activity = rateLimitTenantActivity();
  // With a record of the tenant the wait makes the window fresh; without one only an early 429 does.
  const known = activity.lastAnsweredAt !== undefined;
  await waitForFreshWindow(limit);
  const exhaustion = await exhaustBudget(client, limit, makeRequest, options);
  const ownRequestsOnly = known || fullLimitServed(exhaustion.answers);
  activity.freshBurstStartedAt = ownRequestsOnly && exhaustion.first429 ? exhaustion.startedAt : undefined;
  return exhaustion;
};

/**
 * Whether a burst was served every one of its first `limit` requests before a 429: then, whatever the
 * tenant sent before it, the limiter holds only the burst's own requests once it refuses. A window or
 * log that refuses holds the limit; the burst's served requests are the limit, all sent since it began,
 * so any earlier request the limiter held has aged out by then (a fixed window's edge, a bucket's
 * level, are the capacity the counter's bound allows for anyway). The counter's axes may then start in
 * the window of the worker's first burst instead of waiting a whole window of silence for one.
 */
export const fullLimitServed = (answers: {
  readonly first429: unknown;
  readonly early429: unknown;
}): boolean => answers.first429 !== undefined && answers.early429 === undefined;

/**
 * The last burst that spent the budget from a fresh window (a check before this one), when it started
 * at most `withinMs` ago; otherwise a burst of the check's own, from a fresh window.
 */
export const recentOrOwnExhaustion = async (
  client: ServiceClient,
  limit: RateLimitSettings,
  makeRequest: (index: number) => SendOptions,
  { withinMs = Number.POSITIVE_INFINITY, ...options }: ExhaustOptions & { readonly withinMs?: number } = {},
): Promise<Exhaustion> => {
  const last = rateLimitTenantActivity().lastExhaustion;
  if (last && performance.now() <= last.startedAt + withinMs) return last;
  return exhaustFromFreshWindow(client, limit, makeRequest, options);
};

const exhaustOnce = async (
  client: ServiceClient,
  limit: RateLimitSettings,
  makeRequest: (index: number) => SendOptions,
  options: ExhaustOptions,
): Promise<Exhaustion> => {
  const capacity = limit.requestsPerWindow;
  const windowMs = windowMsOf(limit);
  const startedAt = performance.now();
  const answers: BurstAnswers = new BurstTally(capacity, options.expectedOf);
  const throttled = (): boolean => answers.first429 !== undefined;
  const send = async (count: number): Promise<void> => {
    if (count <= 0 || throttled()) return;
    await sendBurst(client, makeRequest, {
      firstIndex: answers.count,
      count,
      concurrency: burstLanes(limit),
      stopAt429: true,
      onAnswer: (answered) => answers.add(answered),
    });
  };
  const half = options.pauseAtHalf ? Math.floor(capacity / 2) : 0;
  await send(half);
  if (half > 0 && !throttled()) {
    await waitUntil(startedAt + windowMs / 2, 'to send the second half of the limit half a window later');
  }
  await send(capacity - half);
  const unthrottled = throttled()
    ? undefined
    : await sendUntilThrottled(
        client,
        limit,
        makeRequest,
        { firstIndex: answers.count, startedAt, served: answers.count },
        answers,
      );
  const first429 = answers.first429;
  const exhaustion: Exhaustion = {
    answers,
    first429,
    admitted: answers.admitted,
    startedAt,
    endedAt: performance.now(),
    unthrottled,
    pausedAtHalf: half > 0,
  };
  if (first429) rateLimitTenantActivity().lastExhaustion = exhaustion;
  if (!exhaustion.pausedAtHalf) sayReach(exhaustion, limit);
  return exhaustion;
};

/** Requests a second a burst went out at, over its whole length. */
export const burstRate = (burst: {
  readonly answers: { readonly count: number };
  readonly startedAt: number;
  readonly endedAt: number;
}): number => burst.answers.count / (Math.max(1, burst.endedAt - burst.startedAt) / 1000);

/** `this machine reached 8123 requests a second …`: what a burst shows of the machine's reach, against the rate the limit needs. */
export const reachLine = (rate: number, limit: RateLimitSettings): string => {
  const needed = limit.requestsPerWindow / limit.windowSeconds;
  const verdict =
    rate > needed
      ? 'enough to exceed the limit within a window'
      : 'not enough to exceed the limit within a window: the checks that must exceed it are inconclusive unless the target throttles sooner';
  return `rate-limit checks: this machine reached ${Math.round(rate)} requests a second against the rate-limit tenant; its limit of ${limit.requestsPerWindow} per ${limit.windowSeconds} s needs more than ${Math.ceil(needed)} a second: ${verdict}`;
};

/** Says the machine's reach once per target, from the first burst that went out without a pause. */
const sayReach = (burst: Exhaustion, limit: RateLimitSettings): void => {
  const activity = rateLimitTenantActivity();
  if (activity.reachSaid) return;
  activity.reachSaid = true;
  process.stdout.write(`${reachLine(burstRate(burst), limit)}\n`);
};

/** A tenant made throttled: its answers, and when the last came (monotonic ms). */
export interface Throttling {
  readonly answers: BurstAnswers;
  readonly lastAnsweredAt: number;
}

/** Makes sure the tenant is throttled right now: sends until a 429 (see sendUntilThrottled). */
export const throttleNow = async (
  client: ServiceClient,
  limit: RateLimitSettings,
  makeRequest: (index: number) => SendOptions,
): Promise<Throttling> => {
  const answers: BurstAnswers = new BurstTally(limit.requestsPerWindow);
  const startedAt = performance.now();
  await sendUntilThrottled(client, limit, makeRequest, { firstIndex: 0, startedAt, served: 0 }, answers);
  return { answers, lastAnsweredAt: rateLimitTenantActivity().lastAnsweredAt ?? startedAt };
};
