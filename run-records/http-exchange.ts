/**
 * One request and its response, as the kit records them: what a failing test shows, what the report
 * attaches, what a curl command reproduces. Always redacted before it leaves the process.
 */
import { type HttpAnswer, parseJsonBody } from '../oracle/index.ts';
import { redact, redactHeaders } from '../utilities/redaction.ts';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  /** Headers as sent; a header absent here was not sent at all. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body bytes as sent, decoded as UTF-8 for display. */
  readonly body: string | undefined;
}

export interface RecordedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** A recorded response as the oracle judges it: the body as text and, when it is JSON, parsed. */
export const answerOf = (response: RecordedResponse): HttpAnswer => ({
  status: response.status,
  headers: response.headers,
  text: response.body,
  json: parseJsonBody(response.body),
});

export interface HttpExchange {
  readonly request: RecordedRequest;
  /** Undefined when no response came (connection refused, time-out). */
  readonly response: RecordedResponse | undefined;
  readonly error: string | undefined;
  readonly startedAt: string;
  readonly durationMs: number;
}

const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/** Bodies up to this many characters are shown whole; a longer one (a probe of a body limit) is cut. */
export const SHOWN_BODY_CHARS = 64 * 1024;
const SHOWN_HEAD_CHARS = 4 * 1024;

/**
 * A redacted body as a person reads it: whole, or its first 4 KiB and how much was left out, so that
 * a body of megabytes does not fill every report the exchange is attached to. Redacted before it is
 * cut, so that no secret is split out of the redaction's sight.
 */
const shownBody = (body: string): string => {
  const redacted = redact(body);
  return redacted.length <= SHOWN_BODY_CHARS
    ? redacted
    : `${redacted.slice(0, SHOWN_HEAD_CHARS)}… [${redacted.length - SHOWN_HEAD_CHARS} more characters not shown]`;
};

/** The request as a curl command a person can paste, token redacted (a body cut for length no longer reproduces it). */
export const toCurl = (request: RecordedRequest): string => {
  const parts = ['curl', '-i', '-X', request.method, shellQuote(redact(request.url))];
  for (const [name, value] of Object.entries(redactHeaders(request.headers))) {
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-binary', shellQuote(shownBody(request.body)));
  return parts.join(' ');
};

const prettyBody = (body: string): string => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

/** A readable, redacted rendering of an exchange: curl, then the response status, headers and body. */
export const describeExchange = (exchange: HttpExchange): string => {
  const lines = [
    `# ${exchange.startedAt} (${exchange.durationMs.toFixed(0)} ms)`,
    toCurl(exchange.request),
    '',
  ];
  if (exchange.response) {
    lines.push(`HTTP ${exchange.response.status}`);
    for (const [name, value] of Object.entries(redactHeaders(exchange.response.headers)))
      lines.push(`${name}: ${value}`);
    lines.push('', shownBody(prettyBody(exchange.response.body)));
  } else {
    lines.push(`no response: ${redact(exchange.error ?? 'unknown error')}`);
  }
  return lines.join('\n');
};

export const exchangeTitle = (exchange: HttpExchange): string => {
  const path = exchange.request.url.replace(/^https?:\/\/[^/]+/, '');
  return redact(`${exchange.request.method} ${path} → ${exchange.response?.status ?? 'no response'}`);
};
