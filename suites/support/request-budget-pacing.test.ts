/**
 * Kit tests of the request pacer (request-pacer.ts): the spacing it keeps, the equal share of every
 * Playwright worker, and that it never lets a burst through. Exact checks run on a simulated clock;
 * the one check on the real clock measures ratios, which a busy machine does not break.
 */
import { availableParallelism } from 'node:os';
import { expect, test } from '@playwright/test';
import {
  type PacerClock,
  pacingIntervalMs,
  RequestPacer,
  RUN_SHARE_OF_LIMIT,
  workerShareOfLimit,
} from './request-pacer.ts';

/** A clock that moves only when every sleeper is waiting: sleeps end in time order, exactly on time. */
class SimulatedClock implements PacerClock {
  #now = 0;
  #sleepers: { until: number; wake: () => void }[] = [];
  /** The part of every sleep cut short, to play a timer that fires early. */
  earlyFraction = 0;

  now(): number {
    return this.#now;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((wake) => {
      this.#sleepers.push({ until: this.#now + ms * (1 - this.earlyFraction), wake });
    });
  }

  /** Runs until `end`, waking sleepers in order and letting their continuations run in between. */
  async runUntil(end: number): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      this.#sleepers.sort((a, b) => a.until - b.until);
      const next = this.#sleepers[0];
      if (!next || next.until > end) break;
      this.#sleepers.shift();
      this.#now = Math.max(this.#now, next.until);
      next.wake();
    }
    this.#now = Math.max(this.#now, end);
  }
}

const LIMIT = { requestsPerWindow: 1000, windowSeconds: 60 };

/** Playwright's own default: half the logical CPUs, at least one. */
const DEFAULT_WORKERS = Math.max(1, Math.floor(availableParallelism() / 2));

test('PACER: each worker gets an equal share, and the shares add up to the run share of the limit', () => {
  for (const workers of [1, 2, 3, DEFAULT_WORKERS, 4, 8, 16]) {
    const perWorker = workerShareOfLimit(LIMIT, workers);
    expect(perWorker * workers, `${workers} workers`).toBeCloseTo(
      LIMIT.requestsPerWindow * RUN_SHARE_OF_LIMIT,
      9,
    );
    // The interval is the window over the worker's share: the rate of all workers is the run's share.
    const interval = pacingIntervalMs(LIMIT, workers);
    const runRatePerWindow = (workers * LIMIT.windowSeconds * 1000) / interval;
    expect(
      runRatePerWindow / (LIMIT.requestsPerWindow * RUN_SHARE_OF_LIMIT),
      `${workers} workers`,
    ).toBeCloseTo(1, 9);
  }
  // Twice the workers, twice the spacing; the window and the limit scale the spacing as they should.
  expect(pacingIntervalMs(LIMIT, 4) / pacingIntervalMs(LIMIT, 2)).toBeCloseTo(2, 9);
  expect(pacingIntervalMs({ ...LIMIT, windowSeconds: 5 }, 2) / pacingIntervalMs(LIMIT, 2)).toBeCloseTo(
    5 / 60,
    9,
  );
  expect(pacingIntervalMs({ ...LIMIT, requestsPerWindow: 2000 }, 2) / pacingIntervalMs(LIMIT, 2)).toBeCloseTo(
    0.5,
    9,
  );
  // No worker count divides by zero or goes negative.
  expect(pacingIntervalMs(LIMIT, 0)).toBe(pacingIntervalMs(LIMIT, 1));
  expect(() => new RequestPacer(Number.NaN)).toThrow(/finite/);
});

test('PACER: concurrent callers get successive slots, one interval apart', async () => {
  const clock = new SimulatedClock();
  const pacer = new RequestPacer(10, clock);
  const sentAt: number[] = [];
  const calls = Array.from({ length: 6 }, () => pacer.take().then(() => sentAt.push(clock.now())));
  await clock.runUntil(1_000);
  await Promise.all(calls);
  expect(sentAt).toEqual([0, 10, 20, 30, 40, 50]);
});

