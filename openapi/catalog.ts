/**
 * The facts of the spec the OpenAPI document is written from, gathered from `spec/` into one value.
 * The generator takes it as an argument, so that a kit test can hand it a catalog with one more error
 * code or rule and see the document follow: the document is the catalog, never a second copy of it.
 */

import { CLIENT_RULES, type ClientRule } from '../spec/client-rules.ts';
import {
  CHANNELS,
  DEFAULT_RATE_LIMIT,
  ENDPOINTS,
  ERROR_CODES,
  type ErrorCodeFact,
  EVENT_FIELDS,
  EVENT_STATUSES,
  EVENT_TYPES,
  FIELD_ERROR_CODES,
  HEADERS,
  ISO_STANDARDS,
  JSON_CONTENT_TYPE,
  PAYIN_ONLY_PAYLOAD_FIELDS,
  PAYOUT_ONLY_PAYLOAD_FIELDS,
  REQUIRED_FIELDS,
  RULES,
  type Rule,
  TOKEN_PREFIXES,
  UUID_SOURCE,
} from '../spec/index.ts';

export type OperationId = (typeof ENDPOINTS)[number]['id'];

export interface EndpointFact {
  readonly id: OperationId;
  readonly method: string;
  readonly path: string;
  readonly successStatus: number | undefined;
}

export interface OpenApiCatalog {
  readonly endpoints: readonly EndpointFact[];
  readonly errorCodes: Readonly<Record<string, ErrorCodeFact>>;
  readonly rules: readonly Rule<string>[];
  readonly clientRules: readonly ClientRule[];
  readonly headers: typeof HEADERS;
  readonly contentType: string;
  readonly tokenPrefixes: Readonly<Record<'production' | 'sandbox', string>>;
  readonly eventFields: readonly string[];
  readonly eventTypes: readonly string[];
  readonly statuses: readonly string[];
  readonly channels: readonly string[];
  readonly payinOnlyFields: readonly string[];
  readonly payoutOnlyFields: readonly string[];
  readonly requiredFields: readonly string[];
  /** The code each field rule produces (2.1, 2.2). */
  readonly fieldErrorCodes: Readonly<Record<string, string>>;
  readonly isoStandards: typeof ISO_STANDARDS;
  readonly uuidSource: string;
  readonly rateLimit: typeof DEFAULT_RATE_LIMIT;
}

/** The spec's catalog as the kit holds it. */
export const SPEC_CATALOG: OpenApiCatalog = Object.freeze({
  endpoints: ENDPOINTS,
  errorCodes: ERROR_CODES,
  rules: RULES,
  clientRules: CLIENT_RULES,
  headers: HEADERS,
  contentType: JSON_CONTENT_TYPE,
  tokenPrefixes: TOKEN_PREFIXES,
  eventFields: EVENT_FIELDS,
  eventTypes: EVENT_TYPES,
  statuses: EVENT_STATUSES,
  channels: CHANNELS,
  payinOnlyFields: PAYIN_ONLY_PAYLOAD_FIELDS,
  payoutOnlyFields: PAYOUT_ONLY_PAYLOAD_FIELDS,
  requiredFields: REQUIRED_FIELDS,
  fieldErrorCodes: FIELD_ERROR_CODES,
  isoStandards: ISO_STANDARDS,
  uuidSource: UUID_SOURCE,
  rateLimit: DEFAULT_RATE_LIMIT,
});

/** A rule or gap of the catalog by id; throws for an id the catalog does not hold. */
export const catalogRule = (catalog: OpenApiCatalog, id: string): Rule<string> => {
  const found = catalog.rules.find((rule) => rule.id === id);
  if (!found) throw new Error(`the catalog holds no rule or gap ${id}`);
  return found;
};
