/**
 * The HTTP client every suite shares. undici sends exactly the headers and bytes it is given (a
 * header left out is not sent at all, a malformed body goes out byte for byte), which the header and
 * body checks need; Playwright's request context cannot leave out Content-Type and records requests,
 * tokens included, in traces.
 *
 * As a client of the service it follows part 4's rules: a 429 is retried with backoff (and counted),
 * a POST that may have succeeded is never retried, a 5xx or a time-out is reported, not retried. A
 * 502, 503, 504 or refused connection that a probe shows to be the deployment's unavailability (a
 * restart) is waited out: a GET is then sent again, anything else is *not run*, naming the window
 * (pacing/unavailability.ts). A 401 to the tenant's own credentials that a probe confirms stops the
 * run. A request with no answer marks its test *not run* (no rule can be judged without an answer),
 * and the run's guard (run-guard.ts) stops the run when the target is gone or keeps throttling.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type Dispatcher, request } from 'undici';
import { MIN_RECOVERY_MS, type TenantCredentials } from '../../config/index.ts';
import { TENANT_VARIABLES } from '../../contract/index.ts';
import { isPlainObject, judgeUpdateShown, parseJsonBody } from '../../oracle/index.ts';
import type { Pacer } from '../../pacing/request-pacer.ts';
import type { RequestStatsRecorder } from '../../pacing/request-stats.ts';
import { markNotRun, type RunGuard } from '../../pacing/run-guard.ts';
import { fateOf } from '../../pacing/target-health.ts';
import { unavailabilityOf } from '../../pacing/unavailability.ts';
import {
  answerOf,
  describeExchange,
  type HttpExchange,
  type RecordedRequest,
  type RecordedResponse,
} from '../../run-records/http-exchange.ts';
import {
  describeWindow,
  type MergedWindow,
  mergeWindows,
  type UnavailabilityWindow,
} from '../../run-records/unavailability-windows.ts';
import { EVENTS_PATH, eventPath, HEADERS, JSON_CONTENT_TYPE } from '../../spec/index.ts';
import { answerText } from '../../utilities/http-body.ts';
import { carriesOwnCredentials } from './own-credentials.ts';
import { type ProbeAnswer, probeOutcomeOf, sendProbe, TENANTLESS_HEADERS } from './probe.ts';
import { awaitRecovery } from './recovery.ts';

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
  override readonly name: string = 'NoResponseError';
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
  /** The longest wait for an unavailable deployment to come back (config/timeouts.ts). */
  readonly recoveryWaitMs?: number;
  /**
   * Every tenant of the target contract: a request carrying one's own credentials (even through a
   * client without a tenant, its headers set one by one) whose 401 a probe confirms stops the run.
   */
  readonly tenants?: readonly TenantCredentials[];
}

/** A response's headers, one lower-case name to one string value (repeated ones joined). */
export const flattenHeaders = (raw: Record<string, string | string[] | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(raw)
      .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
      .map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]),
  );

