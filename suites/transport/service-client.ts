/**
 * The HTTP client every suite shares. undici sends exactly the headers and bytes it is given (a
 * header left out is not sent at all, a malformed body goes out byte for byte), which the header and
 * body checks need; Playwright's request context cannot leave out Content-Type and records requests,
 * tokens included, in traces.
 *
 * As a client of the service it follows part 4's rules: a 429 is retried with backoff (and counted),
 * a POST that may have succeeded is never retried, a 5xx or a time-out is reported, not retried.
 * A request with no answer marks its test *not run* (no rule can be judged without an answer), and
 * the run's guard (run-guard.ts) stops the run when the target is gone or keeps throttling.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type Dispatcher, request } from 'undici';
import type { TenantCredentials } from '../../config/index.ts';
import type { Pacer } from '../../pacing/request-pacer.ts';
import type { RequestStatsRecorder } from '../../pacing/request-stats.ts';
import { markNotRun, type RunGuard } from '../../pacing/run-guard.ts';
import { fateOf } from '../../pacing/target-health.ts';
import {
  answerOf,
  describeExchange,
  type HttpExchange,
  type RecordedRequest,
  type RecordedResponse,
} from '../../run-records/http-exchange.ts';
import { EVENTS_PATH, eventPath, HEADERS, JSON_CONTENT_TYPE } from '../../spec/index.ts';

export interface ServiceResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /** The parsed body, or undefined when it is not JSON. */
  readonly json: unknown;
  readonly exchange: HttpExchange;
}

export interface SendOptions {
  readonly method: string;
  readonly path: string;
  /** Header overrides on top of the tenant's three headers; `null` leaves a header out entirely. */
  readonly headers?: Readonly<Record<string, string | null>>;
  /** A value sent as JSON. */
  readonly json?: unknown;
  /** Bytes sent exactly as given (malformed JSON, other encodings). */
  readonly rawBody?: string | Uint8Array;
  /** Retry a 429 with backoff (default true; the rate-limit checks turn it off to see every 429). */
  readonly retryOn429?: boolean;
}

/** Raised when the target gives no HTTP answer at all; the message carries the redacted exchange. */
export class NoResponseError extends Error {
  override readonly name = 'NoResponseError';
}

export interface ServiceClientDeps {
  readonly baseUrl: string;
  readonly dispatcher: Dispatcher;
  readonly pacer: Pacer | undefined;
  readonly stats: RequestStatsRecorder;
  readonly onExchange: (exchange: HttpExchange) => void;
  /** Requests of the test still unanswered (sent, paced or backing off), counted across its clients. */
  readonly inFlight?: { count: number };
  readonly timeoutMs: number;
  /** The wait once a request went unanswered (config/timeouts.ts); timeoutMs when absent. */
  readonly suspectTimeoutMs?: number;
  /** Delay before the n-th retry of a 429 (0-based). */
  readonly backoffMs: (attempt: number) => number;
  readonly max429Retries: number;
  /** The run's guard; without one, nothing stops the run (the kit tests of the client). */
  readonly guard?: RunGuard;
  /** Whether a 429 is a breach of the run's own pacing (a paced tenant's), which the guard watches. */
  readonly watchThrottles?: boolean;
}

/** A response's headers, one lower-case name to one string value (repeated ones joined). */
export const flattenHeaders = (raw: Record<string, string | string[] | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(raw)
      .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
      .map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]),
  );

export class ServiceClient {
  /** The tenant whose headers are sent; undefined sends no tenant headers unless given. */
  readonly tenant: TenantCredentials | undefined;
  private readonly deps: ServiceClientDeps;
  constructor(tenant: TenantCredentials | undefined, deps: ServiceClientDeps) {
    this.tenant = tenant;
    this.deps = deps;
  }

