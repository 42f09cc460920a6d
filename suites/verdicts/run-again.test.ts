/**
 * Kit tests of the decision to run a check that starts afresh again whole (run-again.ts): only an
 * attempt ended by a window of unavailability, that saw no deviation and left nothing in flight, and
 * only once.
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { MergedWindow } from '../../run-records/unavailability-windows.ts';
import { type EndedAttempt, MOST_ATTEMPTS, runAgainDecision } from './run-again.ts';

const WINDOW: MergedWindow = {
  since: '2026-01-01T00:00:01.000Z',
  until: '2026-01-01T00:00:03.100Z',
  seconds: 2.1,
  what: ['HTTP 503 with Retry-After: 2'],
};

const ended: EndedAttempt = {
  unavailable: { window: WINDOW, method: 'POST' },
  attempts: 1,
  violations: 0,
  inconclusive: false,
  inFlight: 0,
};

test('RUN AGAIN: a first attempt whose POST met a window, with nothing judged, is run again, naming the window', () => {
  const decision = runAgainDecision(ended);
  expect(decision.again).toBe(true);
  expect(decision.why).toBe(
    "run again whole once the deployment was back: a POST of its first attempt met the deployment's unavailability from 2026-01-01T00:00:01.000Z for 2.1 s (HTTP 503 with Retry-After: 2); judged by its second attempt alone, with data of its own",
  );
  expect(runAgainDecision({ ...ended, unavailable: { window: WINDOW, method: 'PUT' } }).again).toBe(true);
});

test('RUN AGAIN: a deviation seen, a claim not made, requests in flight, another ending or a second attempt: not run again', () => {
  const refused: [Partial<EndedAttempt>, RegExp][] = [
    [{ violations: 1 }, /already seen a deviation/],
    [{ inconclusive: true }, /inconclusive/],
    [{ inFlight: 2 }, /still unanswered/],
    [{ unavailable: undefined }, /did not end at a window/],
    [{ attempts: MOST_ATTEMPTS }, /second attempt met the unavailability too/],
  ];
  for (const [change, why] of refused) {
    const decision = runAgainDecision({ ...ended, ...change });
    expect(decision.again, JSON.stringify(change)).toBe(false);
    expect(decision.why).toMatch(why);
  }
});
