/** Part 8 over a burst: each judgement holds on a conforming burst and breaks, with its example, on another. */
import { expect, test } from '@playwright/test';
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
  expect(judgeLimitServed(burstOf([201, 201, 201]), 3)).toEqual({ violations: [] });
  const early = burstOf([201, 429, 201]);
  const judged = judgeLimitServed(early, 3);
  expect(rules(judged.violations)).toEqual(['RATE-LIMIT-429']);
  expect(judged.violations[0]?.message).toContain('request #2 got 429 (2 × 201, 1 × 429)');
  expect(judged.example).toBe(early[1]?.response);
});

test('ORACLE: valid POSTs served are all created; past the limit, a 429 is the only other answer', () => {
  expect(judgeServedCreated(burstOf([201, 201]), 2).violations).toEqual([]);
  const gateway = burstOf([201, 503]);
  expect(rules(judgeServedCreated(gateway, 2).violations)).toEqual(['RATE-LIMIT-429']);
  expect(judgeServedCreated(gateway, 2).example).toBe(gateway[1]?.response);
  const met = { unthrottled: undefined, first429: answer(429, {}), counts: '3 × 201, 1 × 429', took: '5 ms' };
  expect(judgeThrottledPastLimit('RATE-LIMIT-429', met, 3, 1000)).toEqual([]);
  expect(
    rules(judgeThrottledPastLimit('RATE-LIMIT-ALL-REQUESTS', { ...met, first429: undefined }, 3, 1000)),
  ).toEqual(['RATE-LIMIT-ALL-REQUESTS']);
  const outpaced = { ...met, unthrottled: { served: 9, withinMs: 100, most: 6 } };
  const [violation] = judgeThrottledPastLimit('RATE-LIMIT-429', outpaced, 3, 1000);
  expect(violation?.message).toContain('9 requests were served in 100 ms, more than the 6');
});

test('ORACLE: failing requests get their own status or 429; another breaks their rule, or 429’s past the limit', () => {
  const expected = { status: 404, rule: 'RETRIEVE-UNKNOWN-404' } as const;
  const withExpected = (statuses: readonly number[]) =>
    burstOf(statuses, 'GET').map((r) => ({ ...r, expected }));
  expect(judgeFailingBurst(withExpected([404, 404, 429]), 2).violations).toEqual([]);
  expect(rules(judgeFailingBurst(withExpected([404, 200]), 2).violations)).toEqual(['RETRIEVE-UNKNOWN-404']);
  expect(rules(judgeFailingBurst(withExpected([404, 422]), 2).violations)).toEqual(['VAL-STATUS-400']);
  const past = judgeFailingBurst(withExpected([404, 404, 503]), 2);
  expect(rules(past.violations)).toEqual(['RATE-LIMIT-429']);
  expect(past.violations[0]?.message).toContain('#3 GET → 503');
});

test('ORACLE: no answer of a burst carries a rate-limit header; a 429 that does is the example', () => {
  const plain = burstOf([201, 429]);
  expect(judgeNoRateLimitHeaders(plain)).toEqual({ violations: [] });
  const limited: HttpAnswer = { ...answer(429, {}), headers: { 'retry-after': '1' } };
  const served: HttpAnswer = { ...answer(201, {}), headers: { 'x-ratelimit-remaining': '0' } };
  const judged = judgeNoRateLimitHeaders([{ response: served }, { response: limited }]);
  expect(rules(judged.violations)).toEqual(['RATE-LIMIT-NO-HEADERS']);
  expect(judged.example).toBe(limited);
  expect(judged.violations[0]?.message).toContain(
    '2 of 2 answers (HTTP 201, 429) carry x-ratelimit-remaining, retry-after',
  );
  expect(statusCounts([])).toBe('no requests');
});
