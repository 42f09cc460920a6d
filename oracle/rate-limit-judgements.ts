/**
 * Part 8 judged over a burst of answers, folded as they came (burst-tally.ts): inside a fresh window
 * the limit is served; past it the service answers 429 and nothing else; no answer carries rate-limit
 * headers. Each judgement returns its violations and the answer that shows them (the example a failure
 * prints).
 */
import { type BurstAnswer, type BurstTally, describeStatusCounts } from './burst-tally.ts';
import type { HttpAnswer } from './http-answer.ts';
import { CREATED_STATUS } from './served-answers.ts';
import { judgeNotThrottled, judgeStatusIn } from './statuses.ts';
import { type Violation, violationOf } from './violation.ts';

export interface BurstJudgement<A extends HttpAnswer> {
  readonly violations: readonly Violation[];
  /** The answer that shows the first violation. */
  readonly example?: A;
}

/** A short account of answers in hand, for messages: `1000 × 201, 3 × 429`. */
export const statusCounts = (requests: readonly { response: HttpAnswer }[]): string => {
  const counts = new Map<number, number>();
  for (const { response } of requests) counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
  return describeStatusCounts(counts);
};

/** RATE-LIMIT-429: no 429 among the first `limit` requests sent inside a fresh window. */
export const judgeLimitServed = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  burst: BurstTally<A, R>,
): BurstJudgement<A> => {
  const early = burst.early429;
  return early === undefined
    ? { violations: [] }
    : {
        violations: [
          violationOf(
            'RATE-LIMIT-429',
            `inside a fresh window the first ${burst.limit} requests must all be served, but request #${early.index + 1} got 429 (${describeStatusCounts(burst.withinLimitCounts)})`,
          ),
        ],
        example: early.response,
      };
};

/** RATE-LIMIT-429: of valid POSTs, every one served was created; any other answer should have been a 429. */
export const judgeServedCreated = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  burst: BurstTally<A, R>,
): BurstJudgement<A> => {
  const notCreated = burst.notCreated;
  return notCreated === undefined
    ? { violations: [] }
    : {
        violations: [
          violationOf(
            'RATE-LIMIT-429',
            `past the limit of ${burst.limit} the service must answer 429; request #${notCreated.index + 1} got HTTP ${notCreated.response.status}`,
          ),
        ],
        example: notCreated.response,
      };
};

/** A burst that outpaced the limit and was served past every reading of the window without a 429. */
export interface Unthrottled {
  readonly served: number;
  readonly withinMs: number;
  readonly most: number;
}

/**
 * A burst past the limit met a 429: a burst of valid POSTs judges RATE-LIMIT-429, one of other
 * requests (GETs, PUTs, failed validations, listings) RATE-LIMIT-ALL-REQUESTS.
 */
export const judgeThrottledPastLimit = (
  of: 'valid-posts' | 'other-requests',
  burst: {
    readonly unthrottled: Unthrottled | undefined;
    /** The first 429 of the burst, if any. */
    readonly first429: HttpAnswer | undefined;
    readonly counts: string;
    readonly took: string;
  },
  limit: number,
  windowMs: number,
): Violation[] => {
  const { unthrottled, first429, counts, took } = burst;
  if (unthrottled === undefined && first429 !== undefined) return [];
  return [
    violationOf(
      of === 'valid-posts' ? 'RATE-LIMIT-429' : 'RATE-LIMIT-ALL-REQUESTS',
      unthrottled
        ? `past the limit of ${limit} the service must answer 429: ${unthrottled.served} requests were served in ${Math.round(unthrottled.withinMs)} ms, more than the ${unthrottled.most} any reading of a ${windowMs} ms window admits in that time, and none got 429 (${counts})`
        : `past the limit of ${limit} the service must answer 429 (${counts} in ${took})`,
    ),
  ];
};

/**
 * Requests that all fail (the tally knows the status and rule each gets when served): every answer is
 * that status or a 429. Another status past the limit breaks RATE-LIMIT-429; within it, the request's
 * own rule (a 422 where a 400 is due breaks VAL-STATUS-400).
 */
export const judgeFailingBurst = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  burst: BurstTally<A, R>,
): BurstJudgement<A> => {
  const wrong = burst.wrong;
  if (wrong === undefined) return { violations: [] };
  const described = `#${wrong.index + 1} ${wrong.request.method} → ${wrong.response.status}`;
  const violation =
    burst.asExpected >= burst.limit
      ? violationOf(
          'RATE-LIMIT-429',
          `past the limit of ${burst.limit} the service must answer 429: ${described}`,
        )
      : violationOf(
          wrong.response.status === 422 ? 'VAL-STATUS-400' : wrong.expected.rule,
          `${described}: expected ${wrong.expected.status} (an unknown uuid gives 404, an amount of 0 gives 400)`,
        );
  return { violations: [violation], example: wrong.response };
};

/** RATE-LIMIT-NO-HEADERS: no answer of the burst, served or throttled, carries a rate-limit header. */
export const judgeNoRateLimitHeaders = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  burst: BurstTally<A, R>,
): BurstJudgement<A> => {
  const example = burst.headerExample;
  if (example === undefined) return { violations: [] };
  return {
    violations: [
      violationOf(
        'RATE-LIMIT-NO-HEADERS',
        `part 8: rate-limit response headers are not returned, yet ${burst.withHeaders} of ${burst.count} answers (HTTP ${[...burst.headerStatuses].join(', ')}) carry ${[...burst.headerNames].join(', ')}`,
      ),
    ],
    example: example.response,
  };
};

/** RATE-LIMIT-PER-TENANT: another tenant's request is not throttled by the rate-limit tenant's traffic. */
export const judgeOtherTenantServed = (answer: HttpAnswer): Violation[] =>
  judgeNotThrottled(
    'RATE-LIMIT-PER-TENANT',
    answer,
    "another tenant's request must not be throttled by the rate-limit tenant's traffic",
  );

/**
 * RATE-LIMIT-WINDOW-RESET: the refused POST, retried `retries` times, the last `msAfterLast429` after
 * the last 429, was served again within a window.
 */
export const judgeServedAgain = (answer: HttpAnswer, retries: number, msAfterLast429: number): Violation[] =>
  judgeNotThrottled(
    'RATE-LIMIT-WINDOW-RESET',
    answer,
    `a throttled tenant must be served again within a window (${retries} retries, the last ${Math.round(msAfterLast429)} ms after the last 429)`,
  );

/** RATE-LIMIT-429: a POST refused with 429 was not processed, so its retry creates the event. */
export const judgeRetriedPostCreated = (answer: HttpAnswer): Violation[] =>
  judgeStatusIn(
    'RATE-LIMIT-429',
    answer,
    [CREATED_STATUS],
    'the POST refused with 429 was not processed, so retrying it must create the event (201, not ERR-4001)',
  );
