/**
 * The per-tenant request budget of part 8: `capacity` requests per `windowMs`, kept by one of three
 * algorithms (GAP-RATE-LIMIT-WINDOW). All three admit `capacity` requests in a burst from rest and
 * serve a throttled tenant again within one window. A refused request is not counted.
 *
 * - fixed-window (the reference's choice): a window starts at a key's first request and lasts windowMs;
 *   at most `capacity` requests are admitted in it; the next request after it starts a new window.
 * - sliding-window: the window kept as ten buckets of a tenth of it; a request is admitted while the
 *   current bucket and the nine before it hold fewer than `capacity` (the span counted is 0.9 to 1
 *   window long, so a tenant under the limit in the last window is never refused).
 * - sliding-log: at most `capacity` requests in any span of windowMs (a log of admitted instants).
 * - token-bucket: a bucket of `capacity` tokens, refilled continuously at capacity per windowMs.
 */
import type { RateLimitAlgorithm } from './behaviour.ts';

export type RateDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterMs: number };

export interface RateLimiter {
  /** Admits and counts one request of `key` at `now` (epoch ms), or refuses it without counting. */
  take(key: string, now: number): RateDecision;
  /** Requests `key` could still make at `now` without being refused (for diagnostics and a mutant's headers). */
  remaining(key: string, now: number): number;
  /** Uncounts the last request admitted for `key` (a mutant's limiter that gives back failed requests). */
  giveBack(key: string): void;
}

const ALLOWED: RateDecision = Object.freeze({ allowed: true });

export class FixedWindowLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly capacity: number;
  private readonly windowMs: number;
  constructor(capacity: number, windowMs: number) {
    this.capacity = capacity;
    this.windowMs = windowMs;
  }

  private current(key: string, now: number): { start: number; count: number } {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    return window;
  }

  take(key: string, now: number): RateDecision {
    const window = this.current(key, now);
    if (window.count >= this.capacity) {
      return { allowed: false, retryAfterMs: Math.max(0, window.start + this.windowMs - now) };
    }
    window.count += 1;
    return ALLOWED;
  }

  remaining(key: string, now: number): number {
    return this.capacity - this.current(key, now).count;
  }

  giveBack(key: string): void {
    const window = this.windows.get(key);
    if (window) window.count = Math.max(0, window.count - 1);
  }
}

/** Buckets per window of the sliding-window limiter. */
const BUCKETS_PER_WINDOW = 10;

export class SlidingWindowLimiter implements RateLimiter {
  /** Per key, the buckets still counted: [bucket number, requests admitted in it], oldest first. */
  private readonly buckets = new Map<string, [number, number][]>();
  private readonly bucketMs: number;
  private readonly capacity: number;
  constructor(capacity: number, windowMs: number) {
    this.capacity = capacity;
    this.bucketMs = windowMs / BUCKETS_PER_WINDOW;
  }

  /** The buckets of `key` still inside the window at `now`, and the current bucket's number. */
  private counted(key: string, now: number): { buckets: [number, number][]; current: number; total: number } {
    let buckets = this.buckets.get(key);
    if (!buckets) {
      buckets = [];
      this.buckets.set(key, buckets);
    }
    const current = Math.floor(now / this.bucketMs);
    let expired = 0;
    while (
      expired < buckets.length &&
      (buckets[expired] as [number, number])[0] <= current - BUCKETS_PER_WINDOW
    )
      expired += 1;
    if (expired > 0) buckets.splice(0, expired);
    let total = 0;
    for (const [, count] of buckets) total += count;
    return { buckets, current, total };
  }

  take(key: string, now: number): RateDecision {
    const { buckets, current, total } = this.counted(key, now);
    if (total >= this.capacity) {
      const oldest = (buckets[0] as [number, number])[0];
      return {
        allowed: false,
        retryAfterMs: Math.max(0, (oldest + BUCKETS_PER_WINDOW) * this.bucketMs - now),
      };
    }
    const last = buckets.at(-1);
    if (last && last[0] === current) last[1] += 1;
    else buckets.push([current, 1]);
    return ALLOWED;
  }

  remaining(key: string, now: number): number {
    return this.capacity - this.counted(key, now).total;
  }

  giveBack(key: string): void {
    const last = this.buckets.get(key)?.at(-1);
    if (last && last[1] > 0) last[1] -= 1;
  }
}

export class SlidingLogLimiter implements RateLimiter {
  /** Per key, the instants of admitted requests, oldest first, at most `capacity` of them. */
  private readonly logs = new Map<string, number[]>();
  private readonly capacity: number;
  private readonly windowMs: number;
  constructor(capacity: number, windowMs: number) {
    this.capacity = capacity;
    this.windowMs = windowMs;
  }

  private log(key: string, now: number): number[] {
    let log = this.logs.get(key);
    if (!log) {
      log = [];
      this.logs.set(key, log);
    }
    let expired = 0;
    while (expired < log.length && now - (log[expired] as number) >= this.windowMs) expired += 1;
    if (expired > 0) log.splice(0, expired);
    return log;
  }

  take(key: string, now: number): RateDecision {
    const log = this.log(key, now);
    if (log.length >= this.capacity) {
      return { allowed: false, retryAfterMs: Math.max(0, (log[0] as number) + this.windowMs - now) };
    }
    log.push(now);
    return ALLOWED;
  }

  remaining(key: string, now: number): number {
    return this.capacity - this.log(key, now).length;
  }

  giveBack(key: string): void {
    this.logs.get(key)?.pop();
  }
}

export class TokenBucketLimiter implements RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /** Tokens per millisecond. */
  private readonly refillRate: number;
  private readonly capacity: number;
  constructor(capacity: number, windowMs: number) {
    this.capacity = capacity;
    this.refillRate = Number.isFinite(windowMs) ? capacity / windowMs : 0;
  }

  private bucket(key: string, now: number): { tokens: number; at: number } {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: this.capacity, at: now };
      this.buckets.set(key, bucket);
    }
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(this.capacity, bucket.tokens + elapsed * this.refillRate);
    bucket.at = now;
    return bucket;
  }

  take(key: string, now: number): RateDecision {
    const bucket = this.bucket(key, now);
    if (bucket.tokens < 1) {
      const retryAfterMs = this.refillRate > 0 ? Math.ceil((1 - bucket.tokens) / this.refillRate) : Infinity;
      return { allowed: false, retryAfterMs };
    }
    bucket.tokens -= 1;
    return ALLOWED;
  }

  remaining(key: string, now: number): number {
    return Math.floor(this.bucket(key, now).tokens);
  }

  giveBack(key: string): void {
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens = Math.min(this.capacity, bucket.tokens + 1);
  }
}

export const createRateLimiter = (
  algorithm: RateLimitAlgorithm,
  capacity: number,
  windowMs: number,
): RateLimiter => {
  switch (algorithm) {
    case 'fixed-window':
      return new FixedWindowLimiter(capacity, windowMs);
    case 'sliding-window':
      return new SlidingWindowLimiter(capacity, windowMs);
    case 'sliding-log':
      return new SlidingLogLimiter(capacity, windowMs);
    case 'token-bucket':
      return new TokenBucketLimiter(capacity, windowMs);
  }
};
