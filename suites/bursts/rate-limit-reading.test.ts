/**
 * Kit tests of what the @ratelimit checks conclude (rate-limit-reading.ts and the oracle's bound,
 * oracle/rate-limit-bound.ts), against small models of
 * the readings of part 8's window written here (the kit's reading of the spec does not import the
 * reference server's): a burst from a fresh window is served the whole limit under every reading, no
 * reading serves more than the bound the checks assert, and the readings are told apart as stated.
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { maxAdmittedInBurst } from '../../oracle/index.ts';
import {
  maxAdmittedWithinOneWindow,
  noBoundaryInside,
  readingOfBurst,
  readingOfRecovery,
} from './rate-limit-reading.ts';

/** Admits (true) or refuses (false) a request at `at` ms; requests come in time order. */
type Limiter = (at: number) => boolean;

const fixedWindow = (limit: number, windowMs: number, alignedToClock: boolean): Limiter => {
  let start = Number.NEGATIVE_INFINITY;
  let count = 0;
  return (at) => {
    const expired = alignedToClock ? Math.floor(at / windowMs) * windowMs !== start : at - start >= windowMs;
    if (expired) {
      start = alignedToClock ? Math.floor(at / windowMs) * windowMs : at;
      count = 0;
    }
    if (count >= limit) return false;
    count += 1;
    return true;
  };
};

const slidingWindow = (limit: number, windowMs: number): Limiter => {
  const admitted: number[] = [];
  return (at) => {
    while (admitted.length > 0 && at - (admitted[0] as number) >= windowMs) admitted.shift();
    if (admitted.length >= limit) return false;
    admitted.push(at);
    return true;
  };
};

