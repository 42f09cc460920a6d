/**
 * How RATE-LIMIT-WINDOW-RESET retries the POST refused with 429 (part 8: a client retries a 429 after
 * a delay): every twentieth of a window, until it is served or a window (and a margin) has passed since
 * the last 429; and a burst sent right after, which shows how much of the window came back (the reading
 * of the window) and whether a kind of request is given back (the counter when the window comes back,
 * oracle/rate-limit-counter.ts). Send policy, no verdict: the oracle judges the answers.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimitSettings } from '../../config/index.ts';
import { type CounterRequest, counterRequestOf } from '../../oracle/index.ts';
import type { SendOptions, ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import {
  burstLanes,
  noteWait,
  rateLimitTenantActivity,
  type SentRequest,
  sendBurst,
  silenceMarginMs,
  throttleNow,
  windowMsOf,
} from './rate-limit-burst.ts';

/** Retries in a window: often enough to see capacity come back, few enough to spend little of it. */
export const RETRIES_PER_WINDOW = 20;

export interface Retried {
  /** The last retry's answer: served, or still 429 when the window passed. */
  readonly answer: ServiceResponse;
  readonly retries: number;
  /** When the last retry went out (monotonic ms). */
  readonly servedAt: number;
  /** Every retry, as sent and answered (the refused ones before it came back, and the last). */
  readonly timed: readonly CounterRequest[];
}

/** Retries `refused` (never retried on 429 by the client) until served or the window since `lastThrottledAt` is over. */
export const retryUntilServed = async (
  client: ServiceClient,
  limit: RateLimitSettings,
  refused: SendOptions,
  lastThrottledAt: number,
  what = 'the refused POST',
): Promise<Retried> => {
  const windowMs = windowMsOf(limit);
  const deadline = lastThrottledAt + windowMs + silenceMarginMs(limit);
  const retry = { ...refused, retryOn429: false };
  noteWait(deadline - performance.now(), `at most, retrying ${what} until the window ends`);
  let answer: ServiceResponse | undefined;
  let retries = 0;
  let servedAt = 0;
  const timed: CounterRequest[] = [];
  do {
    await sleep(windowMs / RETRIES_PER_WINDOW);
    servedAt = performance.now();
    answer = await client.send(retry);
    const answeredAt = performance.now();
    rateLimitTenantActivity().note(answeredAt);
    timed.push(counterRequestOf(false, { sentAt: servedAt, answeredAt, response: answer }));
    retries += 1;
  } while (answer.status === 429 && performance.now() < deadline);
  return { answer, retries, servedAt, timed };
};

/**
 * Right after the tenant is served again: requests sent at once until one is refused (at most one and
 * a half times the limit and a few more, which a kind given back once answered reaches), each kept as
 * sent and answered.
 */
export const burstAfterComingBack = async (
  client: ServiceClient,
  limit: RateLimitSettings,
  makeRequest: (index: number) => SendOptions,
  onAnswer: (answered: SentRequest) => void = () => {},
): Promise<CounterRequest[]> => {
  const requests: CounterRequest[] = [];
  const lanes = burstLanes(limit);
  await sendBurst(client, makeRequest, {
    count: Math.ceil(1.5 * limit.requestsPerWindow) + 2 * lanes,
    concurrency: lanes,
    stopAt429: true,
    onAnswer: (answered) => {
      requests.push(counterRequestOf(true, answered));
      onAnswer(answered);
    },
  });
  return requests;
};

/** How many of the requests were served (not refused with 429): how much of the window came back. */
export const servedIn = (requests: readonly CounterRequest[]): number =>
  requests.filter((request) => !request.throttled).length;

/** Keeps the last time the window came back (the refused request, the retries, the burst after) for the counter. */
export const noteCameBack = (requests: readonly CounterRequest[]): void => {
  rateLimitTenantActivity().cameBack = { requests, endedAt: performance.now() };
};

/**
 * The window coming back: RATE-LIMIT-WINDOW-RESET's when it ended less than half a window ago, or one of
 * the check's own: the tenant throttled by `counted`, the refused one retried until served, then a burst
 * of `probes` at once. Empty when the tenant could not be throttled.
 */
export const recentOrOwnComingBack = async (
  client: ServiceClient,
  limit: RateLimitSettings,
  counted: (index: number) => SendOptions,
  probes: (index: number) => SendOptions,
): Promise<readonly CounterRequest[]> => {
  const last = rateLimitTenantActivity().cameBack;
  if (last && performance.now() < last.endedAt + windowMsOf(limit) / 2) return last.requests;
  const throttling = await throttleNow(client, limit, counted);
  const refused = throttling.answers.first429;
  if (!refused) return [];
  const retried = await retryUntilServed(client, limit, refused.request, throttling.lastAnsweredAt);
  const requests = [
    counterRequestOf(false, refused),
    ...retried.timed,
    ...(await burstAfterComingBack(client, limit, probes)),
  ];
  noteCameBack(requests);
  return requests;
};
