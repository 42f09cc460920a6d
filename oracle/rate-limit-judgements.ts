/**
 * Part 8 judged over a burst of answers, folded as they came (burst-tally.ts): inside a fresh window
 * the limit is served; past it the service answers 429 and nothing else; no answer carries rate-limit
 * headers. Each judgement returns a Judgement whose evidence is the answer that shows its first
 * violation, or, where it holds, the answer the check goes on with; where the burst cannot make the
 * claim (sent too slowly, never throttled, throttled from the start) it says why instead.
 */
import { type BurstAnswer, type BurstTally, describeStatusCounts } from './burst-tally.ts';
import { judgeCreation } from './creation.ts';
import type { HttpAnswer } from './http-answer.ts';
import { combined, type Judgement, judgementOf, notEstablished } from './judgement.ts';
import type { Unthrottled } from './rate-limit-bound.ts';
import { CREATED_STATUS } from './served-answers.ts';
import { statusOutsideViolations, THROTTLED_STATUS, throttledViolations } from './statuses.ts';
import { violationOf } from './violation.ts';

/** A short account of answers in hand, for messages: `1000 × 201, 3 × 429`. */
export const statusCounts = (requests: readonly { response: HttpAnswer }[]): string => {
  const counts = new Map<number, number>();
  for (const { response } of requests) counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
  return describeStatusCounts(counts);
};

/**
 * Judgements of one check in the order it makes them: the first that decides (a violation, or a claim
 * not made) is the check's; when all hold, the last, whose evidence the check goes on with.
 */
const inTurn = <E>(...judgements: readonly Judgement<E>[]): Judgement<E> =>
  judgements.find((j) => j.violations.length > 0 || j.notEstablished !== undefined) ??
  judgements.at(-1) ??
  judgementOf<E>([]);

/**
 * RATE-LIMIT-429: no 429 among the first `limit` requests sent inside a fresh window; a burst that
 * sent fewer than the whole limit there cannot say so.
 */
export const judgeLimitServed = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  burst: BurstTally<A, R>,
): Judgement<A> => {
  const early = burst.early429;
  if (early !== undefined)
    return judgementOf(
      [
        violationOf(
          'RATE-LIMIT-429',
          `inside a fresh window the first ${burst.limit} requests must all be served, but request #${early.index + 1} got 429 (${describeStatusCounts(burst.withinLimitCounts)})`,
        ),
      ],
      early.response,
    );
  if (burst.withinLimit !== burst.limit)
    return notEstablished(
      'inconclusive',
      `the burst sent ${burst.withinLimit} requests, not the whole limit of ${burst.limit}`,
    );
  return judgementOf([]);
};

/**
 * RATE-LIMIT-429: of valid POSTs, every one served was created; any other answer should have been a
 * 429. Answers arrive out of the order they were sent in: with fewer 201s than the limit, a POST was
 * refused within the limit, and its answer is judged as a creation (a gateway limiter's 503, say, past
 * the limit is a throttle of the wrong status).
 */
export const judgeServedCreated = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  burst: BurstTally<A, R>,
): Judgement<A> => {
  const notCreated = burst.notCreated;
  if (notCreated === undefined) return judgementOf([]);
  const asCreation = burst.created < burst.limit ? judgeCreation(notCreated.response).violations : [];
  return judgementOf(
    asCreation.length > 0
      ? asCreation
      : [
          violationOf(
            'RATE-LIMIT-429',
            `past the limit of ${burst.limit} the service must answer 429; request #${notCreated.index + 1} got HTTP ${notCreated.response.status}`,
          ),
        ],
    notCreated.response,
  );
};

/** A burst sent to spend the budget: its answers, folded, when it ran, and why it stopped without a 429. */
export interface ExhaustingBurst<A extends HttpAnswer, R extends BurstAnswer<A>> {
  readonly answers: BurstTally<A, R>;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly unthrottled: Unthrottled | undefined;
}

/** How the kit was told the window's length: named when a burst sent too slowly to prove anything. */
export interface WindowSetting {
  readonly windowMs: number;
  /** The variable that sets the window's length against the reference server. */
  readonly variable: string;
}

/**
 * A burst past the limit met a 429 before more were served than any reading of the window admits in
 * the time taken: a burst of valid POSTs judges RATE-LIMIT-429, one of other requests (GETs, PUTs,
 * failed validations, listings) RATE-LIMIT-ALL-REQUESTS. The first 429 is the evidence it holds; a
 * burst the kit could not send fast enough proves nothing either way.
 */
