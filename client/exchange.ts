/**
 * One request of the certified client and what became of it, as the recording layer saw it. Held in
 * memory only: the headers keep the client's token, so everything written passes through redaction.
 */
import type { FaultName } from './faults.ts';

export interface RecordedExchange {
  /** 1, 2, … in the order the requests arrived. */
  readonly seq: number;
  readonly method: string;
  /** The path and query as the client sent them. */
  readonly url: string;
  /** Header names in lower case; a repeated header's values joined by ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Milliseconds since the recording started: when the request arrived. */
  readonly sentAt: number;
  /** When the answer was sent; undefined when the client gave up first (its time-out). */
  readonly answeredAt: number | undefined;
  /** The status the client got; undefined when it gave up before the answer. */
  readonly status: number | undefined;
  readonly responseBody: string;
  /** The answer's headers as the client got them (lower-case names); empty when it gave up first. */
  readonly responseHeaders: Readonly<Record<string, string>>;
  /** The fault the kit injected into this exchange, if any. */
  readonly fault: FaultName | undefined;
  /** Whether the service (the double or the upstream) saw the request. */
  readonly forwarded: boolean;
  /** Why the kit answered by itself without forwarding, when it did (not a fault). */
  readonly refused?: string;
}

/** The path without its query string. */
export const pathOf = (url: string): string => url.split('?')[0] ?? url;

/** The externalId of a POST or PUT body, when the body is a JSON object that has one. */
export const externalIdOf = (exchange: RecordedExchange): string | undefined => {
  try {
    const parsed: unknown = JSON.parse(exchange.body);
    if (typeof parsed === 'object' && parsed !== null && 'externalId' in parsed) {
      const value = (parsed as { externalId: unknown }).externalId;
      return typeof value === 'string' && value !== '' ? value : undefined;
    }
  } catch {
    // not JSON: CLIENT-BODY-IS-JSON grades that
  }
  return undefined;
};
