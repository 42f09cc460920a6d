/**
 * The deployment's unavailability, told from its verdict on a request. A 502, 503 or 504, or a
 * connection refused or reset, may be either: a gateway in front of a restarting deployment answers
 * every request so for a while (with or without Retry-After, with or without the part 7 body), and a
 * hurried deployment may answer one kind of request so as its verdict on it. The spec answers a GET of
 * an unknown uuid without any tenant header with a 4xx, whatever the deployment's state, and it
 * creates nothing: when that probe meets the same unavailability, the deployment is unavailable, and
 * no rule is judged on what it answered meanwhile. When the probe is answered, the request's answer
 * was the deployment's verdict on it, and is judged as one (a 5xx for a request the spec answers is a
 * violation).
 * The windows the workers met are recorded by run-records/unavailability-windows.ts.
 */
import type { HttpExchange } from '../run-records/http-exchange.ts';

/** The statuses a gateway answers for a deployment that cannot answer. */
export const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * What a request's fate says of the deployment's availability: the unavailability it met, or undefined
 * when it was answered (any status but 502, 503 and 504). A time-out is not told here: a deployment
 * that hangs is the run guard's (target-health.ts).
 */
export const unavailabilityOf = (
  exchange: Pick<HttpExchange, 'response' | 'error'>,
  timedOut: boolean,
): string | undefined => {
  const { response } = exchange;
  if (!response) return timedOut ? undefined : (exchange.error ?? 'no answer');
  if (!UNAVAILABLE_STATUSES.has(response.status)) return undefined;
  const retryAfter = response.headers['retry-after'];
  return `HTTP ${response.status}${retryAfter ? ` with Retry-After: ${retryAfter}` : ''}`;
};

/** The wait a Retry-After header asks for (seconds, or an HTTP date), in milliseconds, if any. */
export const retryAfterMs = (value: string | undefined, now: number = Date.now()): number | undefined => {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};
