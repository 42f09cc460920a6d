/**
 * Kit tests of the request pacer (request-pacer.ts): the spacing it keeps, the equal share of every
 * Playwright worker, and that it never lets a burst through. Exact checks run on a simulated clock;
 * the one check on the real clock measures ratios, which a busy machine does not break.
 */
import { availableParallelism } from 'node:os';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { BudgetCannotHold } from './budget-cannot-hold.ts';
import {
  LATEST_DEPARTURE_MS,
  type PacerClock,
  pacingIntervalMs,
  partOfShare,
  RequestPacer,
  runShareOfLimit,
  TogetherPacer,
  workerShareOfLimit,
} from './request-pacer.ts';
import { peakInAnySpan } from './slot-schedule.ts';

/** A clock that moves only when every sleeper is waiting: sleeps end in time order, exactly on time. */
class SimulatedClock implements PacerClock {
  #now = 0;
  #sleepers: { until: number; wake: () => void }[] = [];
  /** The part of every sleep cut short, to play a timer that fires early. */
  earlyFraction = 0;
  /** How late each sleep ends, to play a machine too busy to keep time. */
  lateBy: () => number = () => 0;

  now(): number {
    return this.#now;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((wake) => {
      this.#sleepers.push({ until: this.#now + ms * (1 - this.earlyFraction) + this.lateBy(), wake });
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

/** A share whose slots are `ms` apart (ten to a span). */
const every = (ms: number) => ({ perSpan: 10, spanMs: 10 * ms });

test('PACER: each worker gets an equal whole-number part, and the parts add up to at most the run share', () => {
  const share = runShareOfLimit(LIMIT);
  for (const workers of [1, 2, 3, DEFAULT_WORKERS, 4, 8, 16]) {
    const perWorker = workerShareOfLimit(LIMIT, workers);
    expect(Number.isInteger(perWorker), `${workers} workers`).toBe(true);
    expect(perWorker * workers, `${workers} workers`).toBeLessThanOrEqual(share);
    expect(perWorker * workers, `${workers} workers`).toBeGreaterThan(share - workers);
  }
  // Twice the workers, about twice the spacing; the window and the limit scale the spacing as they should.
  expect(pacingIntervalMs(LIMIT, 4) / pacingIntervalMs(LIMIT, 2)).toBeCloseTo(2, 9);
  expect(pacingIntervalMs({ ...LIMIT, requestsPerWindow: 2000 }, 2) / pacingIntervalMs(LIMIT, 2)).toBeCloseTo(
    0.5,
    9,
  );
  // No worker count divides by zero or goes negative.
  expect(pacingIntervalMs(LIMIT, 0)).toBe(pacingIntervalMs(LIMIT, 1));
  expect(() => new RequestPacer({ perSpan: Number.NaN, spanMs: 1000 })).toThrow(/whole number/);
});

test('PACER: concurrent callers get successive slots, one interval apart', async () => {
  const clock = new SimulatedClock();
  const pacer = new RequestPacer(every(10), clock);
  const sentAt: number[] = [];
  const calls = Array.from({ length: 6 }, () => pacer.take().then(() => sentAt.push(clock.now())));
  await clock.runUntil(1_000);
  await Promise.all(calls);
  expect(sentAt).toEqual([0, 10, 20, 30, 40, 50]);
});

test('PACER: an idle pacer saves nothing up, so no burst follows a pause', async () => {
  const clock = new SimulatedClock();
  const pacer = new RequestPacer(every(10), clock);
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
  const pacer = new RequestPacer(every(10), clock);
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
      const pacer = new RequestPacer(partOfShare(LIMIT, workers), clock);
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
      counts.reduce((most, c) => Math.max(most, c), 0) -
        counts.reduce((least, c) => Math.min(least, c), Number.POSITIVE_INFINITY),
      `${workers} workers: ${counts.join(', ')}`,
    ).toBeLessThanOrEqual(1);
    // Under the share in every window, to the request.
    const share = runShareOfLimit(LIMIT);
    expect(peakInAnySpan(sent.flat(), windowMs), `${workers} workers`).toBeLessThanOrEqual(share);
    // And the run used its share (less the send margin and the rounding): the pacing does not starve it.
    expect(sent.flat().length / (5 * share), `${workers} workers`).toBeGreaterThan(0.97);
  }
});

test('PACER: a worker woken late never sends outside its slot: no window holds more than its share', async () => {
  const clock = new SimulatedClock();
  // One sleep in three ends up to twice the allowed lateness late.
  let draws = 0;
  clock.lateBy = () => {
    draws += 1;
    return draws % 3 === 0 ? (draws * 7919) % (2 * LATEST_DEPARTURE_MS) : 0;
  };
  const limit = { requestsPerWindow: 60, windowSeconds: 5 };
  const pacer = new RequestPacer(partOfShare(limit, 1), clock);
  const sentAt: number[] = [];
  const end = 60_000;
  const loops = Array.from({ length: 4 }, async () => {
    for (;;) {
      await pacer.take();
      if (clock.now() >= end) return;
      sentAt.push(clock.now());
    }
  });
  await clock.runUntil(end + 10_000);
  await Promise.all(loops);
  expect(peakInAnySpan(sentAt, limit.windowSeconds * 1000)).toBeLessThanOrEqual(runShareOfLimit(limit));
  // A late wake-up costs its slot, not the budget: most slots are still used.
  const { perSpan, spanMs } = partOfShare(limit, 1);
  expect(sentAt.length).toBeGreaterThan(0.75 * (end / spanMs) * perSpan);
});

test('PACER: requests sent together share one slot of the schedule, and later ones are paced again', async () => {
  const clock = new SimulatedClock();
  const together = new TogetherPacer(new RequestPacer(every(10), clock), 3);
  const sentAt: number[] = [];
  const calls = Array.from({ length: 5 }, () => together.take().then(() => sentAt.push(clock.now())));
  await clock.runUntil(1_000);
  await Promise.all(calls);
  expect(sentAt).toEqual([0, 0, 0, 30, 40]);
  await expect(new TogetherPacer(new RequestPacer(every(100), clock), 20).take()).rejects.toThrow(
    BudgetCannotHold,
  );
  await expect(new RequestPacer(every(100), clock).take(0)).rejects.not.toThrow(BudgetCannotHold);
});

test('PACER: on the real clock, requests are spaced at least an interval apart and two pacers share evenly', async () => {
  const interval = 15;
  const pacer = new RequestPacer(every(interval));
  const start = performance.now();
  await Promise.all(Array.from({ length: 11 }, () => pacer.take()));
  const spread = (performance.now() - start) / (10 * interval);
  // Never faster than the interval (the pacer waits out early timers). How much slower a busy machine
  // makes it is no verdict of a kit test: the tests on a fake clock above pin the exact slots.
  expect(spread).toBeGreaterThanOrEqual(1);

  const counts = [0, 0];
  const until = performance.now() + 40 * interval;
  await Promise.all(
    counts.map(async (_, i) => {
      const own = new RequestPacer(every(interval));
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
