/**
 * A burst's answers folded as they come: counts per status, and only the answers a judgement of part 8
 * names (the first 429, the first early one, the first served that was not created, the first of the
 * wrong status, the first that carries a rate-limit header). A burst against a limit of 100,000 a
 * window sends hundreds of thousands of requests; what is kept of them does not grow with that.
 * "First" is the lowest index (the order sent), whatever order the answers came in.
 */
import { ERROR_CODES, RATE_LIMIT_HEADER_PATTERN, type RuleId } from '../spec/index.ts';
import type { HttpAnswer } from './http-answer.ts';
import { THROTTLED_STATUS } from './statuses.ts';

/** The rate-limit headers an answer carries (part 8: none are returned). */
export const rateLimitHeadersOf = (answer: { headers: Readonly<Record<string, string>> }): string[] =>
  Object.keys(answer.headers).filter((name) => RATE_LIMIT_HEADER_PATTERN.test(name));

/** One request of a burst: its place in the order sent, its method and its answer. */
export interface BurstAnswer<A extends HttpAnswer = HttpAnswer> {
  readonly index: number;
  readonly request: { readonly method: string };
  readonly response: A;
}

/** What a failing request answers when it is not throttled, and the rule that says so. */
export interface ExpectedWhenServed {
  /** The statuses the spec allows it (a JSON body that is not an object: 400, or 422). */
  readonly statuses: readonly number[];
  readonly rule: RuleId;
}

/** The requests made to fail that a burst of other requests than valid POSTs sends. */
export type FailingRequestKind =
  | 'unknown-event-get'
  | 'non-positive-amount-post'
  | 'unknown-event-put'
  | 'malformed-json-post'
  | 'non-object-post';

/**
 * The answer the spec gives a failing request the limit lets through: an unknown uuid is 404 ERR-4002
 * on GET and PUT, a non-positive amount 400 ERR-3005, a body that is not JSON 400 (7.4: malformed), a
 * JSON body that is not an object 400 or 422 (malformed, or failing validation).
 */
export const expectedWhenServed = (kind: FailingRequestKind): ExpectedWhenServed => {
  switch (kind) {
    case 'unknown-event-get':
      return { statuses: [ERROR_CODES['ERR-4002'].httpStatus], rule: 'RETRIEVE-UNKNOWN-404' };
    case 'non-positive-amount-post':
      return { statuses: [ERROR_CODES['ERR-3005'].httpStatus], rule: 'VAL-AMOUNT-POSITIVE' };
    case 'unknown-event-put':
      return { statuses: [ERROR_CODES['ERR-4002'].httpStatus], rule: 'UPDATE-UNKNOWN-404' };
    case 'malformed-json-post':
      return { statuses: [400], rule: 'REQUEST-MALFORMED-400' };
    case 'non-object-post':
      return { statuses: [400, 422], rule: 'REQUEST-MALFORMED-400' };
  }
};

/** `1000 × 201, 3 × 429` from counts per status. */
export const describeStatusCounts = (counts: ReadonlyMap<number, number>): string =>
  [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ') || 'no requests';

const countInto = (counts: Map<number, number>, status: number): void => {
  counts.set(status, (counts.get(status) ?? 0) + 1);
};

/** The earlier (by index) of two answers. */
const earlier = <R extends { readonly index: number }>(kept: R | undefined, answer: R): R =>
  kept === undefined || answer.index < kept.index ? answer : kept;

export class BurstTally<A extends HttpAnswer = HttpAnswer, R extends BurstAnswer<A> = BurstAnswer<A>> {
  count = 0;
  readonly counts = new Map<number, number>();
  /** The requests with an index below the limit: inside a fresh window, all must be served. */
  withinLimit = 0;
  readonly withinLimitCounts = new Map<number, number>();
  first429: R | undefined;
  /** The first 429 among the first `limit` requests. */
  early429: R | undefined;
  /** The request of the highest index. */
  last: R | undefined;
  /** Of the answers that are not 429: how many were 201, and the first that was not. */
  created = 0;
  notCreated: R | undefined;
  /** With `expectedOf`: answers of the status the request gets when served, and the first of neither that nor 429. */
  asExpected = 0;
  wrong: (R & { readonly expected: ExpectedWhenServed }) | undefined;
  /** Answers that carry a rate-limit header, their header names and statuses, the example (a 429 first). */
  withHeaders = 0;
  readonly headerNames = new Set<string>();
  readonly headerStatuses = new Set<number>();
  headerExample: R | undefined;
  #headerExample429: R | undefined;

  readonly limit: number;
  readonly expectedOf: ((index: number) => ExpectedWhenServed) | undefined;
  constructor(limit: number, expectedOf?: (index: number) => ExpectedWhenServed) {
    this.limit = limit;
    this.expectedOf = expectedOf;
  }

  /** Answers that were not 429. */
  get admitted(): number {
    return this.count - (this.counts.get(THROTTLED_STATUS) ?? 0);
  }

  add(answer: R): void {
    const { status } = answer.response;
    this.count += 1;
    countInto(this.counts, status);
    this.last = this.last === undefined || answer.index > this.last.index ? answer : this.last;
    const throttled = status === THROTTLED_STATUS;
    if (answer.index < this.limit) {
      this.withinLimit += 1;
      countInto(this.withinLimitCounts, status);
      if (throttled) this.early429 = earlier(this.early429, answer);
    }
    if (throttled) this.first429 = earlier(this.first429, answer);
    else if (status === 201) this.created += 1;
    else this.notCreated = earlier(this.notCreated, answer);
    if (this.expectedOf) {
      const expected = this.expectedOf(answer.index);
      if (expected.statuses.includes(status)) this.asExpected += 1;
      else if (!throttled) this.wrong = earlier(this.wrong, { ...answer, expected });
    }
    const headers = rateLimitHeadersOf(answer.response);
    if (headers.length > 0) {
      this.withHeaders += 1;
      for (const name of headers) this.headerNames.add(name);
      this.headerStatuses.add(status);
      if (throttled) this.#headerExample429 = earlier(this.#headerExample429, answer);
      this.headerExample = this.#headerExample429 ?? earlier(this.headerExample, answer);
    }
  }
}

/** A tally of answers already in hand (the kit tests', a short burst's). */
export const tallyOf = <A extends HttpAnswer, R extends BurstAnswer<A>>(
  answers: readonly R[],
  limit: number,
  expectedOf?: (index: number) => ExpectedWhenServed,
): BurstTally<A, R> => {
  const tally = new BurstTally<A, R>(limit, expectedOf);
  for (const answer of answers) tally.add(answer);
  return tally;
};
