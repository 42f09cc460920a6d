/**
 * Kit tests of the second burst (one-window-burst.ts): a window aligned to the clock whose boundary
 * fell inside the first burst is read as such; a limiter 10 % loose serves more again, read as a
 * bucket refilled in steps or a limit above the stated one (an observation, not a verdict); the limit
 * served needs no second burst.
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { SendOptions, ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import { burstWithinOneWindow } from './one-window-burst.ts';
import { exhaustBudget, rateLimitTenantActivity } from './rate-limit-burst.ts';
import { readingOfSecondBurst } from './rate-limit-reading.ts';

// Two seconds: the second burst waits a window and half a second of margin, and must end within two.
const LIMIT = { requestsPerWindow: 10, windowSeconds: 2 };
const WINDOW_MS = 2_000;

const answer = (status: number): ServiceResponse =>
  ({ status, headers: {}, text: '{}', json: {}, exchange: undefined }) as unknown as ServiceResponse;

/**
 * A fixed window of `capacity` requests aligned to a clock: its boundaries fall at the moment of the
 * tenant's fifth request and every window after (so that one falls inside the first burst).
 */
const alignedWindowClient = (capacity: number): ServiceClient => {
  const counts = new Map<number, number>();
  let boundary: number | undefined;
  let sent = 0;
  return {
    send: async (_options: SendOptions): Promise<ServiceResponse> => {
      await new Promise((resolve) => setImmediate(resolve));
      sent += 1;
      if (sent === 5) boundary = performance.now();
      const window = boundary === undefined ? -1 : Math.floor((performance.now() - boundary) / WINDOW_MS);
      const used = counts.get(window) ?? 0;
      if (used >= capacity) return answer(429);
      counts.set(window, used + 1);
      return answer(201);
    },
  } as unknown as ServiceClient;
};

/** A fixed window started by the tenant's first request, of `capacity` requests. */
const firstRequestWindowClient = (capacity: number): ServiceClient => {
  let start: number | undefined;
  let used = 0;
  return {
    send: async (): Promise<ServiceResponse> => {
      await new Promise((resolve) => setImmediate(resolve));
      const now = performance.now();
      if (start === undefined || now - start >= WINDOW_MS) {
        start = now;
        used = 0;
      }
      if (used >= capacity) return answer(429);
      used += 1;
      return answer(201);
    },
  } as unknown as ServiceClient;
};

const post = (): SendOptions => ({ method: 'POST', path: '/x', json: {} });

const fresh = (): void => {
  const activity = rateLimitTenantActivity();
  activity.lastAnsweredAt = undefined;
  activity.lastExhaustion = undefined;
  activity.freshnessUnknown = false;
};

test.describe.configure({ mode: 'serial' });

/** The second burst's figures and reading, for a tenant behind `client`. */
const secondBurstOf = async (client: ServiceClient) => {
  fresh();
  const first = await exhaustBudget(client, LIMIT, post);
  const outcome = await burstWithinOneWindow(first, LIMIT, () => exhaustBudget(client, LIMIT, post));
  return { first, outcome };
};

test('ONE-WINDOW: a window aligned to the clock whose boundary fell inside the first burst is read as such', async () => {
  // The boundary after the fifth request: 4 served before it, 10 more after.
  const { first, outcome } = await secondBurstOf(alignedWindowClient(10));
  expect(first.admitted).toBeGreaterThan(10);
  expect(outcome.kind).toBe('measured');
  if (outcome.kind !== 'measured') return;
  expect(outcome.served).toBeLessThanOrEqual(outcome.most);
  expect(readingOfSecondBurst({ ...outcome, limit: 10 })).toMatch(/a fixed window aligned to the clock$/);
});

test('ONE-WINDOW: a limiter 10 % loose serves more again, read as a bucket refilled in steps or a limit above the stated one', async () => {
  // Which of the two it is no burst can tell: a bucket refilled in steps may have a step land inside
  // any burst, so the reading is an observation, never a verdict.
  const { first, outcome } = await secondBurstOf(firstRequestWindowClient(11));
  expect(first.admitted).toBe(11);
  expect(outcome.kind).toBe('measured');
  if (outcome.kind !== 'measured') return;
  expect(outcome.served).toBe(11);
  expect(outcome.served).toBeGreaterThan(outcome.most);
  expect(readingOfSecondBurst({ ...outcome, limit: 10 })).toMatch(
    /a token bucket that refills in steps, or a limit above the one stated$/,
  );
});

test('ONE-WINDOW: the limit served, or no more than a token bucket refills, asks for no second burst', async () => {
  fresh();
  const first = await exhaustBudget(firstRequestWindowClient(10), LIMIT, post);
  let sentAgain = false;
  const outcome = await burstWithinOneWindow(first, LIMIT, async () => {
    sentAgain = true;
    return first;
  });
  expect(outcome).toEqual({ kind: 'within' });
  expect(sentAgain).toBe(false);
});