const tokenBucket = (limit: number, windowMs: number): Limiter => {
  let tokens = limit;
  let last = Number.NEGATIVE_INFINITY;
  return (at) => {
    tokens = Math.min(limit, tokens + (Number.isFinite(last) ? ((at - last) * limit) / windowMs : limit));
    last = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
};

const LIMIT = 100;
const WINDOW = 1_000;

const readings: Record<string, () => Limiter> = {
  'fixed window started by the first request': () => fixedWindow(LIMIT, WINDOW, false),
  'fixed window aligned to the clock': () => fixedWindow(LIMIT, WINDOW, true),
  'sliding window': () => slidingWindow(LIMIT, WINDOW),
  'token bucket': () => tokenBucket(LIMIT, WINDOW),
};

let seed = 11;
const random = (): number => {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
};

/** A history of earlier traffic, a whole window of silence, then a burst: what the checks do. */
const afterSilence = (limiter: Limiter, historyEnd: number): number => {
  const history = Array.from({ length: 3 * LIMIT }, () => historyEnd - random() * 2 * WINDOW);
  for (const at of history.sort((a, b) => a - b)) limiter(at);
  return historyEnd + WINDOW;
};

test('RATE-LIMIT-READING: after a whole window of silence every reading serves the limit, in any burst', () => {
  // The rounds that refused any, named, in one expect (an expect a round, each a reported step, cost
  // more CPU than the rounds).
  const refusing: string[] = [];
  for (const [name, make] of Object.entries(readings)) {
    for (let round = 0; round < 50; round += 1) {
      const limiter = make();
      const start = afterSilence(limiter, 5_000 + random() * 3_000);
      const duration = random() * 2 * WINDOW;
      const instants = Array.from({ length: LIMIT }, () => start + random() * duration).sort((a, b) => a - b);
      const refused = instants.filter((at) => !limiter(at)).length;
      if (refused !== 0) refusing.push(`${name}, round ${round}: ${refused} refused`);
    }
  }
  expect(refusing).toEqual([]);
});

test('RATE-LIMIT-READING: no reading serves more than the bound the checks assert, whatever the timing', () => {
  const overServed: string[] = [];
  for (const [name, make] of Object.entries(readings)) {
    for (let round = 0; round < 200; round += 1) {
      const limiter = make();
      const start = 10_000 + random() * WINDOW;
      const duration = random() < 0.5 ? random() * WINDOW : random() * 3 * WINDOW;
      const instants = Array.from({ length: 6 * LIMIT }, () => start + random() * duration).sort(
        (a, b) => a - b,
      );
      const served = instants.filter((at) => limiter(at)).length;
      const span = (instants.at(-1) as number) - (instants[0] as number);
      const bound = maxAdmittedInBurst(LIMIT, span, WINDOW);
      if (served > bound)
        overServed.push(
          `${name}, ${instants.length} requests in ${span.toFixed(0)} ms: ${served} served, bound ${bound}`,
        );
    }
  }
  expect(overServed).toEqual([]);
  // Shorter than a window: twice the limit, the most a straddled fixed-window boundary allows.
  expect(maxAdmittedInBurst(LIMIT, 1, WINDOW)).toBe(2 * LIMIT);
  expect(maxAdmittedInBurst(LIMIT, WINDOW - 1, WINDOW)).toBe(2 * LIMIT);
  expect(maxAdmittedInBurst(LIMIT, WINDOW + 1, WINDOW)).toBe(3 * LIMIT);
  // The clock-aligned fixed window does reach twice the limit across a boundary: the bound is tight.
  const aligned = fixedWindow(LIMIT, WINDOW, true);
  const straddling = Array.from({ length: 2 * LIMIT + 1 }, (_, i) => WINDOW - 1 + (i * 2) / (2 * LIMIT));
  expect(straddling.filter((at) => aligned(at)).length).toBe(2 * LIMIT);
});

test('RATE-LIMIT-READING: a burst and a recovery tell the readings apart, or say nothing', () => {
  const burst = { limit: 1000, windowMs: 5000, msToFirst429: 500, concurrency: 32 };
  expect(readingOfBurst({ ...burst, admitted: 1000 })).toMatch(/fixed or sliding window/);
  expect(readingOfBurst({ ...burst, admitted: 1000 + 100 + 20 })).toMatch(/token bucket/);
  expect(readingOfBurst({ ...burst, admitted: 1600 })).toMatch(/aligned to the clock/);
  expect(readingOfBurst({ ...burst, admitted: 999 })).toBeUndefined();

  const recovery = {
    limit: 1000,
    windowMs: 5000,
    burstStartedAt: 0,
    burstPausedAtHalf: true,
    lastThrottledAt: 3000,
    servedAt: 5100,
    servedOnFirstRetry: false,
    servedRightAfter: 999,
  };
  expect(readingOfRecovery({ ...recovery, servedAt: 3250, servedOnFirstRetry: true })).toMatch(
    /token bucket/,
  );
  expect(readingOfRecovery(recovery)).toMatch(/fixed window started by the first request/);
  expect(readingOfRecovery({ ...recovery, servedAt: 4000 })).toMatch(/fixed window aligned to the clock/);
  expect(readingOfRecovery({ ...recovery, servedRightAfter: 480 })).toMatch(/sliding window/);
  // Without the paused burst, a partial return of capacity proves nothing.
  expect(readingOfRecovery({ ...recovery, servedRightAfter: 480, burstPausedAtHalf: false })).toBeUndefined();
  expect(readingOfRecovery({ ...recovery, servedRightAfter: undefined })).toBeUndefined();
});

test("RATE-LIMIT-READING: within one window, the limit and a token bucket's refill; a second burst is clear of a boundary only inside two windows of the first", () => {
  // 10 per 5 s: a burst of 40 ms refills 0.08, so 10; one of 2.5 s refills 5.
  expect(maxAdmittedWithinOneWindow(10, 40, 5_000)).toBe(10);
  expect(maxAdmittedWithinOneWindow(10, 2_500, 5_000)).toBe(15);
  expect(maxAdmittedWithinOneWindow(100_000, 20_000, 60_000)).toBe(133_333);
  // First burst from 0, its last answer at 100; a whole window of silence, then the second.
  expect(noBoundaryInside(0, { startedAt: 5_600, endedAt: 5_700 }, 100, 5_000)).toBe(true);
  // Started before a whole window of silence: a boundary a window after the first's may fall inside.
  expect(noBoundaryInside(0, { startedAt: 5_000, endedAt: 5_100 }, 100, 5_000)).toBe(false);
  // Ended two windows after the first's start: the boundary after next may fall inside.
  expect(noBoundaryInside(0, { startedAt: 5_600, endedAt: 10_000 }, 100, 5_000)).toBe(false);
});
