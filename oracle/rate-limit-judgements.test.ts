/**
 * Part 8 over a burst: each judgement holds on a conforming burst and breaks, with the answer that
 * shows it as evidence, on another; a burst that cannot make the claim says why.
 */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { expectedWhenServed, tallyOf } from './burst-tally.ts';
import type { HttpAnswer } from './http-answer.ts';
import type { Unthrottled } from './rate-limit-bound.ts';
import {
  judgeFailingBurst,
  judgeLimitServed,
  judgeNoRateLimitHeaders,
  judgeNoRateLimitHeadersSeen,
  judgeOtherRequestsBurst,
  judgeOtherTenantServed,
  judgeRefusedPost,
  judgeServedAfterSilence,
  judgeServedAgain,
  judgeServedCreated,
  judgeThrottledPastLimit,
  judgeValidPostBurst,
  statusCounts,
} from './rate-limit-judgements.ts';
import { answer, rulesOf as rules } from './test-support/answers.ts';

const burstOf = (statuses: readonly number[], method = 'POST') =>
  statuses.map((status, index) => ({ index, request: { method }, response: answer(status, {}) }));

test('ORACLE: inside a fresh window the limit is served; the first 429 there breaks RATE-LIMIT-429', () => {
  expect(judgeLimitServed(tallyOf(burstOf([201, 201, 201]), 3))).toEqual({ violations: [] });
  // Past the limit, a 429 is no early one.
  expect(judgeLimitServed(tallyOf(burstOf([201, 201, 201, 429]), 3))).toEqual({ violations: [] });
  // A burst that sent less than the limit cannot say the limit is served.
  expect(judgeLimitServed(tallyOf(burstOf([201, 201]), 3)).notEstablished).toEqual({
    kind: 'inconclusive',
    reason: 'the burst sent 2 requests, not the whole limit of 3',
  });
  const early = burstOf([201, 429, 201]);
  // However the answers came, the first is the one sent first.
  const judged = judgeLimitServed(tallyOf([...early, ...early].reverse(), 3));
  expect(rules(judged.violations)).toEqual(['RATE-LIMIT-429']);
  expect(judged.violations[0]?.message).toContain('request #2 got 429 (4 × 201, 2 × 429)');
  expect(judged.evidence).toBe(early[1]?.response);
});

test('ORACLE: valid POSTs served are all created; past the limit, a 429 is the only other answer', () => {
  expect(judgeServedCreated(tallyOf(burstOf([201, 201, 429]), 2)).violations).toEqual([]);
  // The limit created, then a gateway limiter's 503: a throttle of the wrong status.
  const gateway = burstOf([201, 503, 503]);
  expect(rules(judgeServedCreated(tallyOf(gateway, 1)).violations)).toEqual(['RATE-LIMIT-429']);
  expect(judgeServedCreated(tallyOf([...gateway].reverse(), 1)).evidence).toBe(gateway[1]?.response);
  // Fewer created than the limit: the POST refused within it is judged as a creation.
  const refused = judgeServedCreated(tallyOf(gateway, 2));
  expect(rules(refused.violations)).toEqual(['CREATE-RETURNS-UUID', 'ERROR-BODY-SHAPE']);
  expect(refused.evidence).toBe(gateway[1]?.response);
});

test('ORACLE: a burst past the limit meets a 429 in time; one sent too slowly proves nothing', () => {
  const window = { windowMs: 1000, variable: 'WINDOW_SECONDS' };
  const met = burstOf([201, 201, 201, 429]);
  const spent = (statuses: readonly { index: number }[], unthrottled?: Unthrottled) => ({
    answers: tallyOf(statuses as typeof met, 3),
    startedAt: 0,
    endedAt: 5,
    unthrottled,
  });
  const held = judgeThrottledPastLimit('valid-posts', spent(met), window);
  expect(held.violations).toEqual([]);
  expect(held.evidence).toBe(met[3]?.response);
  const unmet = judgeThrottledPastLimit('other-requests', spent(met.slice(0, 3)), window);
  expect(rules(unmet.violations)).toEqual(['RATE-LIMIT-ALL-REQUESTS']);
  expect(unmet.violations[0]?.message).toContain('(3 × 201 in 5 ms)');
  const outpaced = { kind: 'too-many-served', served: 9, withinMs: 100, most: 6 } as const;
  const [violation] = judgeThrottledPastLimit('valid-posts', spent(met, outpaced), window).violations;
  expect(violation?.message).toContain('9 requests were served in 100 ms, more than the 6');
  const slow = judgeThrottledPastLimit(
    'valid-posts',
    spent(met.slice(0, 3), { kind: 'too-slow', served: 3, withinMs: 4000 }),
    window,
  );
  expect(slow.violations).toEqual([]);
  expect(slow.notEstablished?.kind).toBe('inconclusive');
  expect(slow.notEstablished?.reason).toContain('a longer WINDOW_SECONDS');
});

