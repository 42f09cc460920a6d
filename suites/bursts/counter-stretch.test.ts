/**
 * The counter's send policy: an axis whose stretch could say nothing is sent again, from a fresh
 * window, a bounded number of times; the first verdict, either way, ends the attempts.
 */
import { expect, test } from '@playwright/test';
import { POOL_CONNECTIONS } from '../fixtures/traffic.ts';
import {
  COUNTER_ATTEMPTS,
  COUNTER_CONCURRENCY,
  counterConcurrency,
  MAX_COUNTER_CONCURRENCY,
  untilEstablished,
} from './counter-stretch.ts';

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
