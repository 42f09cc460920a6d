/**
 * A PUT sent while the rate-limit tenant is throttled, and the read that shows whether it was applied
 * (oracle/throttled-write.ts judges): the PUT changes the amount of an event the
 * tenant's bursts created; the read is the first request of the burst sent once the tenant is served
 * again, so it spends nothing the burst does not count, and, when that one was refused too (a limiter whose
 * capacity comes back bit by bit), it is retried until served. Send policy, no verdict.
 */

import type { RateLimitSettings } from '../../config/index.ts';
import {
  type HttpAnswer,
  isPlainObject,
  type Judgement,
  judgementOf,
  judgeThrottledPutUnapplied,
  type ThrottledPut,
} from '../../oracle/index.ts';
import { eventPath } from '../../spec/index.ts';
import type { EventBody } from '../samples/sample-events.ts';
import type { SendOptions, ServiceClient } from '../transport/service-client.ts';
import { rateLimitTenantActivity, type SentRequest } from './rate-limit-burst.ts';
import { retryUntilServed } from './window-reset-retry.ts';

/** Amounts no valid event of the kit's is likely to hold already; the first the event does not hold is sent. */
const THROTTLED_PUT_AMOUNTS = [4290, 4291] as const;

/**
 * What the PUT changes: the amount alone. Not the status: what moves a status is not shown, and a
 * deployment that books events on its own would show the PUT's status without having applied it.
 */
const throttledChangesOf = (event: EventBody): Record<string, string | number> => ({
  amount: THROTTLED_PUT_AMOUNTS.find((candidate) => candidate !== event.amount) ?? 4290,
});

/** The PUT sent while throttled, and, once served again, the event read back. */
export interface ThrottledPutProbe {
  /** When the tenant's last 429 came: the PUT's, when it was refused. */
  readonly lastThrottledAt: number;
  /** The requests of the burst after coming back: the event's read first. */
  readonly withReadFirst: (makeRequest: (index: number) => SendOptions) => (index: number) => SendOptions;
  /** Hands the burst's answers over; keeps the read's. */
  readonly onAnswer: (answered: SentRequest) => void;
  /** When the PUT was refused and the read was not served in the burst: the read retried until served. */
  readonly readUntilServed: (client: ServiceClient, limit: RateLimitSettings) => Promise<void>;
  /** RATE-LIMIT-429: a PUT answered 429 left the event as it was (nothing judged without both answers). */
  readonly judged: () => Judgement;
}

const NOTHING_TO_JUDGE: ThrottledPutProbe = {
  lastThrottledAt: 0,
  withReadFirst: (makeRequest) => makeRequest,
  onAnswer: () => {},
  readUntilServed: async () => {},
  judged: () => judgementOf([], undefined, []),
};

/** The uuid of the event the tenant's bursts created first, and the event as sent. */
const createdEvent = (): { readonly uuid: string; readonly event: EventBody } | undefined => {
  const created = rateLimitTenantActivity().created;
  const uuid = isPlainObject(created?.response.json) ? created.response.json.uuid : undefined;
  return typeof uuid === 'string' && created !== undefined
    ? { uuid, event: created.request.json as EventBody }
    : undefined;
};

/** Sends the PUT now (the tenant just throttled, `lastThrottledAt` its last 429). */
export const putWhileThrottled = async (
  client: ServiceClient,
  lastThrottledAt: number,
): Promise<ThrottledPutProbe> => {
  const stored = createdEvent();
  if (stored === undefined) return { ...NOTHING_TO_JUDGE, lastThrottledAt };
  const changes = throttledChangesOf(stored.event);
  const path = eventPath(stored.uuid);
  const answer = await client.send({
    method: 'PUT',
    path,
    json: { ...stored.event, ...changes },
    retryOn429: false,
  });
  const answeredAt = performance.now();
  rateLimitTenantActivity().note(answeredAt);
  const put: ThrottledPut = { answer, changes };
  const read: SendOptions = { method: 'GET', path };
  let readBack: HttpAnswer | undefined;
  return {
    lastThrottledAt: answer.status === 429 ? answeredAt : lastThrottledAt,
    withReadFirst: (makeRequest) => (index) => (index === 0 ? read : makeRequest(index)),
    onAnswer: (answered) => {
      if (answered.request === read) readBack = answered.response;
    },
    readUntilServed: async (again, limit) => {
      if (answer.status !== 429 || readBack?.status === 200) return;
      readBack = (await retryUntilServed(again, limit, read, performance.now(), 'the read of the event'))
        .answer;
    },
    judged: () =>
      readBack === undefined
        ? judgementOf([], undefined, [])
        : judgeThrottledPutUnapplied(put, readBack, stored.event as Record<string, unknown>),
  };
};