  get #statsKey(): string {
    return this.tenant?.name ?? 'no tenant headers';
  }

  /** This client's headers: the three of part 5. */
  defaultHeaders(): Record<string, string> {
    const headers: Record<string, string> = {
      [HEADERS.contentType]: JSON_CONTENT_TYPE,
      accept: JSON_CONTENT_TYPE,
    };
    if (this.tenant) {
      headers[HEADERS.clientId] = this.tenant.clientId;
      headers[HEADERS.accessToken] = this.tenant.accessToken;
    }
    return headers;
  }

  create(event: unknown, options: Partial<SendOptions> = {}): Promise<ServiceResponse> {
    return this.send({ ...options, method: 'POST', path: EVENTS_PATH, json: event });
  }

  retrieve(uuid: string, options: Partial<SendOptions> = {}): Promise<ServiceResponse> {
    return this.send({ ...options, method: 'GET', path: eventPath(uuid) });
  }

  update(uuid: string, event: unknown, options: Partial<SendOptions> = {}): Promise<ServiceResponse> {
    return this.send({ ...options, method: 'PUT', path: eventPath(uuid), json: event });
  }

  async send(options: SendOptions): Promise<ServiceResponse> {
    const inFlight = this.deps.inFlight;
    if (inFlight) inFlight.count += 1;
    try {
      return await this.#sendWithRetries(options);
    } finally {
      if (inFlight) inFlight.count -= 1;
    }
  }

  async #sendWithRetries(options: SendOptions): Promise<ServiceResponse> {
    const retryOn429 = options.retryOn429 ?? true;
    for (let attempt = 0; ; attempt += 1) {
      const response = await this.#sendOnce(options);
      if (response.status !== 429) return response;
      this.deps.stats.throttled(this.#statsKey);
      if (!retryOn429) return response;
      if (this.deps.watchThrottles && this.deps.guard) throw this.deps.guard.throttled(this.#statsKey);
      if (attempt >= this.deps.max429Retries) return response;
      this.deps.stats.retried(this.#statsKey);
      // A 429 means the request was not processed, so even a POST may be sent again (part 8).
      await sleep(this.deps.backoffMs(attempt));
    }
  }

  async #sendOnce(options: SendOptions): Promise<ServiceResponse> {
    const headers: Record<string, string> = this.defaultHeaders();
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      for (const existing of Object.keys(headers))
        if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
      if (value !== null) headers[name] = value;
    }
    const body =
      options.rawBody !== undefined
        ? options.rawBody
        : options.json !== undefined
          ? JSON.stringify(options.json)
          : undefined;
    const recorded: RecordedRequest = {
      method: options.method,
      url: `${this.deps.baseUrl}${options.path}`,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : new TextDecoder().decode(body),
    };
    this.deps.guard?.beforeRequest();
    await this.deps.pacer?.take();
    this.deps.guard?.beforeRequest();
    this.deps.stats.sent(this.#statsKey);
    const startedAt = new Date().toISOString();
    const start = performance.now();
    const timeoutMs =
      this.deps.guard?.suspect() && this.deps.suspectTimeoutMs !== undefined
        ? Math.min(this.deps.timeoutMs, this.deps.suspectTimeoutMs)
        : this.deps.timeoutMs;
    let exchange: HttpExchange;
    let response: RecordedResponse;
    // A timer cleared once the answer is in, not AbortSignal.timeout: that one lives its whole time-out
    // whatever happens, holding the request's state, and a burst of thousands a second kept seconds'
    // worth of them.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    );
    try {
      const answer = await request(recorded.url, {
        method: options.method as Dispatcher.HttpMethod,
        headers,
        body,
        dispatcher: this.deps.dispatcher,
        signal: controller.signal,
      });
      response = {
        status: answer.statusCode,
        headers: flattenHeaders(answer.headers),
        body: await answer.body.text(),
      };
      clearTimeout(timer);
      exchange = {
        request: recorded,
        response,
        error: undefined,
        startedAt,
        durationMs: performance.now() - start,
      };
    } catch (error) {
      clearTimeout(timer);
      const reason =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : `${(error as Error).message}${(error as { cause?: Error }).cause ? ` (${(error as { cause: Error }).cause.message})` : ''}`;
      exchange = {
        request: recorded,
        response: undefined,
        error: reason,
        startedAt,
        durationMs: performance.now() - start,
      };
      this.deps.onExchange(exchange);
      this.deps.guard?.afterRequest(exchange);
      // Not retried: a POST may have been stored (part 4, rule 6). No rule can be judged without an
      // answer: the test is not run, never failed on a rule.
      markNotRun('no-answer', `not run: the target gave no HTTP answer (${reason})`, exchange);
      throw new NoResponseError(`The target gave no HTTP answer: ${reason}\n${describeExchange(exchange)}`);
    }
    this.deps.onExchange(exchange);
    this.deps.guard?.afterRequest(exchange);
    const fate = fateOf(exchange.response, exchange.error);
    if (fate.kind === 'gateway') {
      markNotRun('no-answer', `not run: the service did not answer (${fate.detail})`, exchange);
      throw new NoResponseError(`The service did not answer: ${fate.detail}\n${describeExchange(exchange)}`);
    }
    return { ...answerOf(response), exchange };
  }
}
