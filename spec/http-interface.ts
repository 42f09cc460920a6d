/**
 * Parts 1, 4, 5 and 8 of the interface spec, transcribed: endpoints, headers, environments and their
 * token prefixes, and the default rate limit.
 */

export const EVENTS_PATH = '/api/h2h/ingestion/financial-events';

export const eventPath = (uuid: string): string => `${EVENTS_PATH}/${encodeURIComponent(uuid)}`;

export const ENDPOINTS = Object.freeze([
  Object.freeze({
    id: 'create',
    method: 'POST',
    path: EVENTS_PATH,
    successStatus: 201 as number | undefined,
  }),
  Object.freeze({ id: 'retrieve', method: 'GET', path: `${EVENTS_PATH}/{uuid}`, successStatus: 200 }),
  // PUT's success status is not shown in the spec (GAP-PUT-STATUS).
  Object.freeze({ id: 'update', method: 'PUT', path: `${EVENTS_PATH}/{uuid}`, successStatus: undefined }),
] as const);

export const HEADERS = Object.freeze({
  clientId: 'X-Client-Id',
  accessToken: 'X-Access-Token',
  contentType: 'Content-Type',
} as const);

export const JSON_CONTENT_TYPE = 'application/json';

/**
 * 422 is named in 7.4 but tied to no case (GAP-422-USE): a reading may give it where a body is unfit
 * in a way no 7.3 rule names (a JSON document that is not an object, a body that is missing).
 */
export const UNPROCESSABLE_STATUS = 422;

export const ENVIRONMENTS = Object.freeze(['sandbox', 'production'] as const);
export type Environment = (typeof ENVIRONMENTS)[number];

export const TOKEN_PREFIXES = Object.freeze({
  production: 'svc_live_',
  sandbox: 'svc_test_',
} as const satisfies Record<Environment, string>);

/** The environment a token belongs to by its prefix, or undefined for a token of no known prefix. */
export const environmentOfToken = (token: string): Environment | undefined =>
  ENVIRONMENTS.find((environment) => token.startsWith(TOKEN_PREFIXES[environment]));

export const otherEnvironment = (environment: Environment): Environment =>
  environment === 'production' ? 'sandbox' : 'production';

export const DEFAULT_RATE_LIMIT = Object.freeze({ requests: 1000, windowSeconds: 60 });

/**
 * Part 8: "Rate-limit response headers are not returned." Names a deployment might use anyway: the
 * IETF draft's `RateLimit`, `RateLimit-Policy` and `RateLimit-*`, the `X-RateLimit-*` of most
 * frameworks, the hyphenated `X-Rate-Limit-*` of others (bucket4j, tollbooth), and `Retry-After`,
 * which on a 429 tells the client when the limit lets it in again.
 */
export const RATE_LIMIT_HEADER_PATTERN = /^(x-)?rate-?limit|^retry-after$/i;
