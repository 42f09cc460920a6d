/**
 * What both k6 scripts send: the three headers of spec part 5, JSON bodies, and the fixed `name` tag
 * of the `{uuid}` paths (so each uuid does not make a new time series). Imports k6.
 */
import http, { type Params } from 'k6/http';
import { EVENTS_PATH, HEADERS, JSON_CONTENT_TYPE } from '../../spec/http-interface.ts';
import type { LoadTenant } from '../lib/target.ts';

/** What a request needs of a tenant: a contract tenant, or one of a capacity run's tenants file. */
type Credentials = Pick<LoadTenant, 'clientId' | 'accessToken'>;

export const headersFor = (tenant: Credentials): Record<string, string> => ({
  [HEADERS.clientId]: tenant.clientId,
  [HEADERS.accessToken]: tenant.accessToken,
  [HEADERS.contentType]: JSON_CONTENT_TYPE,
});

export const EVENT_PATH_NAME = `${EVENTS_PATH}/{uuid}`;

export const paramsFor = (
  tenant: Credentials,
  tags: Record<string, string>,
  expected: ReadonlyArray<number | { min: number; max: number }>,
): Params => ({
  headers: headersFor(tenant),
  tags,
  responseType: 'text',
  responseCallback: http.expectedStatuses(...expected),
});

/** True when a body parses as a JSON object (not an array, not a scalar). */
export const isJsonObject = (body: unknown): boolean => {
  if (typeof body !== 'string' || body === '') return false;
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
};

/** The `uuid` of a creation response, when it has one. */
export const uuidOf = (body: unknown): string | undefined => {
  if (!isJsonObject(body)) return undefined;
  const parsed = JSON.parse(body as string) as { uuid?: unknown };
  return typeof parsed.uuid === 'string' && parsed.uuid !== '' ? parsed.uuid : undefined;
};