test('ORACLE: failing requests get their own status or 429; another breaks their rule, or 429’s past the limit', () => {
  const expected = { statuses: [404], rule: 'RETRIEVE-UNKNOWN-404' } as const;
  const failing = (statuses: readonly number[]) =>
    judgeFailingBurst(tallyOf(burstOf(statuses, 'GET'), 2, () => expected));
  expect(failing([404, 404, 429]).violations).toEqual([]);
  expect(rules(failing([404, 200]).violations)).toEqual(['RETRIEVE-UNKNOWN-404']);
  expect(rules(failing([404, 422]).violations)).toEqual(['VAL-STATUS-400']);
  const past = failing([404, 404, 503]);
  expect(rules(past.violations)).toEqual(['RATE-LIMIT-429']);
  expect(past.violations[0]?.message).toContain('#3 GET → 503');
  // A JSON body that is not an object: 400 or 422, either reading.
  const nonObject = expectedWhenServed('non-object-post');
  const bodies = (statuses: readonly number[]) =>
    judgeFailingBurst(tallyOf(burstOf(statuses, 'POST'), 2, () => nonObject));
  expect(bodies([400, 422, 429]).violations).toEqual([]);
  expect(rules(bodies([400, 201]).violations)).toEqual(['REQUEST-MALFORMED-400']);
  expect(expectedWhenServed('malformed-json-post').statuses).toEqual([400]);
});

