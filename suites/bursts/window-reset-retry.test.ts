/**
 * Kit tests of how RATE-LIMIT-WINDOW-RESET retries the refused POST (window-reset-retry.ts): until
 * served, never retried by the client itself, and for no longer than a window (and its margin) after
 * the last 429; and how much a burst right after is served.
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { SendOptions, ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import { rateLimitTenantActivity, silenceMarginMs, windowMsOf } from './rate-limit-burst.ts';
import { burstAfterComingBack, retryUntilServed, servedIn } from './window-reset-retry.ts';

const LIMIT = { requestsPerWindow: 10, windowSeconds: 0.2 };

const answer = (status: number): ServiceResponse =>
  ({ status, headers: {}, text: '{}', json: {}, exchange: undefined }) as unknown as ServiceResponse;

/** A client that answers each request by its place in the order received; it records what it was sent. */
const scriptedClient = (statusOf: (received: number) => number) => {
  const sent: SendOptions[] = [];
  const client = {
    send: async (options: SendOptions): Promise<ServiceResponse> => {
      sent.push(options);
      const status = statusOf(sent.length);
      await new Promise((resolve) => setImmediate(resolve));
      return answer(status);
    },
  } as unknown as ServiceClient;
  return { client, sent };
};

const refused: SendOptions = { method: 'POST', path: '/x', json: { externalId: 'e-1' } };

test('WINDOW-RESET-RETRY: the refused POST is retried as sent until served, and 429s are never retried by the client', async () => {
  const { client, sent } = scriptedClient((received) => (received <= 2 ? 429 : 201));
  const retried = await retryUntilServed(client, LIMIT, refused, performance.now());
  expect(retried.answer.status).toBe(201);
  expect(retried.retries).toBe(3);
  expect(retried.timed.map((r) => r.throttled)).toEqual([true, true, false]);
  expect(sent).toEqual([1, 2, 3].map(() => ({ ...refused, retryOn429: false })));
  expect(rateLimitTenantActivity().lastAnsweredAt).toBeGreaterThanOrEqual(retried.servedAt);
});

test('WINDOW-RESET-RETRY: a tenant still throttled is retried until a window and its margin have passed since the last 429', async () => {
  const { client } = scriptedClient(() => 429);
  const lastThrottledAt = performance.now();
  const retried = await retryUntilServed(client, LIMIT, refused, lastThrottledAt);
  expect(retried.answer.status).toBe(429);
  expect(performance.now()).toBeGreaterThanOrEqual(
    lastThrottledAt + windowMsOf(LIMIT) + silenceMarginMs(LIMIT),
  );
});

test('WINDOW-RESET-RETRY: a burst right after keeps every request as sent and answered, and stops at the first 429', async () => {
  const { client, sent } = scriptedClient((received) => (received <= 4 ? 404 : 429));
  const requests = await burstAfterComingBack(client, LIMIT, () => ({ method: 'GET', path: '/x/unknown' }));
  expect(servedIn(requests)).toBe(4);
  expect(requests.every((r) => r.probe && r.answeredAt >= r.sentAt)).toBe(true);
  // Stopped at the first 429: the lanes in flight then finish, and no more go out.
  expect(sent.length).toBeLessThan(1.5 * LIMIT.requestsPerWindow + 64);
  expect(requests.filter((r) => r.throttled).length).toBeGreaterThan(0);
});