export const judgeThrottledPastLimit = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  of: 'valid-posts' | 'other-requests',
  burst: ExhaustingBurst<A, R>,
  window: WindowSetting,
): Judgement<A> => {
  const { unthrottled, answers } = burst;
  const { limit } = answers;
  const { windowMs } = window;
  if (unthrottled?.kind === 'too-slow')
    return notEstablished(
      'inconclusive',
      `${unthrottled.served} requests served in ${Math.round(unthrottled.withinMs)} ms without a 429 (${Math.round((unthrottled.served * 1000) / unthrottled.withinMs)} a second), but the kit could not send fast enough for that to prove anything (it must outpace ${limit} per ${windowMs} ms, more than ${Math.ceil((limit * 1000) / windowMs)} a second). Check the target's latency and the machine's load, or run with a longer ${window.variable} against the reference server.`,
    );
  const first429 = answers.first429?.response;
  if (unthrottled === undefined && first429 !== undefined) return judgementOf([], first429);
  const counts = describeStatusCounts(answers.counts);
  const took = `${Math.round(burst.endedAt - burst.startedAt)} ms`;
  return judgementOf(
    [
      violationOf(
        of === 'valid-posts' ? 'RATE-LIMIT-429' : 'RATE-LIMIT-ALL-REQUESTS',
        unthrottled
          ? `past the limit of ${limit} the service must answer 429: ${unthrottled.served} requests were served in ${Math.round(unthrottled.withinMs)} ms, more than the ${unthrottled.most} any reading of a ${windowMs} ms window admits in that time, and none got 429 (${counts})`
          : `past the limit of ${limit} the service must answer 429 (${counts} in ${took})`,
      ),
    ],
    answers.last?.response,
  );
};

/**
 * Requests that all fail (the tally knows the status and rule each gets when served): every answer is
 * that status or a 429. Another status past the limit breaks RATE-LIMIT-429; within it, the request's
 * own rule (a 422 where a 400 is due breaks VAL-STATUS-400).
 */
export const judgeFailingBurst = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  burst: BurstTally<A, R>,
): Judgement<A> => {
  const wrong = burst.wrong;
  if (wrong === undefined) return judgementOf([]);
  const described = `#${wrong.index + 1} ${wrong.request.method} → ${wrong.response.status}`;
  const violation =
    burst.asExpected >= burst.limit
      ? violationOf(
          'RATE-LIMIT-429',
          `past the limit of ${burst.limit} the service must answer 429: ${described}`,
        )
      : violationOf(
          wrong.response.status === 422 ? 'VAL-STATUS-400' : wrong.expected.rule,
          `${described}: expected ${wrong.expected.statuses.join(' or ')}, as ${wrong.expected.rule} answers it`,
        );
  return judgementOf([violation], wrong.response);
};

/**
 * RATE-LIMIT-NO-HEADERS: no answer of the burst, served or throttled, carries a rate-limit header. It
 * takes both kinds of answer to say so.
 */
export const judgeNoRateLimitHeaders = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  burst: BurstTally<A, R>,
): Judgement<A> => {
  if (burst.first429 === undefined || burst.admitted === 0)
    return notEstablished(
      'inconclusive',
      `both served and throttled answers are needed to check (${describeStatusCounts(burst.counts)})`,
    );
  return judgeNoRateLimitHeadersSeen(burst);
};

/**
 * RATE-LIMIT-NO-HEADERS, as far as any burst shows it: none of its answers carries a rate-limit
 * header. It finds one on a GET's or a PUT's 429 as on a POST's; seeing none, it claims nothing more
 * than that (judgeNoRateLimitHeaders holds the rule, from a burst with both kinds of answer).
 */
export const judgeNoRateLimitHeadersSeen = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  burst: BurstTally<A, R>,
): Judgement<A> => {
  const example = burst.headerExample;
  if (example === undefined) return judgementOf([]);
  return judgementOf(
    [
      violationOf(
        'RATE-LIMIT-NO-HEADERS',
        `part 8: rate-limit response headers are not returned, yet ${burst.withHeaders} of ${burst.count} answers (HTTP ${[...burst.headerStatuses].join(', ')}) carry ${[...burst.headerNames].join(', ')}`,
      ),
    ],
    example.response,
  );
};

/**
 * The premise of a burst of other requests: after a whole window of silence it was served something.
 * Served nothing, the fault is the window's, and RATE-LIMIT-WINDOW-RESET reports it.
 */
