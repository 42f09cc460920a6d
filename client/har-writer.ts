/**
 * The certified client's traffic as a HAR 1.2 file (the format browsers, proxies and gateways export),
 * so that `fei-kit impact` can later replay it against a release candidate. The token never reaches the
 * file: the X-Access-Token header shows only its prefix, and the whole text passes through redaction
 * once more before it is written. What only the kit knows (a fault it injected, a request it answered
 * without forwarding) goes in HAR's custom fields, whose names start with `_`.
 */
import { writeFileSync } from 'node:fs';
import { kitVersion } from '../utilities/kit-version.ts';
import { redact, redactHeaders } from '../utilities/redaction.ts';
import type { RecordedExchange } from './exchange.ts';

interface HarPair {
  readonly name: string;
  readonly value: string;
}

interface HarCreator {
  readonly name: string;
  readonly version: string;
}

/** The HAR 1.2 entry the kit writes: every field the format requires, and the kit's own. */
export interface KitHarEntry {
  readonly startedDateTime: string;
  readonly time: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly httpVersion: string;
    readonly cookies: readonly HarPair[];
    readonly headers: readonly HarPair[];
    readonly queryString: readonly HarPair[];
    readonly postData?: { readonly mimeType: string; readonly text: string };
    readonly headersSize: number;
    readonly bodySize: number;
  };
  readonly response: {
    readonly status: number;
    readonly statusText: string;
    readonly httpVersion: string;
    readonly cookies: readonly HarPair[];
    readonly headers: readonly HarPair[];
    readonly content: { readonly size: number; readonly mimeType: string; readonly text: string };
    readonly redirectURL: string;
    readonly headersSize: number;
    readonly bodySize: number;
  };
  readonly cache: Record<string, never>;
  readonly timings: { readonly send: number; readonly wait: number; readonly receive: number };
  /** The fault the kit injected into this exchange: its answer is the kit's, not the service's. */
  readonly _fault?: string;
  /** False when the service never saw the request (an injected 429, a refused token). */
  readonly _forwarded: boolean;
}

const pairsOf = (headers: Readonly<Record<string, string>>): HarPair[] =>
  Object.entries(redactHeaders(headers)).map(([name, value]) => ({ name, value }));

const queryOf = (url: URL): HarPair[] => [...url.searchParams].map(([name, value]) => ({ name, value }));

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

const entryOf = (exchange: RecordedExchange, origin: string, startedAt: Date): KitHarEntry => {
  const url = new URL(exchange.url, origin);
  const answered = exchange.answeredAt !== undefined && exchange.status !== undefined;
  const wait = answered ? (exchange.answeredAt as number) - exchange.sentAt : -1;
  const mimeType = exchange.responseHeaders['content-type'] ?? '';
  return {
    startedDateTime: new Date(startedAt.getTime() + exchange.sentAt).toISOString(),
    time: Math.max(0, wait),
    request: {
      method: exchange.method,
      url: url.toString(),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairsOf(exchange.headers),
      queryString: queryOf(url),
      ...(exchange.body === ''
        ? {}
        : {
            postData: {
              mimeType: exchange.headers['content-type'] ?? '',
              text: redact(exchange.body),
            },
          }),
      headersSize: -1,
      bodySize: bytes(exchange.body),
    },
    response: {
      // HAR's 0: no answer came (the client gave up first).
      status: answered ? (exchange.status as number) : 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairsOf(exchange.responseHeaders),
      content: { size: bytes(exchange.responseBody), mimeType, text: redact(exchange.responseBody) },
      redirectURL: '',
      headersSize: -1,
      bodySize: answered ? bytes(exchange.responseBody) : -1,
    },
    cache: {},
    timings: { send: 0, wait: Math.max(0, wait), receive: 0 },
    ...(exchange.fault === undefined ? {} : { _fault: exchange.fault }),
    _forwarded: exchange.forwarded,
  };
};

/** The exchanges as one HAR 1.2 log; `origin` is where the client sent them (the recording layer). */
export const harOf = (
  exchanges: readonly RecordedExchange[],
  origin: string,
  startedAt: Date,
): { log: { version: string; creator: HarCreator; entries: KitHarEntry[] } } => ({
  log: {
    version: '1.2',
    creator: { name: 'fei-kit certify-client', version: kitVersion() },
    entries: exchanges.map((exchange) => entryOf(exchange, origin, startedAt)),
  },
});

/** Writes the HAR file, redacted as a whole once more. */
export const writeHar = (
  file: string,
  exchanges: readonly RecordedExchange[],
  origin: string,
  startedAt: Date,
): void => {
  const text = JSON.stringify(harOf(exchanges, origin, startedAt), null, 2);
  writeFileSync(file, `${redact(text)}\n`);
};
