/** Part 8 over a burst: each judgement holds on a conforming burst and breaks, with its example, on another. */
import { expect, test } from '@playwright/test';
import { tallyOf } from './burst-tally.ts';
import type { HttpAnswer } from './http-answer.ts';
import {
  judgeFailingBurst,
  judgeLimitServed,
  judgeNoRateLimitHeaders,
  judgeServedCreated,
  judgeThrottledPastLimit,
  statusCounts,
} from './rate-limit-judgements.ts';
import { answer } from './test-support/answers.ts';

const burstOf = (statuses: readonly number[], method = 'POST') =>
  statuses.map((status, index) => ({ index, request: { method }, response: answer(status, {}) }));
const rules = (violations: readonly { rule: string }[]) => violations.map((v) => v.rule);

test('ORACLE: inside a fresh window the limit is served; the first 429 there breaks RATE-LIMIT-429', () => {
  expect(judgeLimitServed(tallyOf(burstOf([201, 201, 201]), 3))).toEqual({ violations: [] });
  // Past the limit, a 429 is no early one.
  expect(judgeLimitServed(tallyOf(burstOf([201, 201, 201, 429]), 3))).toEqual({ violations: [] });
  const early = burstOf([201, 429, 201]);
  // However the answers came, the first is the one sent first.
  const judged = judgeLimitServed(tallyOf([...early, ...early].reverse(), 3));
  expect(rules(judged.violations)).toEqual(['RATE-LIMIT-429']);
  expect(judged.violations[0]?.message).toContain('request #2 got 429 (4 × 201, 2 × 429)');
  expect(judged.example).toBe(early[1]?.response);
});

test('ORACLE: valid POSTs served are all created; past the limit, a 429 is the only other answer', () => {
  expect(judgeServedCreated(tallyOf(burstOf([201, 201, 429]), 2)).violations).toEqual([]);
  const gateway = burstOf([201, 503, 503]);
  expect(rules(judgeServedCreated(tallyOf(gateway, 2)).violations)).toEqual(['RATE-LIMIT-429']);
  expect(judgeServedCreated(tallyOf([...gateway].reverse(), 2)).example).toBe(gateway[1]?.response);
  const met = { unthrottled: undefined, first429: answer(429, {}), counts: '3 × 201, 1 × 429', took: '5 ms' };
  expect(judgeThrottledPastLimit('valid-posts', met, 3, 1000)).toEqual([]);
  expect(rules(judgeThrottledPastLimit('other-requests', { ...met, first429: undefined }, 3, 1000))).toEqual([
    'RATE-LIMIT-ALL-REQUESTS',
  ]);
  const outpaced = { ...met, unthrottled: { served: 9, withinMs: 100, most: 6 } };
  const [violation] = judgeThrottledPastLimit('valid-posts', outpaced, 3, 1000);
  expect(violation?.message).toContain('9 requests were served in 100 ms, more than the 6');
});

test('ORACLE: failing requests get their own status or 429; another breaks their rule, or 429’s past the limit', () => {
  const expected = { status: 404, rule: 'RETRIEVE-UNKNOWN-404' } as const;
  const failing = (statuses: readonly number[]) =>
    judgeFailingBurst(tallyOf(burstOf(statuses, 'GET'), 2, () => expected));
  expect(failing([404, 404, 429]).violations).toEqual([]);
  expect(rules(failing([404, 200]).violations)).toEqual(['RETRIEVE-UNKNOWN-404']);
  expect(rules(failing([404, 422]).violations)).toEqual(['VAL-STATUS-400']);
  const past = failing([404, 404, 503]);
  expect(rules(past.violations)).toEqual(['RATE-LIMIT-429']);
  expect(past.violations[0]?.message).toContain('#3 GET → 503');
});

test('ORACLE: no answer of a burst carries a rate-limit header; a 429 that does is the example', () => {
  const plain = burstOf([201, 429]);
  expect(judgeNoRateLimitHeaders(tallyOf(plain, 1))).toEqual({ violations: [] });
  const limited: HttpAnswer = { ...answer(429, {}), headers: { 'retry-after': '1' } };
  const served: HttpAnswer = { ...answer(201, {}), headers: { 'x-ratelimit-remaining': '0' } };
  const judged = judgeNoRateLimitHeaders(
    tallyOf(
      [
        { index: 0, request: { method: 'POST' }, response: served },
        { index: 1, request: { method: 'POST' }, response: limited },
      ],
      1,
    ),
  );
  expect(rules(judged.violations)).toEqual(['RATE-LIMIT-NO-HEADERS']);
  expect(judged.example).toBe(limited);
  expect(judged.violations[0]?.message).toContain(
    '2 of 2 answers (HTTP 201, 429) carry x-ratelimit-remaining, retry-after',
  );
  expect(statusCounts([])).toBe('no requests');
});

test('ORACLE: a tally keeps counts and the answers its judgements name, never every answer', () => {
  // 300,000 answers of a limit of 100,000: 110,000 served (a limiter 10 % loose), the rest 429.
  const tally = tallyOf(
    Array.from({ length: 300_000 }, (_, index) => ({
      index,
      request: { method: 'POST' },
      response: answer(index < 110_000 ? 201 : 429, {}),
    })),
    100_000,
  );
  expect(tally.count).toBe(300_000);
  expect(tally.admitted).toBe(110_000);
  expect(tally.withinLimit).toBe(100_000);
  expect(tally.first429?.index).toBe(110_000);
  expect(tally.last?.index).toBe(299_999);
  expect(judgeLimitServed(tally).violations).toEqual([]);
  expect(judgeServedCreated(tally).violations).toEqual([]);
  expect(statusCounts([])).toBe('no requests');
});