test('ORACLE: no answer of a burst carries a rate-limit header; a 429 that does is the example', () => {
  const plain = burstOf([201, 429]);
  expect(judgeNoRateLimitHeaders(tallyOf(plain, 1))).toEqual({ violations: [] });
  // Only served, or only throttled, answers cannot show it.
  expect(judgeNoRateLimitHeaders(tallyOf(burstOf([201, 201]), 1)).notEstablished?.reason).toBe(
    'both served and throttled answers are needed to check (2 × 201)',
  );
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
  expect(judged.evidence).toBe(limited);
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

test('ORACLE: a check’s judgements in turn: the first that decides is the check’s, in the order it makes them', () => {
  const window = { windowMs: 1000, variable: 'WINDOW_SECONDS' };
  const spent = (statuses: readonly number[], limit = 3) => ({
    answers: tallyOf(burstOf(statuses), limit),
    startedAt: 0,
    endedAt: 5,
    unthrottled: undefined,
  });
  const conforming = burstOf([201, 201, 201, 429]);
  const held = judgeValidPostBurst(
    { answers: tallyOf(conforming, 3), startedAt: 0, endedAt: 5, unthrottled: undefined },
    window,
  );
  expect(held.violations).toEqual([]);
  expect(held.evidence).toBe(conforming[3]?.response);
  // An early 429 is reported before the missing throttle past the limit.
  expect(judgeValidPostBurst(spent([201, 429, 201, 201, 201]), window).violations[0]?.message).toContain(
    'request #2 got 429',
  );
  // Never served after a window of silence: the premise, before any other judgement.
  expect(judgeOtherRequestsBurst(spent([429, 429]), window).notEstablished).toEqual({
    kind: 'premise-not-met',
    reason: 'still throttled after a whole window of silence (2 × 429): RATE-LIMIT-WINDOW-RESET reports it',
  });
  expect(rules(judgeOtherRequestsBurst(spent([201, 201, 201, 201]), window).violations)).toEqual([
    'RATE-LIMIT-ALL-REQUESTS',
  ]);
  // A Retry-After on a GET's 429 breaks RATE-LIMIT-NO-HEADERS beside the burst's own verdict, held or not.
  const withRetryAfter = (statuses: readonly number[]) => {
    const answers = burstOf(statuses, 'GET').map((sent) =>
      sent.response.status === 429
        ? {
            ...sent,
            response: { ...sent.response, headers: { ...sent.response.headers, 'retry-after': '2' } },
          }
        : sent,
    );
    return { answers: tallyOf(answers, 3), startedAt: 0, endedAt: 5, unthrottled: undefined };
  };
  expect(rules(judgeOtherRequestsBurst(withRetryAfter([404, 404, 404, 429]), window).violations)).toEqual([
    'RATE-LIMIT-NO-HEADERS',
  ]);
  expect(rules(judgeOtherRequestsBurst(withRetryAfter([404, 429, 404, 429]), window).violations)).toEqual([
    'RATE-LIMIT-429',
    'RATE-LIMIT-NO-HEADERS',
  ]);
  expect(judgeOtherRequestsBurst(spent([404, 404, 404, 429]), window).violations).toEqual([]);
  // Seeing no header claims nothing more: no 429 is needed to say none was seen.
  expect(judgeNoRateLimitHeadersSeen(tallyOf(burstOf([201]), 3))).toEqual({ violations: [] });
  expect(rules(judgeNoRateLimitHeadersSeen(withRetryAfter([404, 429]).answers).violations)).toEqual([
    'RATE-LIMIT-NO-HEADERS',
  ]);
});

test('ORACLE: another tenant is served while the rate-limit tenant meets a 429 during its request', () => {
  const timed = (status: number, sentAt: number, answeredAt: number) => ({
    sentAt,
    answeredAt,
    response: answer(status, {}),
  });
  const late = [timed(201, 0, 11), timed(429, 12, 13), timed(429, 30, 31)];
  const counts = new Map([
    [201, 1],
    [429, 2],
  ]);
  const served = answer(404, {});
  expect(judgeOtherTenantServed(served, { from: 10, to: 20 }, { late, counts }).violations).toEqual([]);
  const throttled = answer(429, {});
  const judged = judgeOtherTenantServed(throttled, { from: 10, to: 20 }, { late, counts });
  expect(rules(judged.violations)).toEqual(['RATE-LIMIT-PER-TENANT']);
  expect(judged.evidence).toBe(throttled);
  // No 429 of the stream overlapped the request: nothing shown either way.
  expect(
    judgeOtherTenantServed(throttled, { from: 0, to: 11 }, { late, counts }).notEstablished?.reason,
  ).toBe(
    "the rate-limit tenant was not throttled while tenant A's request was in flight: 1 × 201 of its requests overlapped it (1 × 201, 2 × 429 in all)",
  );
});

test('ORACLE: a refused POST, retried, is served again within a window and then created', () => {
  const refused = burstOf([201, 429]);
  expect(judgeRefusedPost(tallyOf(refused, 1)).evidence).toBe(refused[1]);
  expect(judgeRefusedPost(tallyOf(burstOf([201]), 1)).notEstablished?.reason).toBe(
    'the rate-limit tenant could not be throttled for this check (1 × 201)',
  );
  expect(judgeServedAgain(answer(201, { uuid: crypto.randomUUID() }), 2, 900).violations).toEqual([]);
  const still = judgeServedAgain(answer(429, {}), 21, 1500);
  expect(rules(still.violations)).toEqual(['RATE-LIMIT-WINDOW-RESET']);
  expect(still.violations[0]?.message).toContain('21 retries, the last 1500 ms after the last 429');
  expect(rules(judgeServedAgain(answer(400, {}), 1, 100).violations)).toEqual(['RATE-LIMIT-429']);
});

test('ORACLE: after a window of silence a burst is served something; served nothing, its premise is not met', () => {
  expect(judgeServedAfterSilence(tallyOf(burstOf([404, 429]), 2))).toEqual({ violations: [] });
  const throttled = judgeServedAfterSilence(tallyOf(burstOf([429, 429]), 2));
  expect(throttled.violations).toEqual([]);
  expect(throttled.notEstablished?.kind).toBe('premise-not-met');
  expect(throttled.notEstablished?.reason).toContain('RATE-LIMIT-WINDOW-RESET reports it');
});
