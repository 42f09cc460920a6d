/** Kit tests of the run's waits: the preflight's round trip is read in milliseconds, whatever its size. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { ConfigError } from './config-error.ts';
import { DEFAULT_REQUEST_TIMEOUT_MS, MIN_REQUEST_TIMEOUT_MS, readTimeouts } from './timeouts.ts';

test('TIMEOUTS: a round trip of 4 s (4000 ms) sizes the waits, never a configuration error', () => {
  const timeouts = readTimeouts({ KIT_ROUND_TRIP_MS: '4000' });
  expect(timeouts.roundTripMs).toBe(4000);
  expect(timeouts.requestMs).toBe(30 * 4000);
  expect(timeouts.suspectMs).toBe(5 * 4000);
  expect(timeouts.testMs).toBe(60_000 + 80 * 4000);
});

test('TIMEOUTS: a round trip of 30 s is as good as one of 30 ms', () => {
  expect(readTimeouts({ KIT_ROUND_TRIP_MS: '30000' }).requestMs).toBe(900_000);
  const fast = readTimeouts({ KIT_ROUND_TRIP_MS: '30' });
  expect(fast.requestMs).toBe(MIN_REQUEST_TIMEOUT_MS);
  expect(fast.suspectMs).toBe(1_000);
});

test('TIMEOUTS: without a measured round trip, the defaults; the user’s settings stay in seconds', () => {
  const unset = readTimeouts({});
  expect(unset.roundTripMs).toBeUndefined();
  expect(unset.requestMs).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
  const set = readTimeouts({
    KIT_ROUND_TRIP_MS: '4000',
    REQUEST_TIMEOUT_SECONDS: '7',
    KIT_TEST_TIMEOUT_SECONDS: '90',
  });
  expect([set.requestMs, set.testMs]).toEqual([7_000, 90_000]);
});

test('TIMEOUTS: a round trip that is no whole number of milliseconds is refused, naming its unit', () => {
  for (const bad of ['4.5', '-1', 'fast', '0', '3600001']) {
    expect(() => readTimeouts({ KIT_ROUND_TRIP_MS: bad }), bad).toThrow(ConfigError);
    expect(() => readTimeouts({ KIT_ROUND_TRIP_MS: bad }), bad).toThrow(/KIT_ROUND_TRIP_MS .*milliseconds/);
  }
});

test('TIMEOUTS: an unavailable deployment is waited for 30 s, 10 round trips when more, or what the user set in seconds', () => {
  expect(readTimeouts({}).recoveryMs).toBe(30_000);
  expect(readTimeouts({ KIT_ROUND_TRIP_MS: '4000' }).recoveryMs).toBe(40_000);
  expect(readTimeouts({ KIT_ROUND_TRIP_MS: '4000', KIT_RECOVERY_WAIT_SECONDS: '120' }).recoveryMs).toBe(
    120_000,
  );
  expect(readTimeouts({ KIT_RECOVERY_WAIT_SECONDS: '5' }).recoveryMs).toBe(5_000);
  for (const bad of ['-1', 'soon', '3601']) {
    expect(() => readTimeouts({ KIT_RECOVERY_WAIT_SECONDS: bad }), bad).toThrow(/KIT_RECOVERY_WAIT_SECONDS/);
  }
});
