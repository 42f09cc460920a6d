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
import { answerText, wasEncoded } from '../utilities/http-body.ts';
import { registerSecrets } from '../utilities/redaction.ts';
import type { RecordedExchange } from './exchange.ts';
import { type FaultName, FaultSchedule, HELD_ANSWER_MS } from './faults.ts';
import { type Stall, startStallMonitor } from './stall-monitor.ts';

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
  /** When this process could not run, on the same clock: the grader's measure of a busy machine. */
  stalls(): readonly Stall[];
  /** Whether the machine's own timer thread runs beside this process's (stall-monitor.ts). */
  readonly machineMeasured: boolean;
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

type Forward = (
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string,
) => Promise<Answer>;

/** What the exchanges of one proxy share: its clock, its fault schedule, its record, its way to the service. */
interface Recording {
  /** Milliseconds since the recording started. */
  readonly now: () => number;
  readonly schedule: FaultSchedule;
  /** In arrival order; a slot is reserved when a request arrives and filled when it is settled. */
  readonly recorded: RecordedExchange[];
  readonly forward: Forward;
  readonly environment: Environment;
  readonly prefixes: TokenPrefixes;
}

/** Forwards a request faithfully to the service under its base path, without the hop-by-hop headers. */
const forwarderTo = (service: string): Forward => {
  const upstream = new URL(service);
  const basePath = upstream.pathname.replace(/\/$/, '');
  return async (method, url, headers, body) => {
    const kept = Object.fromEntries(Object.entries(headers).filter(([n]) => !NOT_FORWARDED.has(n)));
    const answer = await request(`${upstream.origin}${basePath}${url}`, {
      method: method as 'GET',
      headers: kept,
      ...(body !== '' || method === 'POST' || method === 'PUT' ? { body } : {}),
    });
    // The answer is recorded and passed on as text, its coding undone: the client gets it uncoded
    // (identity is acceptable to any client), so the coding's header goes with it.
    const decoded = wasEncoded(answer.headers['content-encoding']);
    const responseHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !NOT_FORWARDED.has(name) && !(decoded && name === 'content-encoding'))
        responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { status: answer.statusCode, headers: responseHeaders, body: await answerText(answer) };
  };
};

/** Why a request is answered 401 by the kit and not forwarded: its token is of another environment than the run's. */
export const wrongEnvironmentRefusal = (
  token: string | undefined,
  prefixes: TokenPrefixes,
  environment: Environment,
): string | undefined => {
  const tokenEnvironment = token ? environmentOfTokenIn(token, prefixes) : undefined;
  if (tokenEnvironment === undefined || tokenEnvironment === environment) return undefined;
  return `a ${tokenEnvironment} token is never forwarded to a ${environment} service`;
};

interface Outcome {
  readonly answer: Answer;
  readonly fault: FaultName | undefined;
  readonly forwarded: boolean;
  readonly refused?: string;
}

interface ArrivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** The answer to a request: refused, a fault injected before forwarding, or the service's own, faulted after a creation. */
const answerOf = async (
  recording: Recording,
  res: ServerResponse,
  arrived: ArrivedRequest,
): Promise<Outcome> => {
  const { method, url, headers, body } = arrived;
  const refused = wrongEnvironmentRefusal(
    headers['x-access-token'],
    recording.prefixes,
    recording.environment,
  );
  if (refused !== undefined)
    return {
      answer: { status: 401, headers: JSON_HEADERS, body: WRONG_ENVIRONMENT },
      fault: undefined,
      forwarded: false,
      refused,
    };
  const fault = recording.schedule.beforeForward(method, recording.now());
  if (fault === 'rate-limit')
    return { answer: { status: 429, headers: JSON_HEADERS, body: FAULT_429 }, fault, forwarded: false };
  if (fault === 'put-500-unapplied')
    return { answer: { status: 500, headers: JSON_HEADERS, body: FAULT_500 }, fault, forwarded: false };
  const answer = await recording.forward(method, url, headers, body);
  if (method !== 'POST' || answer.status !== 201) return { answer, fault, forwarded: true };
  const afterCreated = recording.schedule.afterCreated();
  if (afterCreated === 'post-timeout-stored') await heldUntilGivenUp(res, HELD_ANSWER_MS);
  const faulted = afterCreated === 'post-500-stored';
  return {
    answer: faulted ? { status: 500, headers: JSON_HEADERS, body: FAULT_500 } : answer,
    fault: afterCreated,
    forwarded: true,
  };
};

