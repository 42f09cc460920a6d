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

/**
 * A PUT sent while the tenant was throttled, changing some top-level fields of the event (`changes`:
 * the amount, and the status where it may move): a limiter deciding on the way out may apply it whole,
 * or a handler may have written part of it (the status) before the refusal.
 */
export interface ThrottledPut {
  readonly answer: HttpAnswer;
  readonly changes: Readonly<Record<string, string | number>>;
}

/** The value shown for `field` is the one the PUT sent (an amount as a decimal of the same value). */
const showsSent = (field: string, shown: unknown, sent: string | number): boolean =>
  field === 'amount' ? compareAmount(shown, sent) !== 'different' : shown === sent;

/**
 * RATE-LIMIT-429: the event read once the tenant is served again (`readBack`, a GET of the event as it
 * was before, `before`) must show none of the values a PUT answered 429 sent. Only fields whose value
 * the PUT changed are looked at; nothing is judged when the PUT was served, it changed nothing, or the
 * read was not answered with the event.
 */
export const judgeThrottledPutUnapplied = (
  put: ThrottledPut,
  readBack: HttpAnswer,
  before: Record<string, unknown>,
): Judgement => {
  const changed = Object.entries(put.changes).filter(
    ([field, value]) => !showsSent(field, before[field], value),
  );
  if (put.answer.status !== 429 || readBack.status !== 200 || changed.length === 0)
    return judgementOf([], undefined, []);
  const shown = judgeRetrieval(readBack, before).evidence?.event;
  if (shown === undefined) return judgementOf([], undefined, []);
  const applied = changed.filter(([field, value]) => showsSent(field, shown[field], value));
  return judgementOf(
    applied.length > 0
      ? [
          violationOf(
            'RATE-LIMIT-429',
            `a PUT answered 429 was applied all the same: the event now shows its ${applied.map(([field, value]) => `${field} ${JSON.stringify(value)}`).join(' and ')} (${summarise(readBack)}); a request refused past the limit must change nothing`,
          ),
        ]
      : [],
    undefined,
    ['RATE-LIMIT-429'],
  );
};
