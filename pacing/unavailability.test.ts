/** Kit tests of what tells a deployment's unavailability from its answer. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { retryAfterMs, unavailabilityOf } from './unavailability.ts';

const answered = (status: number, headers: Record<string, string> = {}) => ({
  response: { status, headers, body: '{}' },
  error: undefined,
});

test('UNAVAILABILITY: 502, 503 and 504 and a refused connection may be unavailability; other answers and time-outs are not', () => {
  expect(unavailabilityOf(answered(503, { 'retry-after': '2' }), false)).toBe('HTTP 503 with Retry-After: 2');
  expect(unavailabilityOf(answered(502), false)).toBe('HTTP 502');
  expect(unavailabilityOf(answered(504), false)).toBe('HTTP 504');
  for (const status of [200, 400, 401, 404, 429, 500])
    expect(unavailabilityOf(answered(status), false)).toBeUndefined();
  expect(unavailabilityOf({ response: undefined, error: 'connect ECONNREFUSED' }, false)).toBe(
    'connect ECONNREFUSED',
  );
  // A hang is the run guard's: the time-out already waited.
  expect(unavailabilityOf({ response: undefined, error: 'no answer within 5000 ms' }, true)).toBeUndefined();
});

test('UNAVAILABILITY: Retry-After in seconds or as a date', () => {
  expect(retryAfterMs('2')).toBe(2000);
  expect(retryAfterMs(' 0 ')).toBe(0);
  const now = Date.parse('2026-01-01T00:00:00Z');
  expect(retryAfterMs('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000);
  expect(retryAfterMs('soon')).toBeUndefined();
  expect(retryAfterMs(undefined)).toBeUndefined();
});