export const judgeServedAfterSilence = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  burst: BurstTally<A, R>,
): Judgement<A> =>
  burst.admitted > 0
    ? judgementOf([])
    : notEstablished(
        'premise-not-met',
        `still throttled after a whole window of silence (${describeStatusCounts(burst.counts)}): RATE-LIMIT-WINDOW-RESET reports it`,
      );

/**
 * A burst of valid POSTs from a fresh window (RATE-LIMIT-429): the limit served, every one served
 * created, then a 429 in time. Its evidence, when all hold, is the first 429.
 */
export const judgeValidPostBurst = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  burst: ExhaustingBurst<A, R>,
  window: WindowSetting,
): Judgement<A> =>
  inTurn(
    judgeLimitServed(burst.answers),
    judgeServedCreated(burst.answers),
    judgeThrottledPastLimit('valid-posts', burst, window),
  );

/**
 * A burst of other requests from a fresh window (RATE-LIMIT-ALL-REQUESTS): served at all, the limit
 * served, each answered its own status when served, then a 429 in time; and, beside that verdict, no
 * rate-limit header on any of its answers (RATE-LIMIT-NO-HEADERS: a GET's or a PUT's 429 too).
 */
export const judgeOtherRequestsBurst = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  burst: ExhaustingBurst<A, R>,
  window: WindowSetting,
): Judgement<A> =>
  // Combined, not in turn: a header found is never hidden by the burst's own verdict.
  combined(
    inTurn(
      judgeServedAfterSilence(burst.answers),
      judgeLimitServed(burst.answers),
      judgeFailingBurst(burst.answers),
      judgeThrottledPastLimit('other-requests', burst, window),
    ),
    judgeNoRateLimitHeadersSeen(burst.answers),
  );

/** One request of the throttled tenant's stream: when it went out and when its answer came (ms). */
export interface TimedAnswer<A extends HttpAnswer = HttpAnswer> {
  readonly sentAt: number;
  readonly answeredAt: number;
  readonly response: A;
}

/**
 * RATE-LIMIT-PER-TENANT: another tenant's request, in flight `from` → `to`, is not throttled by the
 * rate-limit tenant's traffic. It shows that only when a request of the rate-limit tenant's stream that
 * overlapped it met a 429 (`late`: the stream's answers that came after it left; `counts`: the whole
 * stream's).
 */
export const judgeOtherTenantServed = <A extends HttpAnswer>(
  answer: A,
  inFlight: { readonly from: number; readonly to: number },
  stream: { readonly late: readonly TimedAnswer[]; readonly counts: ReadonlyMap<number, number> },
): Judgement<A> => {
  const meanwhile = stream.late.filter((r) => r.sentAt <= inFlight.to && r.answeredAt >= inFlight.from);
  if (!meanwhile.some((r) => r.response.status === THROTTLED_STATUS))
    return notEstablished(
      'inconclusive',
      `the rate-limit tenant was not throttled while tenant A's request was in flight: ${statusCounts(meanwhile)} of its requests overlapped it (${describeStatusCounts(stream.counts)} in all)`,
    );
  return judgementOf(
    throttledViolations(
      'RATE-LIMIT-PER-TENANT',
      answer,
      "another tenant's request must not be throttled by the rate-limit tenant's traffic",
    ),
    answer,
  );
};

/** RATE-LIMIT-WINDOW-RESET's premise: a valid POST refused with 429, the evidence, to retry. */
export const judgeRefusedPost = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  throttling: BurstTally<A, R>,
): Judgement<R> =>
  throttling.first429 === undefined
    ? notEstablished(
        'inconclusive',
        `the rate-limit tenant could not be throttled for this check (${describeStatusCounts(throttling.counts)})`,
      )
    : judgementOf([], throttling.first429);

/**
 * RATE-LIMIT-WINDOW-RESET: the refused POST, retried `retries` times, the last `msAfterLast429` after
 * the last 429, was served again within a window; and RATE-LIMIT-429: refused with 429, it was not
 * processed, so its retry creates the event.
 */
export const judgeServedAgain = <A extends HttpAnswer>(
  answer: A,
  retries: number,
  msAfterLast429: number,
): Judgement<A> =>
  inTurn(
    judgementOf(
      throttledViolations(
        'RATE-LIMIT-WINDOW-RESET',
        answer,
        `a throttled tenant must be served again within a window (${retries} retries, the last ${Math.round(msAfterLast429)} ms after the last 429)`,
      ),
      answer,
    ),
    judgementOf(
      statusOutsideViolations(
        'RATE-LIMIT-429',
        answer,
        [CREATED_STATUS],
        'the POST refused with 429 was not processed, so retrying it must create the event (201, not ERR-4001)',
      ),
      answer,
    ),
  );