/** Answers one request (unless the client gave up first) and records the exchange in its slot. */
const recordExchange = async (
  recording: Recording,
  req: IncomingMessage,
  res: ServerResponse,
  slot: { readonly seq: number; readonly sentAt: number },
): Promise<void> => {
  const arrived = {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers: headersOf(req),
    body: await readBody(req),
  };
  let gaveUp = false;
  res.on('close', () => {
    if (!res.writableFinished) gaveUp = true;
  });
  // From now on the command's passed-through output and the kit's own lines hide it too.
  registerSecrets(arrived.headers['x-access-token']);
  const { answer, fault, forwarded, refused } = await answerOf(recording, res, arrived);
  // Before the answer is written: a stall while writing it makes a retry's delay look longer, never
  // shorter, so a client that waited is never taken for one that did not.
  const answeredAt = recording.now();
  if (!gaveUp && !res.destroyed) {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
    if (fault === 'rate-limit') recording.schedule.answered429(answeredAt);
  }
  recording.recorded[slot.seq - 1] = Object.freeze({
    seq: slot.seq,
    ...arrived,
    sentAt: slot.sentAt,
    answeredAt: gaveUp ? undefined : answeredAt,
    status: gaveUp ? undefined : answer.status,
    responseBody: answer.body,
    responseHeaders: gaveUp ? {} : answer.headers,
    fault,
    forwarded,
    ...(refused ? { refused } : {}),
  });
};

/** Handles one request; when the service did not answer (unreachable, reset) the client gets a 502, and the run says so. */
const handleRequest = async (
  recording: Recording,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> => {
  const slot = { seq: recording.recorded.length + 1, sentAt: recording.now() };
  // Reserve the slot now: exchanges are listed in arrival order even when answers finish out of order.
  recording.recorded.push(undefined as unknown as RecordedExchange);
  try {
    await recordExchange(recording, req, res, slot);
  } catch (error) {
    const body = simpleBody(502, 'ERR-5001', 'The certification proxy could not reach the service');
    if (!res.headersSent && !res.destroyed) {
      res.writeHead(502, JSON_HEADERS);
      res.end(body);
    }
    recording.recorded[slot.seq - 1] = Object.freeze({
      seq: slot.seq,
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: headersOf(req),
      body: '',
      sentAt: slot.sentAt,
      answeredAt: recording.now(),
      status: 502,
      responseBody: body,
      responseHeaders: JSON_HEADERS,
      fault: undefined,
      forwarded: false,
      refused: `${UNANSWERED}: ${(error as Error).message.split('\n')[0]}`,
    });
  }
};

export const startRecordingProxy = async (options: RecordingProxyOptions): Promise<RecordingProxy> => {
  const started = performance.now();
  const startedAt = new Date();
  const recording: Recording = {
    now: () => Math.round(performance.now() - started),
    schedule: new FaultSchedule(options.faults),
    recorded: [],
    forward: forwarderTo(options.upstream),
    environment: options.environment,
    prefixes: options.tokenPrefixes ?? prefixesInUse(options.environment, []),
  };
  const inFlight = new Set<Promise<void>>();
  const server = createServer((req, res) => {
    const handling = handleRequest(recording, req, res).finally(() => inFlight.delete(handling));
    inFlight.add(handling);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const monitor = await startStallMonitor(started);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    startedAt,
    exchanges: () => recording.recorded.filter((e) => e !== undefined),
    stalls: monitor.stalls,
    machineMeasured: monitor.machineMeasured,
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        monitor.stop();
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
