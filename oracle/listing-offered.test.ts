/** A listing offered or not: a check about one has nothing to judge where there is none. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { EVENTS_PATH } from '../spec/index.ts';
import { answerSummary, judgeListingOffered } from './listing-offered.ts';
import { answer } from './test-support/answers.ts';

test('ORACLE: a GET of the collection answered with a success offers a listing', () => {
  const listing = answer(200, []);
  expect(judgeListingOffered(listing, 'items')).toEqual({ violations: [], evidence: listing });
});

test('ORACLE: no listing leaves a check its premise unmet, said for what it would judge', () => {
  const none = answer(404, { status: 404, errorCode: 'ERR-4004', title: 'Not found' });
  expect(answerSummary(none)).toBe('404 ERR-4004');
  expect(judgeListingOffered(none, 'items').notEstablished).toEqual({
    kind: 'premise-not-met',
    reason: `the deployment offers no listing (GET ${EVENTS_PATH} gives 404 ERR-4004): nothing to check`,
  });
  expect(judgeListingOffered(none, 'requests').notEstablished?.reason).toBe(
    `the deployment offers no listing (GET ${EVENTS_PATH} gives 404): nothing to count`,
  );
  expect(answerSummary(answer(200, {}))).toBe('200');
});
