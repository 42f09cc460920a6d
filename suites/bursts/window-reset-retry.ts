/**
 * How RATE-LIMIT-WINDOW-RESET retries the POST refused with 429 (part 8: a client retries a 429 after
 * a delay): every twentieth of a window, until it is served or a window (and a margin) has passed since
 * the last 429; and, for the reading of the window only, how much a burst sent right after is served.
 * Send policy, no verdict: the oracle judges the answers (judgeServedAgain).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimitSettings } from '../../config/index.ts';
import type { SendOptions, ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import {
  noteWait,
  rateLimitTenantActivity,
  sendBurst,
  silenceMarginMs,
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
}

/** Retries `refused` (never retried on 429 by the client) until served or the window since `lastThrottledAt` is over. */
export const retryUntilServed = async (
  client: ServiceClient,
  limit: RateLimitSettings,
  refused: SendOptions,
  lastThrottledAt: number,
): Promise<Retried> => {
  const windowMs = windowMsOf(limit);
  const deadline = lastThrottledAt + windowMs + silenceMarginMs(limit);
  const retry = { ...refused, retryOn429: false };
  noteWait(deadline - performance.now(), 'at most, retrying the refused POST until the window ends');
  let answer: ServiceResponse | undefined;
  let retries = 0;
  let servedAt = 0;
  do {
    await sleep(windowMs / RETRIES_PER_WINDOW);
    servedAt = performance.now();
    answer = await client.send(retry);
    rateLimitTenantActivity().note(performance.now());
    retries += 1;
  } while (answer.status === 429 && performance.now() < deadline);
  return { answer, retries, servedAt };
};

/** Of a burst of up to the limit sent at once, how many were served before a 429. */
export const servedRightAfter = async (
  client: ServiceClient,
  limit: RateLimitSettings,
  makeRequest: (index: number) => SendOptions,
): Promise<number> => {
  let served = 0;
  await sendBurst(client, makeRequest, {
    count: limit.requestsPerWindow,
    stopAt429: true,
    onAnswer: ({ response }) => {
      if (response.status !== 429) served += 1;
    },
  });
  return served;
};
