/** Kit tests of waiting for an unavailable deployment: probes paced by Retry-After or a doubling wait, bounded. */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { awaitRecovery, FIRST_PROBE_WAIT_MS, LONGEST_PROBE_WAIT_MS, type ProbeOutcome } from './recovery.ts';

/** A clock that moves only when slept on, recording each wait. */
const fakeClock = () => {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    clock: {
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms);
        now += ms;
      },
    },
  };
};

const down: ProbeOutcome = { available: false, detail: 'HTTP 503' };

test('RECOVERY: the wait Retry-After asks for, then back at the first answered probe', async () => {
  const { clock, waits } = fakeClock();
  const outcomes: ProbeOutcome[] = [{ ...down, retryAfterMs: 2_000 }, { available: true }];
  const recovery = await awaitRecovery(
    async () => outcomes.shift() ?? down,
    { since: 0, maxWaitMs: 30_000, retryAfterMs: 2_000 },
    clock,
  );
  expect(recovery).toEqual({ back: true, at: 4_000, probes: 2 });
  expect(waits).toEqual([2_000, 2_000]);
});

test('RECOVERY: without Retry-After the waits double up to their cap; past the longest wait it gives up', async () => {
  const { clock, waits } = fakeClock();
  let probes = 0;
  const recovery = await awaitRecovery(
    async () => {
      probes += 1;
      return down;
    },
    { since: 0, maxWaitMs: 30_000 },
    clock,
  );
  expect(recovery.back).toBe(false);
  expect(waits.slice(0, 5)).toEqual([FIRST_PROBE_WAIT_MS, 1_000, 2_000, 4_000, LONGEST_PROBE_WAIT_MS]);
  expect(waits.reduce((sum, wait) => sum + wait, 0)).toBe(30_000);
  // A handful of probes, not a stream: several workers waiting at once stay polite.
  expect(probes).toBeLessThanOrEqual(8);
  expect(recovery).toMatchObject({ at: 30_000, probes, detail: 'HTTP 503' });
});

test('RECOVERY: a Retry-After shorter than the doubling wait (even 0) does not make a stream of probes', async () => {
  const { clock, waits } = fakeClock();
  const outcomes: ProbeOutcome[] = [
    { ...down, retryAfterMs: 0 },
    { ...down, retryAfterMs: 0 },
    { available: true },
  ];
  await awaitRecovery(
    async () => outcomes.shift() ?? down,
    { since: 0, maxWaitMs: 30_000, retryAfterMs: 0 },
    clock,
  );
  expect(waits).toEqual([FIRST_PROBE_WAIT_MS, 1_000, 2_000]);
});
