/**
 * A check's HTTP exchanges, held to part 7's error body as they come, and kept within bounds: the
 * first ones and the most recent ones (what the report attaches, and what a property's run reads
 * back), and those whose error body broke part 7. A rate-limit check at a limit of 100,000 sends
 * hundreds of thousands of requests; what is kept of them does not grow with that.
 */
import { type Judgement, judgeErrorBody } from '../../oracle/index.ts';
import { fateOf } from '../../pacing/target-health.ts';
import { unavailabilityOf } from '../../pacing/unavailability.ts';
import { answerOf, type HttpExchange } from '../../run-records/http-exchange.ts';

/** Exchanges a check keeps from its start: the report attaches the first half of what it shows from these. */
export const KEPT_FIRST = 20;
/** Exchanges a check keeps from its end: a property run's requests, read back by index (8 at most, and its credit's). */
export const KEPT_RECENT = 100;
/** Exchanges whose error body broke part 7 that are kept, with their violations; the rest are counted. */
export const KEPT_ERROR_BODY_FINDINGS = 20;

/** What a property's runner reads of the log: how many so far, and those from an index on. */
export interface ExchangeHistory {
  readonly length: number;
  slice(from: number): HttpExchange[];
}

/** An exchange whose answer broke part 7's error body, with the oracle's judgement of it. */
export interface ErrorBodyFinding {
  readonly judgement: Judgement;
  readonly exchange: HttpExchange;
}

/** The ERROR-BODY-SHAPE finding of one exchange (part 7); none for no answer or a gateway's page. */
const errorBodyFindingOf = (exchange: HttpExchange): ErrorBodyFinding | undefined => {
  const response = exchange.response;
  // No answer, or a gateway's page instead of the service's: the test was not run, nothing judged.
  if (!response || fateOf(response, exchange.error).kind !== 'answered') return undefined;
  const judgement = judgeErrorBody(answerOf(response));
  return judgement.violations.length > 0 ? { judgement, exchange } : undefined;
};

/**
 * The externalIds a request's body carries (a raw body too, malformed or not); a blank one identifies
 * nothing a deployment could have stored (the spec refuses it), so a fault may send it every attempt.
 */
export const externalIdsOf = (exchange: Pick<HttpExchange, 'request'>): string[] =>
  [...(exchange.request.body ?? '').matchAll(/"externalId"\s*:\s*"((?:[^"\\]|\\.)*)"/g)]
    .map((match) => match[1] as string)
    .filter((id) => id.trim() !== '');

/** A second attempt of a check that starts afresh sent data of its first: nothing it saw is judged. */
export class ReusedDataError extends Error {
  override readonly name = 'ReusedDataError';
}

export class ExchangeLog implements ExchangeHistory {
  #count = 0;
  #first: HttpExchange[] = [];
  /** The most recent exchanges, from index #recentFrom on; trimmed by KEPT_RECENT at a time. */
  #recent: HttpExchange[] = [];
  #recentFrom = 0;
  #findings: ErrorBodyFinding[] = [];
  #moreFindings = 0;
  /** The externalIds sent, collected only for a check that starts afresh (its requests are few). */
  #externalIds: Set<string> | undefined;
  /** The externalIds of the check's earlier attempt, none of which a second attempt may send. */
  #earlierIds: ReadonlySet<string> = new Set();
  /** The earlier attempt's exchanges that the report shows, as evidence of the window: never judged. */
  #earlier: HttpExchange[] = [];

  get length(): number {
    return this.#count;
  }

  push(exchange: HttpExchange): void {
    const ids = this.#externalIds ? externalIdsOf(exchange) : [];
    for (const id of ids) this.#externalIds?.add(id);
    const reused = ids.find((id) => this.#earlierIds.has(id));
    this.#count += 1;
    if (this.#first.length < KEPT_FIRST) this.#first.push(exchange);
    this.#recent.push(exchange);
    if (this.#recent.length >= 2 * KEPT_RECENT) {
      this.#recent = this.#recent.slice(KEPT_RECENT);
      this.#recentFrom += KEPT_RECENT;
    }
    if (reused !== undefined)
      throw new ReusedDataError(
        `the check's second attempt sent externalId ${reused}, which its first attempt had sent: the check does not start afresh, and nothing it saw is judged`,
      );
    const finding = errorBodyFindingOf(exchange);
    if (finding === undefined) return;
    if (this.#findings.length < KEPT_ERROR_BODY_FINDINGS) this.#findings.push(finding);
    else this.#moreFindings += 1;
  }

  /** The exchanges from index `from` on; a RangeError when they are older than the log keeps. */
  slice(from: number): HttpExchange[] {
    if (from < this.#recentFrom)
      throw new RangeError(
        `exchange ${from + 1} is no longer kept: only the last ${this.#count - this.#recentFrom} of ${this.#count} are`,
      );
    return this.#recent.slice(from - this.#recentFrom);
  }

  /** The first `half` and the last `half` exchanges, in order, without repeating one. */
  ends(half: number): HttpExchange[] {
    if (this.#count <= 2 * half) return this.slice(Math.max(0, this.#count - 2 * half));
    return [...this.#first.slice(0, half), ...this.slice(this.#count - half)];
  }

  /** Starts collecting the externalIds the check sends: it starts afresh, and may be run again. */
  collectExternalIds(): void {
    this.#externalIds ??= new Set();
  }

  /**
   * Answers that broke part 7 outside a window of unavailability (502, 503, 504): a deviation seen,
   * which a check run again would lose.
   */
  findingsOutsideUnavailability(): number {
    const outside = this.#findings.filter(({ exchange }) => unavailabilityOf(exchange, false) === undefined);
    return outside.length + this.#moreFindings;
  }

  /**
   * The check starts again whole: what was logged becomes the earlier attempt's evidence (the first and
   * last `half` exchanges), no longer judged, and the log starts empty; the externalIds sent so far may
   * not be sent again.
   */
  startAfresh(half: number): void {
    this.#earlier = this.ends(half);
    this.#earlierIds = new Set([...this.#earlierIds, ...(this.#externalIds ?? [])]);
    this.#externalIds = new Set();
    this.#count = 0;
    this.#first = [];
    this.#recent = [];
    this.#recentFrom = 0;
    this.#findings = [];
    this.#moreFindings = 0;
  }

  /** The earlier attempt's exchanges kept as evidence (none unless the check was run again). */
  earlier(): readonly HttpExchange[] {
    return this.#earlier;
  }

  /** Exchanges whose error body broke part 7, the first KEPT_ERROR_BODY_FINDINGS of them, and how many more. */
  errorBodyFindings(): { readonly kept: readonly ErrorBodyFinding[]; readonly more: number } {
    return { kept: this.#findings, more: this.#moreFindings };
  }
}
