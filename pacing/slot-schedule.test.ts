/**
 * Kit tests of the schedule behind all pacing (slot-schedule.ts) and of the promise built on it
 * (request-pacer.ts, pacing-broker.ts): in ANY window of the limit's length, a tenant's requests, counted
 * at the moment they leave (or arrive, within the margin's jitter), never exceed the run's share. The
 * properties play asks at any times and counts, round trips to the broker, workers woken late (who ask
 * again), and workers falling back beside a broker that still serves the others.
 */

import * as fc from 'fast-check';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { expectFacts } from '../utilities/test-support/facts.ts';
import {
  fallbackShare,
  LATEST_DEPARTURE_MS,
  partOfShare,
  RUN_SHARE_OF_LIMIT,
  runShareOfLimit,
  SEND_MARGIN_MS,
} from './request-pacer.ts';
import { peakInAnySpan, SlotSchedule } from './slot-schedule.ts';

interface Ask {
  /** When the worker asks (its clock and the broker's run at the same rate). */
  readonly at: number;
  readonly count: number;
  /** The broker reserves the slot this long after the ask, and the answer takes as long again. */
  readonly halfRoundTrip: number;
  /** How late the worker wakes after its wait (a busy machine); over LATEST_DEPARTURE_MS it asks again. */
  readonly late: number;
  /** On the wire before the limiter counts it. */
  readonly jitter: number;
}

const askArb = (perSpan: number) =>
  fc.record({
    at: fc.integer({ min: 0, max: 40_000 }),
    count: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: perSpan })),
    halfRoundTrip: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 400 })),
    late: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3 * LATEST_DEPARTURE_MS })),
    jitter: fc.integer({ min: 0, max: SEND_MARGIN_MS - LATEST_DEPARTURE_MS }),
  });

/**
 * What SharedPacer does with each ask, on one schedule: the broker answers in the order the asks reach
 * it, with the slot's time; a worker that would leave too late after its slot asks again, for a slot as
 * far ahead as its ask took (then on time). Returns the moments the requests left and the moments the
 * limiter saw them.
 */
const playBroker = (schedule: SlotSchedule, asks: readonly Ask[]): { left: number[]; seen: number[] } => {
  const pending = asks.map((ask) => ({ ...ask, askedAt: ask.at, leadMs: 0 }));
  const left: number[] = [];
  const seen: number[] = [];
  while (pending.length > 0) {
    pending.sort((a, b) => a.askedAt + a.halfRoundTrip - (b.askedAt + b.halfRoundTrip));
    const ask = pending.shift() as (typeof pending)[number];
    const reservedAt = ask.askedAt + ask.halfRoundTrip;
    const slotAt = schedule.reserve(reservedAt + ask.leadMs, ask.count);
    const leavesAt = Math.max(reservedAt + ask.halfRoundTrip, slotAt) + ask.late;
    if (leavesAt - slotAt > LATEST_DEPARTURE_MS) {
      pending.push({ ...ask, askedAt: leavesAt, leadMs: leavesAt - ask.askedAt, late: 0 });
      continue;
    }
    for (let i = 0; i < ask.count; i += 1) {
      left.push(leavesAt);
      seen.push(leavesAt + ask.jitter);
    }
  }
  return { left, seen };
};

test('SLOTS: any asks, round trips, late wake-ups and bursts: no window of the limit holds more than the share, sent or seen', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 60 }).chain((perSpan) =>
        fc.record({
          perSpan: fc.constant(perSpan),
          windowMs: fc.integer({ min: 200, max: 8_000 }),
          asks: fc.array(askArb(perSpan), { maxLength: 250 }),
        }),
      ),
      ({ perSpan, windowMs, asks }) => {
        const schedule = new SlotSchedule(perSpan, windowMs + SEND_MARGIN_MS);
        const { left, seen } = playBroker(schedule, asks);
        const asked = asks.reduce((sum, ask) => sum + ask.count, 0);
        const [peakLeft, peakSeen] = [peakInAnySpan(left, windowMs), peakInAnySpan(seen, windowMs)];
        expectFacts({
          [`${left.length} requests left of ${asked} asked`]: left.length === asked,
          [`at most ${perSpan} sent in a window (${peakLeft})`]: peakLeft <= perSpan,
          [`at most ${perSpan} seen in a window (${peakSeen})`]: peakSeen <= perSpan,
        });
      },
    ),
    { numRuns: 300 },
  );
});

