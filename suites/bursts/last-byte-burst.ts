/**
 * Simultaneous requests provoked on purpose, whatever the machine's load: last-byte synchronisation.
 * Each request gets its own connection, opened and warmed first (TCP connected, TLS handshake done);
 * then every request is written but its final byte, and once every socket has flushed those bytes
 * (the write callbacks) the final bytes are written in one synchronous loop. A server cannot act on a
 * request before its last byte, so however slowly the heads went out, the requests become complete
 * within the span of that loop; a busy event loop delays the release, not its spread. The span is
 * measured and returned, for the verdict to decide whether the burst makes the claim.
 *
 * node:http's ClientRequest runs on the sockets opened here (`createConnection`): it writes the head
 * and parses the responses as the platform does (chunked bodies, malformed answers); the final bytes go
 * straight to the sockets, so that the release loop is a socket write a request and nothing more. A
 * raw socket with a hand-written response parser would gain nothing measurable for the release.
 *
 * Like the ordinary client (service-client.ts), a burst sends the tenant's headers, takes one slot of
 * the tenant's pacing for all its requests (counted in its budget), records every exchange for the
 * check, tells the run guard of each, and marks the check not run when the target gives no answer.
 */

import { readFileSync } from 'node:fs';
import { type ClientRequest, request as httpRequest } from 'node:http';
import { isIP, connect as netConnect, type Socket } from 'node:net';
import { rootCertificates, connect as tlsConnect } from 'node:tls';
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
import { decodedText } from '../../utilities/http-body.ts';
import { flattenHeaders, NoResponseError, type ServiceResponse } from '../transport/service-client.ts';
import { type BurstTiming, burstTiming, splitForRelease } from './burst-timing.ts';

/** One request of a burst: a JSON body is what every simultaneous check sends. */
export interface BurstRequest {
  readonly method: 'POST' | 'PUT';
  readonly path: string;
  readonly json: unknown;
}

export interface BurstResult {
  /** In the order of the requests given. */
  readonly responses: readonly ServiceResponse[];
  readonly timing: BurstTiming;
}

export interface BurstSenderDeps {
  readonly baseUrl: string;
  /** A PEM file to trust besides the public CAs (TARGET_CA_FILE). */
  readonly caFile?: string | undefined;
  /** The headers the ordinary client sends for the tenant. */
  readonly headers: Readonly<Record<string, string>>;
  /** The tenant's name in the request counts. */
  readonly statsKey: string;
  readonly pacer: Pacer | undefined;
  readonly stats: RequestStatsRecorder;
  readonly onExchange: (exchange: HttpExchange) => void;
  readonly guard?: RunGuard;
  readonly timeoutMs: number;
  /**
   * Asks of the burst's answers what the ordinary client asks of each of its own: whether a 502, 503,
   * 504 or refused connection was the deployment's unavailability, and a 401 its tenant's credentials
   * stopping working (ServiceClient.confirmAnswers); throws when a burst cannot be judged.
   */
  readonly confirm?: (exchanges: readonly HttpExchange[]) => Promise<void>;
}

interface Prepared {
  readonly socket: Socket;
  readonly recorded: RecordedRequest;
  readonly held: Uint8Array;
  readonly last: Uint8Array;
}

type Outcome = { readonly response: RecordedResponse; readonly at: bigint } | { readonly error: string };

