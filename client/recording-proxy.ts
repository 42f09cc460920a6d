/**
 * The recording layer between the certified client and the service (the reference server, or a real
 * sandbox in proxy mode): it forwards every request faithfully, injects the scheduled faults, refuses
 * to forward a token of another environment, and records every exchange for the grader.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { environmentOfTokenIn, prefixesInUse, type TokenPrefixes } from '../contract/index.ts';
import { REFERENCE_CODES } from '../reference/index.ts';
import { type Environment, ERROR_CODES } from '../spec/index.ts';
import { registerSecrets } from '../utilities/redaction.ts';
import type { RecordedExchange } from './exchange.ts';
import { type FaultName, FaultSchedule, HELD_ANSWER_MS } from './faults.ts';

export interface RecordingProxyOptions {
  /** The service's base address (the double's or the upstream sandbox's). */
  readonly upstream: string;
  /** The environment of the run: a token of the other one is answered 401 ERR-1002 and not forwarded. */
  readonly environment: Environment;
  /**
   * The token prefix of each environment at the upstream (default: the spec's): a token is of the
   * other environment by these, so a `th_live_` token is never forwarded to a sandbox whose tokens are
   * `th_test_`, and a `th_test_` one is forwarded as the sandbox's own.
   */
  readonly tokenPrefixes?: TokenPrefixes;
  readonly faults: readonly FaultName[];
}

export interface RecordingProxy {
  readonly baseUrl: string;
  /** The wall-clock time of the recording's start: `sentAt` and `answeredAt` count from it. */
  readonly startedAt: Date;
  /** The exchanges so far, in arrival order. */
  exchanges(): readonly RecordedExchange[];
  /** Resolves once every request that arrived has been answered (or given up on) and recorded. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110) and those the proxy's own HTTP client sets again.
const NOT_FORWARDED = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
]);

/** The note of an exchange the service never answered. */
export const UNANSWERED = 'the service did not answer';

const simpleBody = (status: number, errorCode: string, title: string): string =>
  JSON.stringify({ status, errorCode, title });

const FAULT_500 = simpleBody(500, 'ERR-5001', ERROR_CODES['ERR-5001'].condition);
const FAULT_429 = simpleBody(429, REFERENCE_CODES.rateLimited.code, REFERENCE_CODES.rateLimited.title);
const WRONG_ENVIRONMENT = simpleBody(401, 'ERR-1002', ERROR_CODES['ERR-1002'].condition);

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const headersOf = (req: IncomingMessage): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
};

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

export const startRecordingProxy = async (options: RecordingProxyOptions): Promise<RecordingProxy> => {
  const started = performance.now();
  const startedAt = new Date();
  const now = (): number => Math.round(performance.now() - started);
  const schedule = new FaultSchedule(options.faults);
  const recorded: RecordedExchange[] = [];
  const upstream = new URL(options.upstream);
  const basePath = upstream.pathname.replace(/\/$/, '');
  const prefixes = options.tokenPrefixes ?? prefixesInUse(options.environment, []);

  const forward = async (method: string, url: string, headers: Record<string, string>, body: string) => {
    const kept = Object.fromEntries(Object.entries(headers).filter(([n]) => !NOT_FORWARDED.has(n)));
    const answer = await request(`${upstream.origin}${basePath}${url}`, {
      method: method as 'GET',
      headers: kept,
      ...(body !== '' || method === 'POST' || method === 'PUT' ? { body } : {}),
    });
    const responseHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !NOT_FORWARDED.has(name))
        responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { status: answer.statusCode, headers: responseHeaders, body: await answer.body.text() };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const sentAt = now();
    const seq = recorded.length + 1;
    // Reserve the slot now: exchanges are listed in arrival order even when answers finish out of order.
    recorded.push(undefined as unknown as RecordedExchange);
    try {
      await exchange(req, res, seq, sentAt);
    } catch (error) {
      // The service did not answer (unreachable, reset): the client gets a 502, and the run says so.
      const body = simpleBody(502, 'ERR-5001', 'The certification proxy could not reach the service');
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(502, JSON_HEADERS);
        res.end(body);
      }
      recorded[seq - 1] = Object.freeze({
        seq,
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: headersOf(req),
        body: '',
        sentAt,
        answeredAt: now(),
        status: 502,
        responseBody: body,
        responseHeaders: JSON_HEADERS,
        fault: undefined,
        forwarded: false,
        refused: `${UNANSWERED}: ${(error as Error).message.split('\n')[0]}`,
      });
    }
  };

  const exchange = async (
    req: IncomingMessage,
    res: ServerResponse,
    seq: number,
    sentAt: number,
  ): Promise<void> => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const headers = headersOf(req);
    const body = await readBody(req);
    let gaveUp = false;
    res.on('close', () => {
      if (!res.writableFinished) gaveUp = true;
    });

    const token = headers['x-access-token'];
    // From now on the command's passed-through output and the kit's own lines hide it too.
    registerSecrets(token);
    const tokenEnvironment = token ? environmentOfTokenIn(token, prefixes) : undefined;
    let fault: FaultName | undefined;
    let refused: string | undefined;
    let forwarded = false;
    let answer: Answer;
    if (tokenEnvironment !== undefined && tokenEnvironment !== options.environment) {
      refused = `a ${tokenEnvironment} token is never forwarded to a ${options.environment} service`;
      answer = { status: 401, headers: JSON_HEADERS, body: WRONG_ENVIRONMENT };
    } else {
      fault = schedule.beforeForward(method, now());
      if (fault === 'rate-limit') answer = { status: 429, headers: JSON_HEADERS, body: FAULT_429 };
      else if (fault === 'put-500-unapplied')
        answer = { status: 500, headers: JSON_HEADERS, body: FAULT_500 };
      else {
        forwarded = true;
        answer = await forward(method, url, headers, body);
        if (method === 'POST' && answer.status === 201) {
          fault = schedule.afterCreated();
          if (fault === 'post-500-stored') answer = { status: 500, headers: JSON_HEADERS, body: FAULT_500 };
          if (fault === 'post-timeout-stored') await heldUntilGivenUp(res, HELD_ANSWER_MS);
        }
      }
    }
    if (!gaveUp && !res.destroyed) {
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
      if (fault === 'rate-limit') schedule.answered429(now());
    }
    recorded[seq - 1] = Object.freeze({
      seq,
      method,
      url,
      headers,
      body,
      sentAt,
      answeredAt: gaveUp ? undefined : now(),
      status: gaveUp ? undefined : answer.status,
      responseBody: answer.body,
      responseHeaders: gaveUp ? {} : answer.headers,
      fault,
      forwarded,
      ...(refused ? { refused } : {}),
    });
  };

  const inFlight = new Set<Promise<void>>();
  const server = createServer((req, res) => {
    const handling = handle(req, res).finally(() => inFlight.delete(handling));
    inFlight.add(handling);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    startedAt,
    exchanges: () => recorded.filter((e) => e !== undefined),
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** Waits until the client hangs up or `ms` pass, whichever comes first. */
const heldUntilGivenUp = (res: ServerResponse, ms: number): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
