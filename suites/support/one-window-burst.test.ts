/**
 * Kit tests of the second burst (one-window-burst.ts): a conforming window aligned to the clock whose
 * boundary fell inside the first burst passes; a limiter 10 % loose is judged and breaks the bound; a
 * token bucket's refill needs no second burst.
 */
import { expect, test } from '@playwright/test';
import { judgeServedWithinOneWindow } from '../../oracle/index.ts';
import { burstWithinOneWindow } from './one-window-burst.ts';
import { exhaustBudget, rateLimitTenantActivity } from './rate-limit-burst.ts';
import type { SendOptions, ServiceClient, ServiceResponse } from './service-client.ts';

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

test('ONE-WINDOW: a window aligned to the clock whose boundary fell inside the first burst is told apart, and passes', async () => {
  fresh();
  // The boundary after the fifth request: 4 served before it, 10 more after.
  const client = alignedWindowClient(10);
  const first = await exhaustBudget(client, LIMIT, post);
  expect(first.admitted).toBeGreaterThan(10);
  const outcome = await burstWithinOneWindow(first, LIMIT, () => exhaustBudget(client, LIMIT, post));
  expect(outcome.kind).toBe('judged');
  if (outcome.kind !== 'judged') return;
  expect(outcome.served).toBeLessThanOrEqual(10);
  expect(judgeServedWithinOneWindow(outcome, 10, WINDOW_MS)).toEqual([]);
});

test('ONE-WINDOW: a limiter that lets 10 % more through is judged on the second burst, and breaks the bound', async () => {
  fresh();
  const client = firstRequestWindowClient(11);
  const first = await exhaustBudget(client, LIMIT, post);
  expect(first.admitted).toBe(11);
  const outcome = await burstWithinOneWindow(first, LIMIT, () => exhaustBudget(client, LIMIT, post));
  expect(outcome.kind).toBe('judged');
  if (outcome.kind !== 'judged') return;
  expect(outcome.served).toBe(11);
  expect(judgeServedWithinOneWindow(outcome, 10, WINDOW_MS).map((v) => v.rule)).toEqual(['RATE-LIMIT-429']);
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
