/**
 * A window of creation times for filtering a listing (`from=…&to=…`, a reading a listing may offer):
 * by the target's own clock, so that a listing filtered by it holds little more than a check's events.
 */
import type { ServiceResponse } from '../transport/service-client.ts';

/**
 * An edge of a window of creation times, by the target's own clock (its Date header, whole seconds),
 * `seconds` away; by this machine's clock, a minute wider, when the answer has no date.
 */
export const windowEdge = (response: ServiceResponse, seconds: number): string => {
  const told = Date.parse(response.headers.date ?? '');
  const base = Number.isNaN(told) ? Date.now() + Math.sign(seconds) * 60_000 : told;
  return new Date(base + seconds * 1000).toISOString();
};

/** The listing filter of a window from `since` to `until` (ISO 8601). */
export const windowFilter = (since: string, until: string): string =>
  `from=${encodeURIComponent(since)}&to=${encodeURIComponent(until)}`;
