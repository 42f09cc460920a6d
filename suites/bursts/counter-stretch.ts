/**
 * How the counter's axes are sent (oracle/rate-limit-counter.ts judges them): the rate-limit tenant is
 * throttled by a burst of valid POSTs from a fresh window, then, for each axis, valid POSTs and the
 * axis's probes go out in turn, a few at a time, until the stretch has said what it can. The axes share
 * that window while each stretch can end well before a sliding window frees the burst's capacity;
 * past 0.6 of a window the next axis throttles the tenant again from a fresh one.
 */
import { type RateLimitSettings, readTimeouts } from '../../config/index.ts';
import { KIT_COUNTER_WINDOWS } from '../../config/settings/index.ts';
import {
  type CounterRequest,
  type CounterWindow,
  counterBound,
  counterDecided,
  counterRequestOf,
  nextCounterCheck,
  SLIDING_RELEASE_SHARE,
} from '../../oracle/index.ts';
import type { CounterTally } from '../../run-records/counter-tally.ts';
import type { SendOptions, ServiceClient } from '../transport/service-client.ts';
import {
  type Exhaustion,
  exhaustFromFreshWindow,
  lanesAt,
  MAX_LANES,
  rateLimitTenantActivity,
  sendBurst,
  windowMsOf,
} from './rate-limit-burst.ts';

/** Requests in flight at once in a stretch: few, so that a span without a refusal holds few of them. */
export const COUNTER_CONCURRENCY = 8;

/** The most requests a stretch keeps in flight, however far the deployment. */
export const MAX_COUNTER_CONCURRENCY = MAX_LANES;

/**
 * Requests in flight in a stretch at the measured round trip: COUNTER_CONCURRENCY, or as many as send
 * five limits a window (lanesAt: twice the limit and more must go out well inside half a window to
 * outpace any refill), whichever is more. A deployment seconds away needs more in flight, not a longer
 * stretch, which would outlast the window's room.
 */
export const counterConcurrency = (
  window: Pick<CounterWindow, 'limit' | 'windowMs'>,
  roundTripMs: number | undefined,
): number => lanesAt(window.limit, window.windowMs, roundTripMs, COUNTER_CONCURRENCY);

/**
 * Times an axis is sent while its stretch could say nothing (no 429 met, the window's room run out, the
 * probes no faster than the limit refills): a busy machine or a slow network keeps its pace for a
 * while, not for ever, and each attempt starts from a fresh window. A verdict, either way, ends them.
 */
export const COUNTER_ATTEMPTS = 3;

/** An axis sent and judged up to COUNTER_ATTEMPTS times, until its judgement is established. */
export const untilEstablished = async <J extends { readonly notEstablished?: unknown }>(
  attempt: () => Promise<J>,
): Promise<J> => {
  let judgement = await attempt();
  for (let tried = 1; tried < COUNTER_ATTEMPTS && judgement.notEstablished !== undefined; tried += 1)
    judgement = await attempt();
  return judgement;
};

/** A counter check's axes as it sends them: those sent, those its budget left unsent, and its windows. */
export interface AxisTally {
  sent: number;
  unsent: number;
  readonly windowsBefore: number;
}

export const startAxisTally = (): AxisTally => ({
  sent: 0,
  unsent: 0,
  windowsBefore: rateLimitTenantActivity().counterWindows,
});

/** The check's tally for its annotation: the fresh windows it took, of the run's budget. */
export const talliedAxes = (tally: AxisTally): CounterTally => ({
  sent: tally.sent,
  unsent: tally.unsent,
  windows: rateLimitTenantActivity().counterWindows - tally.windowsBefore,
  budget: KIT_COUNTER_WINDOWS.read(),
});

/** The budget an unsent axis names (judgeAxisUnsent). */
export const counterBudget = (): { readonly windows: number; readonly setting: string } => ({
  windows: KIT_COUNTER_WINDOWS.read(),
  setting: KIT_COUNTER_WINDOWS.name,
});

/** An axis starts only this early in the window the burst began: the rest is room for its stretch. */
export const START_BEFORE_SHARE = 0.6;