test('PACER: an idle pacer saves nothing up, so no burst follows a pause', async () => {
  const clock = new SimulatedClock();
  const pacer = new RequestPacer(10, clock);
  await pacer.take();
  await clock.runUntil(500);
  const sentAt: number[] = [];
  const calls = Array.from({ length: 4 }, () => pacer.take().then(() => sentAt.push(clock.now())));
  await clock.runUntil(1_000);
  await Promise.all(calls);
  expect(sentAt).toEqual([500, 510, 520, 530]);
});

test('PACER: a timer that fires early does not let a request out before its slot', async () => {
  const clock = new SimulatedClock();
  clock.earlyFraction = 0.4;
  const pacer = new RequestPacer(10, clock);
  const sentAt: number[] = [];
  const calls = Array.from({ length: 5 }, () => pacer.take().then(() => sentAt.push(clock.now())));
  await clock.runUntil(1_000);
  await Promise.all(calls);
  sentAt.forEach((at, i) => {
    expect(at, `request ${i}`).toBeGreaterThanOrEqual(i * 10);
  });
});

test('PACER: workers that all want more than their share stay under the run share in every window', async () => {
  for (const workers of [1, 2, DEFAULT_WORKERS, 5, 8]) {
    const clock = new SimulatedClock();
    const windowMs = LIMIT.windowSeconds * 1000;
    const interval = pacingIntervalMs(LIMIT, workers);
    const sent: number[][] = Array.from({ length: workers }, () => []);
    const end = 5 * windowMs;
    // Every worker has its own pacer and sends as fast as its pacer lets it, for five windows.
    const loops = sent.map(async (log) => {
      const pacer = new RequestPacer(interval, clock);
      for (;;) {
        await pacer.take();
        if (clock.now() >= end) return;
        log.push(clock.now());
      }
    });
    await clock.runUntil(end + interval);
    await Promise.all(loops);
    const counts = sent.map((log) => log.length);
    // Fair: no worker sends more than one request more than another.
    expect(
      Math.max(...counts) - Math.min(...counts),
      `${workers} workers: ${counts.join(', ')}`,
    ).toBeLessThanOrEqual(1);
    // Under the share in every span of one window (each worker may add one at the span's edge).
    const all = sent.flat().sort((a, b) => a - b);
    let most = 0;
    for (let first = 0, last = 0; last < all.length; last += 1) {
      while ((all[first] as number) <= (all[last] as number) - windowMs) first += 1;
      most = Math.max(most, last - first + 1);
    }
    const share = LIMIT.requestsPerWindow * RUN_SHARE_OF_LIMIT;
    expect(most, `${workers} workers`).toBeLessThanOrEqual(share + workers);
    expect(most, `${workers} workers`).toBeLessThan(LIMIT.requestsPerWindow);
    // And the run used its share: the pacing does not starve it either.
    expect(all.length / (5 * share), `${workers} workers`).toBeGreaterThan(0.99);
  }
});

test('PACER: on the real clock, requests are spaced at least an interval apart and two pacers share evenly', async () => {
  const interval = 15;
  const pacer = new RequestPacer(interval);
  const start = performance.now();
  await Promise.all(Array.from({ length: 11 }, () => pacer.take()));
  const spread = (performance.now() - start) / (10 * interval);
  // Never faster than the interval (the pacer waits out early timers); a busy machine may make it
  // slower, so the upper bound only catches a gross error (seconds for milliseconds, a doubled wait).
  expect(spread).toBeGreaterThanOrEqual(1);
  expect(spread).toBeLessThan(10);

  const counts = [0, 0];
  const until = performance.now() + 40 * interval;
  await Promise.all(
    counts.map(async (_, i) => {
      const own = new RequestPacer(interval);
      for (;;) {
        await own.take();
        if (performance.now() >= until) return;
        counts[i] = (counts[i] as number) + 1;
      }
    }),
  );
  const [a, b] = counts as [number, number];
  expect(Math.min(a, b) / Math.max(a, b), `${a} and ${b} requests`).toBeGreaterThan(0.8);
});