/** A PUT answered so is applied later: its change is awaited before the read that judges it. */
const ACCEPTED_STATUS = 202;
/** How long a change accepted with 202 may take to show; a queue slower than this reads as not applied. */
export const ACCEPTED_UPDATE_WAIT_MS = 5_000;
const ACCEPTED_UPDATE_POLL_MS = 100;

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

  /** A PUT of `event`; answered 202, its change awaited (see awaitAccepted). */
  async update(uuid: string, event: unknown, options: Partial<SendOptions> = {}): Promise<ServiceResponse> {
    const response = await this.send({ ...options, method: 'PUT', path: eventPath(uuid), json: event });
    await this.awaitAccepted(uuid, event, response, options);
    return response;
  }

  /** A PUT of an exact JSON text; answered 202, its change awaited when the text is a JSON object. */
  async updateBody(uuid: string, body: string): Promise<ServiceResponse> {
    const response = await this.send({ method: 'PUT', path: eventPath(uuid), rawBody: body });
    await this.awaitAccepted(uuid, parseJsonBody(body), response);
    return response;
  }

  /**
   * PUT's status is not shown (GAP-PUT-STATUS): a 202 accepts the update and applies it later (a
   * queue, a worker). The kit reads the event right after a PUT to judge it; after a 202 it first
   * reads it, with the same headers, until the change shows or ACCEPTED_UPDATE_WAIT_MS have passed,
   * so that the read judges the update, not the queue. Any other answer is not waited on. Public for
   * PUTs sent otherwise (a burst of simultaneous ones).
   */
  async awaitAccepted(
    uuid: string,
    sent: unknown,
    response: { readonly status: number },
    options: Partial<SendOptions> = {},
  ): Promise<void> {
    if (response.status !== ACCEPTED_STATUS || !isPlainObject(sent)) return;
    const deadline = performance.now() + ACCEPTED_UPDATE_WAIT_MS;
    const read = {
      ...(options.headers ? { headers: options.headers } : {}),
      method: 'GET',
      path: eventPath(uuid),
    };
    while (performance.now() < deadline) {
      const shown = await this.send(read);
      if (judgeUpdateShown(shown, sent).violations.length === 0) return;
      await sleep(ACCEPTED_UPDATE_POLL_MS);
    }
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

  /** The request as it will be sent: the tenant's headers with the overrides, and the body's bytes. */
  #prepare(options: SendOptions): { recorded: RecordedRequest; body: string | Uint8Array | undefined } {
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
    return { recorded, body };
  }

  /** Sends once and records what came back (an answer, or why none came); throws nothing of its own. */
  async #transmit(
    recorded: RecordedRequest,
    body: string | Uint8Array | undefined,
  ): Promise<{ exchange: HttpExchange; timedOut: boolean }> {
    const startedAt = new Date().toISOString();
    const start = performance.now();
    const timeoutMs =
      this.deps.guard?.suspect() && this.deps.suspectTimeoutMs !== undefined
        ? Math.min(this.deps.timeoutMs, this.deps.suspectTimeoutMs)
        : this.deps.timeoutMs;
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
        method: recorded.method as Dispatcher.HttpMethod,
        headers: recorded.headers,
        body,
        dispatcher: this.deps.dispatcher,
        signal: controller.signal,
      });
      const response: RecordedResponse = {
        status: answer.statusCode,
        headers: flattenHeaders(answer.headers),
        body: await answerText(answer),
      };
      const durationMs = performance.now() - start;
      return {
        exchange: { request: recorded, response, error: undefined, startedAt, durationMs },
        timedOut: false,
      };
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      const reason = timedOut
        ? `no answer within ${timeoutMs} ms`
        : `${(error as Error).message}${(error as { cause?: Error }).cause ? ` (${(error as { cause: Error }).cause.message})` : ''}`;
      const durationMs = performance.now() - start;
      return {
        exchange: { request: recorded, response: undefined, error: reason, startedAt, durationMs },
        timedOut,
      };
    } finally {
      clearTimeout(timer);
    }
  }

  /** `resent`: a GET sent again after it met unavailability (it is sent again once at most). */
  async #sendOnce(options: SendOptions, resent = false): Promise<ServiceResponse> {
    const { recorded, body } = this.#prepare(options);
    this.deps.guard?.beforeRequest();
    await this.deps.pacer?.take();
    this.deps.guard?.beforeRequest();
    this.deps.stats.sent(this.#statsKey);
    const { exchange, timedOut } = await this.#transmit(recorded, body);
    this.deps.onExchange(exchange);
    const unavailable = this.deps.guard ? unavailabilityOf(exchange, timedOut) : undefined;
    if (unavailable) {
      const again = await this.#meetUnavailability(options, exchange, unavailable, resent);
      if (again) return again;
    }
    return this.#answered(exchange);
  }

  /**
   * For answers this client did not send itself (a burst's, sent together on sockets of their own):
   * a 502, 503, 504 or refused connection that was the deployment's unavailability marks the check
   * not run (a burst's POSTs and PUTs are never sent again), and a 401 to the tenant's own credentials
   * that a probe confirms stops the run. Answers that were the deployment's verdicts pass unchanged.
   */
  async confirmAnswers(exchanges: readonly HttpExchange[]): Promise<void> {
    if (!this.deps.guard) return;
    const unavailable = exchanges.find((exchange) => unavailabilityOf(exchange, false) !== undefined);
    if (unavailable) {
      const what = unavailabilityOf(unavailable, false) as string;
      await this.#meetUnavailability(
        { method: unavailable.request.method, path: '' },
        unavailable,
        what,
        true,
      );
    }
    const refused = exchanges.find(
      (exchange) => exchange.response?.status === 401 && this.#ownerOf(exchange) !== undefined,
    );
    if (refused) await this.#confirmCredentials(refused, this.#ownerOf(refused) as TenantCredentials);
  }

  /** The exchange as the check gets it, or the error that says why it gets none. */
  async #answered(exchange: HttpExchange): Promise<ServiceResponse> {
    this.deps.guard?.afterRequest(exchange);
    const { response } = exchange;
    if (!response) {
      // Not retried: a POST may have been stored (part 4, rule 6). No rule can be judged without an
      // answer: the test is not run, never failed on a rule.
      markNotRun('no-answer', `not run: the target gave no HTTP answer (${exchange.error})`, exchange);
      throw new NoResponseError(
        `The target gave no HTTP answer: ${exchange.error}\n${describeExchange(exchange)}`,
      );
    }
    const fate = fateOf(exchange.response, exchange.error);
    if (fate.kind === 'gateway') {
      markNotRun('no-answer', `not run: the service did not answer (${fate.detail})`, exchange);
      throw new NoResponseError(`The service did not answer: ${fate.detail}\n${describeExchange(exchange)}`);
    }
    const owner = response.status === 401 && this.deps.guard ? this.#ownerOf(exchange) : undefined;
    if (owner) await this.#confirmCredentials(exchange, owner);
    return { ...answerOf(response), exchange };
  }

  /** The tenant whose own credentials, unchanged, the request carried, if any. */
  #ownerOf(exchange: HttpExchange): TenantCredentials | undefined {
    return [this.tenant, ...(this.deps.tenants ?? [])].find((tenant) =>
      carriesOwnCredentials(tenant, exchange.request.headers),
    );
  }

  #probe(tenant?: TenantCredentials): Promise<ProbeAnswer> {
    this.deps.stats.sent(tenant?.name ?? 'no tenant headers');
    return sendProbe(
      {
        baseUrl: this.deps.baseUrl,
        dispatcher: this.deps.dispatcher,
        timeoutMs: this.deps.suspectTimeoutMs ?? this.deps.timeoutMs,
      },
      tenant && {
        ...TENANTLESS_HEADERS,
        [HEADERS.clientId]: tenant.clientId,
        [HEADERS.accessToken]: tenant.accessToken,
      },
    );
  }

  /**
   * A 401 to a request that carried the tenant's own credentials: a probe with the same credentials
   * tells a deployment that judged this request (the probe is answered 404: the 401 is judged as its
   * verdict) from credentials that stopped working (the probe is refused too: the run stops).
   */
  async #confirmCredentials(exchange: HttpExchange, tenant: TenantCredentials): Promise<void> {
    const probe = await this.#probe(tenant);
    if (probe.status !== 401) return;
    const guard = this.deps.guard as RunGuard;
    guard.beforeRequest();
    throw guard.credentialsRefused(
      tenant.name,
      exchange.startedAt,
      credentialsRefusedLine(tenant.name, exchange, probe),
    );
  }

  /**
   * A request that met a 502, 503, 504 or a refused connection: a probe tells the deployment's
   * unavailability from its verdict on this request (unavailability.ts). Unavailable: the client waits
   * until the deployment is back, then sends a GET again (which cannot change what a check judges),
   * and marks a POST or PUT *not run*, naming the window (sending it again could store twice). Returns
   * the answer to the GET sent again, or undefined when the answer was the deployment's verdict.
   */
  async #meetUnavailability(
    options: SendOptions,
    exchange: HttpExchange,
    what: string,
    resent: boolean,
  ): Promise<ServiceResponse | undefined> {
    // The requests of this worker that meet it together share one probe and one wait, so that a
    // check's requests in flight send one series of probes, not one each.
    let pending = PROBING.get(this.deps.baseUrl);
    if (!pending) {
      pending = this.#probeAndWait(exchange, what);
      PROBING.set(this.deps.baseUrl, pending);
      const done = () => PROBING.delete(this.deps.baseUrl);
      pending.then(done, done);
    }
    const window = await pending;
    if (window) return this.#afterWindow(options, exchange, window, resent);
    // Answered at once: this answer was the verdict, unless it came in a window another worker met.
    const seen = (this.deps.guard as RunGuard).unavailableDuring(Date.parse(exchange.startedAt), Date.now());
    if (seen) return this.#afterWindow(options, exchange, seen, resent);
    // A GET is asked once more, so that the last moment of a window is never taken for a verdict.
    return options.method === 'GET' && !resent ? this.#sendOnce(options, true) : undefined;
  }

  /** The window the deployment was unavailable in, once it is back; undefined when the first probe is answered. */
  async #probeAndWait(exchange: HttpExchange, what: string): Promise<MergedWindow | undefined> {
    const first = probeOutcomeOf(await this.#probe());
    return first.available ? undefined : this.#waitForDeployment(exchange, what, first.retryAfterMs);
  }

  /**
   * Probes until the deployment is back, recording the window as it opens and as it closes; a
   * deployment that does not come back within the wait stops the run (the error thrown).
   */
  async #waitForDeployment(
    exchange: HttpExchange,
    what: string,
    retryAfterMs: number | undefined,
  ): Promise<MergedWindow> {
    const guard = this.deps.guard as RunGuard;
    const window: UnavailabilityWindow = { since: exchange.startedAt, what };
    guard.recordUnavailability(window);
    // Each probe asks the guard first: once another worker has stopped the run, this one waits no more.
    const probe = () => {
      guard.beforeRequest();
      return this.#probe().then(probeOutcomeOf);
    };
    const recovery = await awaitRecovery(probe, {
      since: Date.parse(exchange.startedAt),
      maxWaitMs: this.deps.recoveryWaitMs ?? DEFAULT_RECOVERY_WAIT_MS,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
    if (!recovery.back) {
      markNotRun('run-stopped', 'not run: the target went away', exchange);
      throw guard.unavailableForGood(exchange.startedAt, lostLine(exchange, what, recovery));
    }
    const closed = { ...window, until: new Date(recovery.at).toISOString() };
    guard.recordUnavailability(closed);
    return mergeWindows([closed])[0] as MergedWindow;
  }

  /** After a window: a GET is sent again once; anything else is not run, naming the window. */
  #afterWindow(
    options: SendOptions,
    exchange: HttpExchange,
    window: MergedWindow,
    resent: boolean,
  ): Promise<ServiceResponse> {
    if (options.method === 'GET' && !resent) return this.#sendOnce(options, true);
    const reason = `not run: the deployment was unavailable ${describeWindow(window)}; ${options.method === 'GET' ? 'the GET met it again when sent once more' : `a ${options.method} may have stored something, so it is not sent again (part 4, rule 6)`}`;
    markNotRun('unavailable', reason, exchange);
    throw new UnavailableError(`${reason}\n${describeExchange(exchange)}`, window, options.method);
  }
}