/** A stretch stops here at the latest, before a sliding window may free the burst's capacity. */
const STOP_AT_SHARE = SLIDING_RELEASE_SHARE - 0.05;

/** The tenant throttled from a fresh window: when that burst began, and the burst (undefined when reused). */
export interface CounterThrottle {
  readonly window: CounterWindow;
  readonly burst: Exhaustion | undefined;
}

/**
 * The window to send an axis in: the last burst from a fresh window (or the worker's first, when it
 * proved the limiter held only its own requests: fullLimitServed), while it began less than 0.6 of a
 * window ago, or a new one. A worker with no record of the tenant sends one request first, so that
 * the wait before the burst is a whole window of silence it knows of.
 */
export const counterThrottle = async (
  client: ServiceClient,
  limit: RateLimitSettings,
  makeRequest: (index: number) => SendOptions,
  unknownGet: () => SendOptions,
): Promise<CounterThrottle | undefined> => {
  const windowMs = windowMsOf(limit);
  const activity = rateLimitTenantActivity();
  const since = activity.freshBurstStartedAt;
  if (since !== undefined && performance.now() < since + START_BEFORE_SHARE * windowMs)
    return {
      window: { limit: limit.requestsPerWindow, windowMs, freshFrom: since },
      burst: undefined,
    };
  // A fresh window of the counter's own: a whole window of silence, spent only within its budget.
  if (activity.counterWindows >= KIT_COUNTER_WINDOWS.read()) return undefined;
  activity.counterWindows += 1;
  if (activity.lastAnsweredAt === undefined)
    await sendBurst(client, unknownGet, { count: 1, onAnswer: () => undefined });
  const burst = await exhaustFromFreshWindow(client, limit, makeRequest);
  return {
    window: { limit: limit.requestsPerWindow, windowMs, freshFrom: burst.startedAt },
    burst,
  };
};

/**
 * One axis's stretch: the counted kind on even indexes, the probes on odd ones, until the stretch has
 * said what it can (counterDecided), twice the limit and a few more were sent, or the window's room ran
 * out. Every answer is kept: a stretch is at most a few thousand requests.
 */
export const sendCounterStretch = async (
  client: ServiceClient,
  window: CounterWindow,
  counted: (index: number) => SendOptions,
  probe: (index: number) => SendOptions,
): Promise<CounterRequest[]> => {
  const requests: CounterRequest[] = [];
  const concurrency = counterConcurrency(window, readTimeouts().roundTripMs);
  const stopAt = window.freshFrom + STOP_AT_SHARE * window.windowMs;
  let check = 0;
  await sendBurst(client, (index) => (index % 2 === 1 ? probe(index) : counted(index)), {
    count: 2 * window.limit + 4 * concurrency,
    concurrency,
    onAnswer: (answered) => requests.push(counterRequestOf(answered.index % 2 === 1, answered)),
    stopWhen: ({ answeredAt }) => {
      if (answeredAt >= stopAt) return true;
      if (requests.length < check) return false;
      check = nextCounterCheck(requests.length);
      return counterDecided(counterBound(requests, window), window);
    },
  });
  return requests;
};

/**
 * One axis sent: the tenant throttled (counterThrottle), then its stretch. A burst that met no 429 leaves
 * nothing to alternate with, and no stretch is sent (the judgement says so). Undefined: the counter's
 * budget of fresh windows (KIT_COUNTER_WINDOWS) was spent and nothing was sent.
 */
export const sendCounterAxis = async (
  client: ServiceClient,
  limit: RateLimitSettings,
  requests: {
    readonly counted: (index: number) => SendOptions;
    readonly probe: (index: number) => SendOptions;
    readonly unknownGet: () => SendOptions;
  },
): Promise<{ readonly requests: readonly CounterRequest[]; readonly window: CounterWindow } | undefined> => {
  const throttle = await counterThrottle(client, limit, requests.counted, requests.unknownGet);
  if (throttle === undefined) return undefined;
  const { window, burst } = throttle;
  if (burst !== undefined && burst.first429 === undefined) return { requests: [], window };
  return { requests: await sendCounterStretch(client, window, requests.counted, requests.probe), window };
};