test('SLOTS: workers falling back beside a broker that still serves the others stay within the limit', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 5, max: 1_200 }).chain((requestsPerWindow) =>
        fc.record({
          limit: fc.constant({ requestsPerWindow, windowSeconds: 5 }),
          workers: fc.integer({
            min: 1,
            max: Math.max(1, requestsPerWindow - runShareOfLimit({ requestsPerWindow, windowSeconds: 5 })),
          }),
          asks: fc.array(fc.tuple(fc.nat(), askArb(1)), { maxLength: 200 }),
        }),
      ),
      ({ limit, workers, asks }) => {
        const broker = partOfShare(limit, 1);
        const fallback = fallbackShare(limit, workers);
        // The shares alone: the broker's and every fallback's add up to at most the limit.
        const shares = broker.perSpan + workers * fallback.perSpan;
        // And played: ask i goes to the broker or to one worker's own schedule.
        const schedules = [
          new SlotSchedule(broker.perSpan, broker.spanMs),
          ...Array.from({ length: workers }, () => new SlotSchedule(fallback.perSpan, fallback.spanMs)),
        ];
        const left = schedules.flatMap(
          (schedule, i) =>
            playBroker(
              schedule,
              asks.filter(([who]) => who % schedules.length === i).map(([, ask]) => ask),
            ).left,
        );
        const peak = peakInAnySpan(left, limit.windowSeconds * 1000);
        expectFacts({
          [`the shares add up to at most the limit (${shares})`]: shares <= limit.requestsPerWindow,
          [`at most the limit sent in a window (${peak})`]: peak <= limit.requestsPerWindow,
        });
      },
    ),
    { numRuns: 200 },
  );
});

test('SLOTS: slots are spaced evenly at the share, an idle schedule saves nothing up, a burst pushes the next slot on', () => {
  const schedule = new SlotSchedule(4, 1_000);
  expect([0, 0, 0, 0, 0].map(() => schedule.reserve(0))).toEqual([0, 250, 500, 750, 1_000]);
  expect(schedule.reserve(5_000)).toBe(5_000);
  expect(schedule.reserve(5_000, 3)).toBe(5_250);
  expect(schedule.reserve(5_000)).toBe(6_000);
  expect(() => schedule.reserve(0, 5)).toThrow(RangeError);
  expect(() => new SlotSchedule(0, 1_000)).toThrow(/at least 1/);
  expect(() => new SlotSchedule(1, Number.NaN)).toThrow(/positive/);
});

test('SLOTS: the measured peak is the true sliding-window count of the moments requests left', () => {
  expect(peakInAnySpan([], 1_000)).toBe(0);
  expect(peakInAnySpan([0, 999.9, 1_000, 1_999.9], 1_000)).toBe(2);
  expect(peakInAnySpan([5, 0, 3, 2_000, 2_500, 2_999], 1_000)).toBe(3);
});

test("SLOTS: a share is a whole number of the limit's requests, and the fallback's is the headroom above it", () => {
  const limit = { requestsPerWindow: 60, windowSeconds: 5 };
  expect(runShareOfLimit(limit)).toBe(Math.floor(60 * RUN_SHARE_OF_LIMIT));
  expect(partOfShare(limit, 1)).toEqual({ perSpan: 48, spanMs: 5_000 + SEND_MARGIN_MS });
  expect(partOfShare(limit, 5).perSpan).toBe(9);
  expect(fallbackShare(limit, 2).perSpan).toBe(6);
  expect(partOfShare({ requestsPerWindow: 1, windowSeconds: 1 }, 8).perSpan).toBe(1);
});