/** The probe (and wait) for an unavailable deployment under way in this worker, by base URL: its requests share it. */
const PROBING = new Map<string, Promise<MergedWindow | undefined>>();

/** The longest a client waits for an unavailable deployment to come back, unless told (config/timeouts.ts). */
const DEFAULT_RECOVERY_WAIT_MS = MIN_RECOVERY_MS;

/** A request met the deployment's unavailability and could not be sent again: its check is not run. */
export class UnavailableError extends NoResponseError {
  override readonly name = 'UnavailableError';
  /** The window the request met, and its method. */
  readonly window: MergedWindow;
  readonly method: string;
  constructor(message: string, window: MergedWindow, method: string) {
    super(message);
    this.window = window;
    this.method = method;
  }
}

const lostLine = (
  exchange: HttpExchange,
  what: string,
  recovery: { probes: number; detail?: string },
): string =>
  `TARGET LOST: ${recovery.probes + 1} requests in a row since ${exchange.startedAt} got no answer from the service (first: ${what}; last: ${recovery.detail ?? what}), and it did not come back; the tests already done are kept, the rest are not run`;

const credentialsRefusedLine = (tenant: string, exchange: HttpExchange, probe: ProbeAnswer): string => {
  const role = tenant as keyof typeof TENANT_VARIABLES;
  const names = TENANT_VARIABLES[role]
    ? ` (${TENANT_VARIABLES[role].clientId} / ${TENANT_VARIABLES[role].accessToken})`
    : '';
  const url = new URL(exchange.request.url);
  return `CREDENTIALS STOPPED WORKING: tenant ${tenant}'s credentials${names} are refused since ${exchange.startedAt} (HTTP 401${probe.errorCode ? ` ${probe.errorCode}` : ''} to ${exchange.request.method} ${url.pathname}, and to a GET that creates nothing): expired, rotated or revoked; no rule is judged on those answers, the checks from then on are not run`;
};
