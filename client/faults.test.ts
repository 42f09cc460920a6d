/**
 * The fault schedule on requests written by hand: which request of a client's own sequence meets which
 * fault, whatever the clock says, except for the requests that hammer a 429.
 */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { FaultSchedule, MIN_429_DELAY_MS, RATE_LIMIT_EXTRA } from './faults.ts';

/** Sends `methods` one after another, `gapMs` after each 429's answer; what each met. */
const sent = (schedule: FaultSchedule, methods: readonly string[], gapMs = 250) => {
  let now = 0;
  return methods.map((method) => {
    now += gapMs;
    const fault = schedule.beforeForward(method, now);
    if (fault === 'rate-limit') schedule.answered429(now);
    return fault ?? 'forwarded';
  });
};

test('CLIENT FAULTS: rate-limit answers 429 to the first request of each method and the one right after it', () => {
  const schedule = new FaultSchedule(['rate-limit']);
  expect(
    sent(schedule, ['POST', 'POST', 'POST', 'GET', 'GET', 'GET', 'POST', 'PUT', 'PUT', 'PUT', 'GET']),
  ).toEqual([
    'rate-limit',
    'rate-limit',
    'forwarded',
    'rate-limit',
    'rate-limit',
    'forwarded',
    'forwarded',
    'rate-limit',
    'rate-limit',
    'forwarded',
    'forwarded',
  ]);
});

test('CLIENT FAULTS: a method the spec has no operation for starts no run of 429s', () => {
  expect(sent(new FaultSchedule(['rate-limit']), ['HEAD', 'OPTIONS', 'POST', 'POST', 'DELETE'])).toEqual([
    'forwarded',
    'forwarded',
    'rate-limit',
    'rate-limit',
    'forwarded',
  ]);
});

test('CLIENT FAULTS: a request sooner than 100 ms after a 429 meets another, a bounded number of times; a later one does not', () => {
  const hammering = sent(new FaultSchedule(['rate-limit']), Array(20).fill('GET'), MIN_429_DELAY_MS - 1);
  expect(hammering.filter((f) => f === 'rate-limit')).toHaveLength(2 + RATE_LIMIT_EXTRA);
  expect(hammering.slice(2 + RATE_LIMIT_EXTRA)).toEqual(Array(18 - RATE_LIMIT_EXTRA).fill('forwarded'));
  expect(sent(new FaultSchedule(['rate-limit']), ['GET', 'GET', 'GET'], MIN_429_DELAY_MS)).toEqual([
    'rate-limit',
    'rate-limit',
    'forwarded',
  ]);
});

test('CLIENT FAULTS: the first PUT that passes the limit is the one answered 500; without rate-limit it is the first PUT', () => {
  expect(sent(new FaultSchedule(['rate-limit', 'put-500-unapplied']), ['PUT', 'PUT', 'PUT', 'PUT'])).toEqual([
    'rate-limit',
    'rate-limit',
    'put-500-unapplied',
    'forwarded',
  ]);
  expect(sent(new FaultSchedule(['put-500-unapplied']), ['GET', 'PUT', 'PUT'])).toEqual([
    'forwarded',
    'put-500-unapplied',
    'forwarded',
  ]);
});