/** A burst whose requests have left but for their last bytes. */
interface Written {
  readonly outcomes: readonly Promise<Outcome>[];
  readonly clientRequests: readonly ClientRequest[];
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export class LastByteBurst {
  readonly #url: URL;
  readonly #ca: string[] | undefined;

  private readonly deps: BurstSenderDeps;
  constructor(deps: BurstSenderDeps) {
    this.deps = deps;
    this.#url = new URL(deps.baseUrl);
    this.#ca =
      deps.caFile === undefined ? undefined : [...rootCertificates, readFileSync(deps.caFile, 'utf8')];
  }

  /** Sends the requests together; a pacing share too small for them all rejects with BudgetCannotHold. */
  async send(requests: readonly BurstRequest[]): Promise<BurstResult> {
    const release = await this.ready(requests);
    return release();
  }

  /**
   * Everything but the last bytes: the connections open, the requests written but their last byte, the
   * pacing taken. The function it resolves to sends the last bytes: two bursts made ready together
   * (two tenants' requests) are released together by calling both at once.
   */
  async ready(requests: readonly BurstRequest[]): Promise<() => Promise<BurstResult>> {
    const sockets = await this.#openAll(requests);
    const prepared = requests.map((r, i) => this.#prepare(r, sockets[i] as Socket));
    try {
      this.deps.guard?.beforeRequest();
      await this.deps.pacer?.take(requests.length);
      this.deps.guard?.beforeRequest();
    } catch (error) {
      for (const socket of sockets) socket.destroy();
      throw error;
    }
    const startedAt = new Date().toISOString();
    const start = performance.now();
    const written = await this.#writeAllButLastBytes(prepared);
    // Called, it writes the last bytes before it awaits anything: the releases of bursts made ready
    // together, called one after the other in one loop, leave in one turn of the event loop.
    return () => {
      for (let i = 0; i < requests.length; i += 1) this.deps.stats.sent(this.deps.statsKey);
      return this.#release(prepared, written, startedAt, start);
    };
  }

  async #openAll(requests: readonly BurstRequest[]): Promise<Socket[]> {
    const opened = await Promise.allSettled(requests.map(() => this.#open()));
    const failed = opened.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (!failed) return opened.map((o) => (o as PromiseFulfilledResult<Socket>).value);
    for (const o of opened) if (o.status === 'fulfilled') o.value.destroy();
    // No request left: it is the target that could not be reached, as for the ordinary client.
    const reason = `could not connect: ${reasonOf(failed.reason)}`;
    const exchange: HttpExchange = {
      request: this.#recorded(requests[0] as BurstRequest),
      response: undefined,
      error: reason,
      startedAt: new Date().toISOString(),
      durationMs: 0,
    };
    this.deps.onExchange(exchange);
    this.deps.guard?.afterRequest(exchange);
    markNotRun('no-answer', `not run: the target gave no HTTP answer (${reason})`, exchange);
    throw new NoResponseError(`The target gave no HTTP answer: ${reason}\n${describeExchange(exchange)}`);
  }

  /** A connection ready to carry a request at once: connected, and over TLS with the handshake done. */
  #open(): Promise<Socket> {
    const host = this.#url.hostname.replace(/^\[|\]$/g, '');
    const secure = this.#url.protocol === 'https:';
    const port = Number(this.#url.port || (secure ? 443 : 80));
    return new Promise((resolve, reject) => {
      const socket: Socket = secure
        ? tlsConnect({
            host,
            port,
            ...(isIP(host) === 0 ? { servername: host } : {}),
            ...(this.#ca ? { ca: this.#ca } : {}),
            ALPNProtocols: ['http/1.1'],
          })
        : netConnect({ host, port });
      socket.setNoDelay(true);
      const timer = setTimeout(
        () => socket.destroy(new Error(`no connection within ${this.deps.timeoutMs} ms`)),
        this.deps.timeoutMs,
      );
      socket.once(secure ? 'secureConnect' : 'connect', () => {
        clearTimeout(timer);
        resolve(socket);
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  #recorded(request: BurstRequest): RecordedRequest {
    return {
      method: request.method,
      url: `${this.deps.baseUrl}${request.path}`,
      headers: { ...this.deps.headers },
      body: JSON.stringify(request.json),
    };
  }

  #prepare(request: BurstRequest, socket: Socket): Prepared {
    const recorded = this.#recorded(request);
    const { held, last } = splitForRelease(new TextEncoder().encode(recorded.body));
    return { socket, recorded, held, last };
  }

  /** Every head and body but its final byte, flushed out of this process. */
  async #writeAllButLastBytes(prepared: readonly Prepared[]): Promise<Written> {
    const outcomes: Promise<Outcome>[] = [];
    const clientRequests: ClientRequest[] = [];
    const flushed: Promise<void>[] = [];
    for (const p of prepared) {
      const req = httpRequest({
        method: p.recorded.method,
        path: new URL(p.recorded.url).pathname,
        headers: {
          ...p.recorded.headers,
          host: this.#url.host,
          'content-length': String(p.held.length + p.last.length),
        },
        createConnection: () => p.socket,
      });
      req.setTimeout(this.deps.timeoutMs, () =>
        req.destroy(new Error(`no answer within ${this.deps.timeoutMs} ms`)),
      );
      outcomes.push(this.#outcomeOf(req));
      flushed.push(
        new Promise((resolve) => {
          req.write(p.held, () => resolve());
        }),
      );
      clientRequests.push(req);
    }
    await Promise.all(flushed);
    return { outcomes, clientRequests };
  }

  async #release(
    prepared: readonly Prepared[],
    { outcomes, clientRequests }: Written,
    startedAt: string,
    start: number,
  ): Promise<BurstResult> {
    // The release: one socket write of one byte a request, nothing else in the loop, before the first
    // await. The requests are then ended, which writes nothing more (the body has its Content-Length;
    // no chunked encoding).
    const releaseStart = process.hrtime.bigint();
    const released: bigint[] = [];
    for (const p of prepared) {
      p.socket.write(p.last);
      released.push(process.hrtime.bigint());
    }
    for (const req of clientRequests) req.end();
    const settled = await Promise.all(outcomes);
    const durationMs = performance.now() - start;
    const exchanges: HttpExchange[] = settled.map((outcome, i) => ({
      request: (prepared[i] as Prepared).recorded,
      response: 'response' in outcome ? outcome.response : undefined,
      error: 'error' in outcome ? outcome.error : undefined,
      startedAt,
      durationMs,
    }));
    let stopped: Error | undefined;
    for (const exchange of exchanges) {
      this.deps.onExchange(exchange);
      this.deps.guard?.afterRequest(exchange);
      if (exchange.response?.status !== 429) continue;
      // Never retried (the burst would no longer be one); a paced tenant's 429 is the run guard's to watch.
      this.deps.stats.throttled(this.deps.statsKey);
      stopped ??= this.deps.guard?.throttled(this.deps.statsKey);
    }
    if (stopped) throw stopped;
    await this.deps.confirm?.(exchanges);
    for (const exchange of exchanges) this.#failUnanswered(exchange);
    return {
      responses: exchanges.map((exchange) => ({
        ...answerOf(exchange.response as RecordedResponse),
        exchange,
      })),
      timing: burstTiming({
        releaseStart,
        released,
        answered: settled.map((outcome) => ('at' in outcome ? outcome.at : undefined)),
      }),
    };
  }

  #outcomeOf(req: ClientRequest): Promise<Outcome> {
    return new Promise((resolve) => {
      req.once('error', (error) => resolve({ error: reasonOf(error) }));
      req.once('response', (res) => {
        const at = process.hrtime.bigint();
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('error', (error) => resolve({ error: reasonOf(error) }));
        res.once('end', () =>
          resolve({
            at,
            response: {
              status: res.statusCode ?? 0,
              headers: flattenHeaders(res.headers),
              body: decodedText(Buffer.concat(chunks), res.headers['content-encoding']),
            },
          }),
        );
      });
    });
  }

  /** No answer, or a gateway's page: no rule can be judged; the check is not run (service-client.ts). */
  #failUnanswered(exchange: HttpExchange): void {
    const fate = fateOf(exchange.response, exchange.error);
    if (fate.kind === 'answered') return;
    const what = fate.kind === 'gateway' ? 'the service did not answer' : 'the target gave no HTTP answer';
    markNotRun('no-answer', `not run: ${what} (${fate.detail})`, exchange);
    throw new NoResponseError(`${what}: ${fate.detail}\n${describeExchange(exchange)}`);
  }
}
