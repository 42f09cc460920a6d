/**
 * The counter's send policy: an axis whose stretch could say nothing is sent again, from a fresh
 * window, a bounded number of times; the first verdict, either way, ends the attempts.
 */

import { KIT_COUNTER_WINDOWS } from '../../config/settings/index.ts';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { POOL_CONNECTIONS } from '../fixtures/traffic.ts';
import type { SendOptions, ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import {
  COUNTER_ATTEMPTS,
  COUNTER_CONCURRENCY,
  counterConcurrency,
  MAX_COUNTER_CONCURRENCY,
  sendCounterAxis,
  startAxisTally,
  talliedAxes,
  untilEstablished,
} from './counter-stretch.ts';
import { rateLimitTenantActivity } from './rate-limit-burst.ts';

const attempts = (outcomes: readonly ('violated' | 'held' | 'unsaid')[]) => {
  let sent = 0;
  const attempt = async () => {
    const outcome = outcomes[Math.min(sent, outcomes.length - 1)];
    sent += 1;
    return outcome === 'unsaid'
      ? { outcome, notEstablished: { kind: 'inconclusive', reason: 'probes too slow' } }
      : { outcome };
  };
  return { attempt, sent: () => sent };
};

test('COUNTER ATTEMPTS: a verdict ends the attempts, held or violated, at the first that gives one', async () => {
  for (const outcome of ['held', 'violated'] as const) {
    const first = attempts([outcome]);
    expect((await untilEstablished(first.attempt)).outcome).toBe(outcome);
    expect(first.sent()).toBe(1);
    const later = attempts(['unsaid', outcome]);
    expect((await untilEstablished(later.attempt)).outcome).toBe(outcome);
    expect(later.sent()).toBe(2);
  }
});

test('COUNTER ATTEMPTS: an axis that never says anything is sent COUNTER_ATTEMPTS times and stays not established', async () => {
  const never = attempts(['unsaid']);
  const judgement = await untilEstablished(never.attempt);
  expect(judgement.notEstablished).toEqual({ kind: 'inconclusive', reason: 'probes too slow' });
  expect(never.sent()).toBe(COUNTER_ATTEMPTS);
  expect(COUNTER_ATTEMPTS).toBeGreaterThan(1);
});

test('COUNTER LANES: a near deployment gets the few lanes; a far one as many as send five limits a window, within a bound', () => {
  expect(counterConcurrency({ limit: 50, windowMs: 2_000 }, 14)).toBe(COUNTER_CONCURRENCY);
  expect(counterConcurrency({ limit: 50, windowMs: 2_000 }, undefined)).toBe(COUNTER_CONCURRENCY);
  // The spec's 1000 a minute, 4 s away: 5000 a minute is 83 a second, 334 in flight at 4 s each.
  expect(counterConcurrency({ limit: 1_000, windowMs: 60_000 }, 4_000)).toBe(334);
  expect(counterConcurrency({ limit: 100_000, windowMs: 60_000 }, 4_000)).toBe(MAX_COUNTER_CONCURRENCY);
});

test('COUNTER LANES: a worker’s connection pool holds every lane the counter may keep in flight, so none waits in the pool', () => {
  expect(POOL_CONNECTIONS).toBeGreaterThanOrEqual(MAX_COUNTER_CONCURRENCY);
  expect(counterConcurrency({ limit: 1_000, windowMs: 60_000 }, 30_000)).toBeLessThanOrEqual(
    POOL_CONNECTIONS,
  );
});

test('COUNTER BUDGET: an axis that needs a fresh window beyond KIT_COUNTER_WINDOWS sends nothing; the tally says what the checks took', async () => {
  const limit = { requestsPerWindow: 4, windowSeconds: 0.2 };
  let sent = 0;
  let count = 0;
  const client = {
    send: async (_options: SendOptions): Promise<ServiceResponse> => {
      sent += 1;
      count += 1;
      return {
        status: count > limit.requestsPerWindow ? 429 : 201,
        headers: {},
        json: {},
      } as unknown as ServiceResponse;
    },
  } as unknown as ServiceClient;
  const requests = {
    counted: (): SendOptions => ({ method: 'POST', path: '/x', json: {} }),
    probe: (): SendOptions => ({ method: 'GET', path: '/x' }),
    unknownGet: (): SendOptions => ({ method: 'GET', path: '/y' }),
  };
  const activity = rateLimitTenantActivity();
  activity.lastAnsweredAt = undefined;
  activity.freshBurstStartedAt = undefined;
  activity.counterWindows = 0;
  try {
    KIT_COUNTER_WINDOWS.write('1');
    const tally = startAxisTally();
    // The first axis takes the one fresh window the budget allows: it is sent.
    expect(await sendCounterAxis(client, limit, requests)).toBeDefined();
    expect(sent).toBeGreaterThan(limit.requestsPerWindow);
    // Once that window is too old to start in, the next axis would need another: nothing is sent.
    activity.freshBurstStartedAt = performance.now() - 1000 * limit.windowSeconds;
    const before = sent;
    expect(await sendCounterAxis(client, limit, requests)).toBeUndefined();
    expect(sent).toBe(before);
    expect(talliedAxes(tally)).toEqual({ sent: 0, unsent: 0, windows: 1, budget: 1 });
    KIT_COUNTER_WINDOWS.write('0');
    expect(talliedAxes(startAxisTally()).budget).toBe(0);
  } finally {
    KIT_COUNTER_WINDOWS.write(undefined);
    activity.counterWindows = 0;
  }
});
