/**
 * Kit tests of the counts per slot (send-slots.ts): the busiest window they give brackets the true one,
 * measured from every send time, to within one slot's requests.
 */

import fc from 'fast-check';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { expectFacts } from '../utilities/test-support/facts.ts';
import { SendSlots, slotMsOf } from './send-slots.ts';
import { peakInAnySpan } from './slot-schedule.ts';

const slotsOf = (times: readonly number[], windowMs: number): SendSlots => {
  const slots = new SendSlots(slotMsOf(windowMs));
  for (const time of times) slots.add(time);
  return slots;
};

test('SEND-SLOTS: the busiest window from the slots brackets the exact one, to within a slot', () => {
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: 1_700_000_000_000, max: 1_700_000_020_000, noNaN: true }), {
        maxLength: 400,
      }),
      fc.constantFrom(2_000, 5_000, 60_000),
      (times, windowMs) => {
        const slots = slotsOf(times, windowMs);
        const exact = peakInAnySpan(times, windowMs);
        const { atLeast, atMost } = slots.busiest(windowMs);
        expectFacts({
          [`at least ${atLeast}, no more than the exact ${exact}`]: atLeast <= exact,
          [`at most ${atMost}, no fewer than the exact ${exact}`]: atMost >= exact,
          [`${slots.total} counted of ${times.length} sent`]: slots.total === times.length,
        });
      },
    ),
    { numRuns: 200 },
  );
});

test('SEND-SLOTS: sends spread evenly are known exactly; a slot either side of the window is the only doubt', () => {
  // 10 per 5 s, one every 500 ms: exactly 10 in any 5 s.
  const even = slotsOf(
    Array.from({ length: 40 }, (_, i) => 1_000_000 + i * 500 + 0.25),
    5_000,
  );
  expect(even.busiest(5_000)).toEqual({ atLeast: 10, atMost: 11 });
  // Two sends 5 s and a hair apart are in no one window; the slots cannot tell that from 5 s less a hair.
  const edge = slotsOf([0, 5_000.1], 5_000);
  expect(edge.busiest(5_000)).toEqual({ atLeast: 1, atMost: 2 });
  expect(slotsOf([0, 4_999.9], 5_000).busiest(5_000)).toEqual({ atLeast: 2, atMost: 2 });
  expect(edge.countBetween(0, 5_000.1)).toBe(2);
  expect(edge.countBetween(5_010, 9_000)).toBe(0);
  expect(new SendSlots(5).busiest(5_000)).toEqual({ atLeast: 0, atMost: 0 });
  expect(() => new SendSlots(0)).toThrow(RangeError);
});

test('SEND-SLOTS: a million sends in a minute keep one count per slot, a thousand of them', () => {
  const slots = new SendSlots(slotMsOf(60_000));
  for (let i = 0; i < 1_000_000; i += 1) slots.add(1_700_000_000_000 + i * 0.06);
  expect(slots.counts().length).toBeLessThanOrEqual(1_001);
  expect(slots.busiest(60_000).atMost).toBe(1_000_000);
});
