/**
 * Part 8: past the limit "the service answers 429", which refuses the request: a write answered 429
 * changes nothing. A limiter placed after the handler (a middleware that counts on the way out, a
 * gateway that times the answer, not the request) answers 429 to a PUT it has already applied.
 */
import { compareAmount } from './amounts.ts';
import { type HttpAnswer, summarise } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { judgeRetrieval } from './retrieval.ts';
import { violationOf } from './violation.ts';

/** A PUT sent while the tenant was throttled, changing only the event's amount to `amount`. */
export interface ThrottledPut {
  readonly answer: HttpAnswer;
  readonly amount: number;
}

/**
 * RATE-LIMIT-429: the event read once the tenant is served again (`readBack`, a GET of the event as it
 * was before, `before`) must not show the amount a PUT answered 429 sent. Nothing is judged when the
 * PUT was served or the read was not answered with the event.
 */
export const judgeThrottledPutUnapplied = (
  put: ThrottledPut,
  readBack: HttpAnswer,
  before: Record<string, unknown>,
): Judgement => {
  if (
    put.answer.status !== 429 ||
    readBack.status !== 200 ||
    compareAmount(before.amount, put.amount) !== 'different'
  )
    return judgementOf([], undefined, []);
  const shown = judgeRetrieval(readBack, before).evidence?.event;
  if (shown === undefined) return judgementOf([], undefined, []);
  const applied = compareAmount(shown.amount, put.amount) !== 'different';
  return judgementOf(
    applied
      ? [
          violationOf(
            'RATE-LIMIT-429',
            `a PUT answered 429 was applied all the same: the event now shows its amount ${put.amount} (${summarise(readBack)}); a request refused past the limit must change nothing`,
          ),
        ]
      : [],
    undefined,
    ['RATE-LIMIT-429'],
  );
};
