/**
 * How RATE-LIMIT-PER-TENANT sends another tenant's one request while the rate-limit tenant is
 * throttled: inside a stream of the throttled tenant's requests that goes on until that request has
 * answered, so that the throttled tenant meets a 429 while it is in flight. Only the stream's answers
 * that came after that request left can overlap it: those are kept, with counts of the whole stream.
 * Send policy, no verdict: the oracle judges what overlapped (judgeOtherTenantServed).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimitSettings } from '../../config/index.ts';
import { BurstTally } from '../../oracle/index.ts';
import type { SendOptions, ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import { type SentRequest, sendBurst } from './rate-limit-burst.ts';

/** A lead the stream gets before the other request leaves, so that it is under way by then. */
const STREAM_LEAD_MS = 5;

export interface AskedMeanwhile<T> {
  /** The other tenant's answer. */
  readonly answer: T;
  /** When the other request left and when its answer came (monotonic ms). */
  readonly inFlight: { readonly from: number; readonly to: number };
  /** The stream's answers that came after the other request left. */
  readonly late: readonly SentRequest[];
  readonly streamed: BurstTally<ServiceResponse, SentRequest>;
}

/** Sends `ask` inside a stream of `makeRequest` from `client`; rejects as `ask` does, once the stream has ended. */
export const askDuringStream = async <T>(
  client: ServiceClient,
  limit: RateLimitSettings,
  makeRequest: (index: number) => SendOptions,
  ask: () => Promise<T>,
): Promise<AskedMeanwhile<T>> => {
  let otherSentAt: number | undefined;
  const streamed = new BurstTally<ServiceResponse, SentRequest>(limit.requestsPerWindow);
  const late: SentRequest[] = [];
  // The stream ends when the other request has, not after a count: a small limit's count (21 at 10
  // a window) was sent and answered before that request left, and the check was inconclusive.
  let otherEndedAt: number | undefined;
  const stream = sendBurst(client, makeRequest, {
    count: Number.POSITIVE_INFINITY,
    onAnswer: (answered) => {
      streamed.add(answered);
      if (otherSentAt !== undefined && answered.answeredAt >= otherSentAt) late.push(answered);
    },
    stopWhen: (answered) => otherEndedAt !== undefined && answered.sentAt > otherEndedAt,
  });
  await sleep(STREAM_LEAD_MS);
  const from = performance.now();
  otherSentAt = from;
  const asked = await ask().then(
    (answer) => ({ answer }),
    (error: unknown) => ({ error }),
  );
  const to = performance.now();
  otherEndedAt = to;
  await stream;
  if ('error' in asked) throw asked.error;
  return { answer: asked.answer, inFlight: { from, to }, late, streamed };
};
