/**
 * Whether a deployment offers a listing of events (GAP-OTHER-OPERATIONS: the spec shows none). A check
 * about a listing has nothing to judge where there is none: its premise is not met, which says nothing
 * against the rule.
 */
import { EVENTS_PATH } from '../spec/index.ts';
import { readErrorBody } from './error-body.ts';
import { type HttpAnswer, isSuccess } from './http-answer.ts';
import { type Judgement, judgementOf, notEstablished } from './judgement.ts';

/** `400 ERR-9008`, `200`: an answer named by its status and error code. */
export const answerSummary = (answer: HttpAnswer): string =>
  `${answer.status} ${readErrorBody(answer)?.errorCode ?? ''}`.trim();

/**
 * A GET of the collection answered with a success offers a listing; anything else leaves a check
 * nothing to judge: its items (`items`), or the requests a listing spends of the budget (`requests`).
 */
export const judgeListingOffered = <A extends HttpAnswer>(
  answer: A,
  toJudge: 'items' | 'requests',
): Judgement<A> => {
  if (isSuccess(answer.status)) return judgementOf([], answer);
  const gives = toJudge === 'items' ? answerSummary(answer) : String(answer.status);
  const left = toJudge === 'items' ? 'nothing to check' : 'nothing to count';
  return notEstablished(
    'premise-not-met',
    `the deployment offers no listing (GET ${EVENTS_PATH} gives ${gives}): ${left}`,
    answer,
  );
};
