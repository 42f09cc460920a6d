/** RATE-LIMIT-429: a PUT answered 429 changes nothing, as a read once served again shows. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { answer } from './test-support/answers.ts';
import { judgeThrottledPutUnapplied } from './throttled-write.ts';

const before = {
  externalId: 'rl-1',
  type: 'INTERNAL_PAYIN',
  amount: 12.5,
  currencyCode: 'EUR',
  status: 'PENDING',
};
const throttled = {
  answer: answer(429, { status: 429, errorCode: 'ERR-9429', title: 'Too many' }),
  changes: { amount: 4290, status: 'BOOKED' },
};
const shown = (amount: unknown, envelope = false, status = 'PENDING') => {
  const event = { ...before, uuid: 'u', amount, status };
  return answer(200, envelope ? { data: event } : event);
};

test('ORACLE: a PUT answered 429 whose amount a later read shows was applied past the limit', () => {
  const applied = judgeThrottledPutUnapplied(throttled, shown(4290), before);
  expect(applied.violations.map((v) => v.rule)).toEqual(['RATE-LIMIT-429']);
  expect(applied.violations[0]?.message).toMatch(/answered 429 was applied/);
  // In an envelope, as a decimal string: the same amount.
  expect(judgeThrottledPutUnapplied(throttled, shown('4290.00', true), before).violations).toHaveLength(1);
  // Part of it: the status a handler wrote before the refusal.
  const status = judgeThrottledPutUnapplied(throttled, shown(12.5, false, 'BOOKED'), before);
  expect(status.violations[0]?.message).toMatch(/now shows its status "BOOKED" \(/);
  expect(
    judgeThrottledPutUnapplied(throttled, shown(4290, false, 'BOOKED'), before).violations[0]?.message,
  ).toMatch(/its amount 4290 and status "BOOKED"/);
});

test('ORACLE: a refused PUT left alone holds RATE-LIMIT-429; a served PUT or a read not answered judges nothing', () => {
  const held = judgeThrottledPutUnapplied(throttled, shown(12.5), before);
  expect(held.violations).toEqual([]);
  expect(held.judged).toEqual(['RATE-LIMIT-429']);
  const served = { ...throttled, answer: answer(200, before) };
  for (const judgement of [
    judgeThrottledPutUnapplied(served, shown(4290), before),
    judgeThrottledPutUnapplied(throttled, answer(429, {}), before),
    // The event held those values already: the read could not tell.
    judgeThrottledPutUnapplied(throttled, shown(4290, false, 'BOOKED'), {
      ...before,
      amount: 4290,
      status: 'BOOKED',
    }),
  ]) {
    expect(judgement.violations).toEqual([]);
    expect(judgement.judged).toEqual([]);
  }
});
