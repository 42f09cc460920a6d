/**
 * Every rule of the interface spec, and every gap where the spec says "not shown", with a stable id.
 * Checks carry these ids as `rule` annotations and `@RULE-ID` tags (their titles show them for people),
 * observations point at the gap ids, and the certificate lists them all. An id is never renamed or
 * reused: add a new one instead.
 */
import type { ErrorCode } from './error-codes.ts';

export const SPEC_PARTS = Object.freeze({
  service: '1. What the service does',
  fields: '2. Resources and their fields',
  states: '3. States and transitions',
  endpoints: '4. Endpoints',
  authentication: '5. Authentication',
  events: '6. Events',
  errors: '7. Errors',
  limits: '8. Limits',
  versioning: '9. Versioning',
} as const);
export type SpecPart = keyof typeof SPEC_PARTS;

export const AREAS = Object.freeze([
  'auth',
  'validation',
  'creation',
  'retrieval',
  'update',
  'dedup',
  'isolation',
  'errors',
  'ratelimit',
] as const);
export type Area = (typeof AREAS)[number];

export type Severity = 'critical' | 'normal' | 'minor';

export interface Rule<Id extends string = RuleId> {
  readonly id: Id;
  /** A stated rule must hold; a gap is where the spec is silent and the kit only observes. */
  readonly kind: 'rule' | 'gap';
  readonly part: SpecPart;
  readonly area: Area;
  readonly title: string;
  /** What the spec says (for a rule) or leaves unsaid (for a gap). */
  readonly statement: string;
  readonly errorCode?: ErrorCode;
  readonly httpStatus?: number;
  readonly severity: Severity;
  /** Set when no client of the service can check the rule from outside; says why. */
  readonly notCheckableRemotely?: string;
}

type RuleInput<Id extends string> = Omit<Rule<Id>, 'severity' | 'kind'> & { severity?: Severity };

const CRITICAL_AREAS: ReadonlySet<Area> = new Set(['auth', 'isolation', 'dedup']);

const rule = <const Id extends string>(input: RuleInput<Id>): Rule<Id> =>
  Object.freeze({ kind: 'rule', severity: CRITICAL_AREAS.has(input.area) ? 'critical' : 'normal', ...input });

const gap = <const Id extends string>(input: RuleInput<Id>): Rule<Id> =>
  Object.freeze({ kind: 'gap', severity: 'minor', ...input });

const CATALOG = [
  // Part 5: authentication and tenant headers
  rule({
    id: 'AUTH-TOKEN-MISSING',
    part: 'authentication',
    area: 'auth',
    title: 'A request without X-Access-Token gets 401 ERR-1001',
    statement: 'Authentication header absent: 401 ERR-1001. Every request, GET included, carries the header.',
    errorCode: 'ERR-1001',
    httpStatus: 401,
  }),
  rule({
    id: 'AUTH-TOKEN-INVALID',
    part: 'authentication',
    area: 'auth',
    title: 'A request with an invalid token gets 401 ERR-1002',
    statement: 'Token present but invalid: 401 ERR-1002.',
    errorCode: 'ERR-1002',
    httpStatus: 401,
  }),
  rule({
    id: 'AUTH-TOKEN-OTHER-ENVIRONMENT',
    part: 'authentication',
    area: 'auth',
    title: "A token of the other environment's prefix gets 401 ERR-1002",
    statement:
      'A token is used only in its own environment; a token of the other environment is invalid: 401 ERR-1002.',
    errorCode: 'ERR-1002',
    httpStatus: 401,
  }),
  rule({
    id: 'AUTH-TOKEN-PREFIX',
    part: 'authentication',
    area: 'auth',
    title: "The deployment's tokens carry the spec's prefix of their environment",
    statement:
      'Token prefixes: svc_live_ for Production, svc_test_ for Sandbox. A token the deployment accepts as its own carries the prefix of its environment.',
    severity: 'normal',
  }),
  rule({
    id: 'AUTH-NOT-AUTHORIZED',
    part: 'authentication',
    area: 'auth',
    title: "A valid token with another tenant's X-Client-Id never succeeds nor reveals data",
    statement:
      'Authenticated but not authorized for the resource: 403 ERR-1003. What triggers it is not shown; the kit accepts 403 ERR-1003 or 401 ERR-1002 (see GAP-FORBIDDEN-TRIGGER).',
    errorCode: 'ERR-1003',
    httpStatus: 403,
  }),
  rule({
    id: 'TENANT-HEADER-MISSING',
    part: 'authentication',
    area: 'auth',
    title: 'A request without X-Client-Id gets 400 ERR-2001',
    statement: 'Tenant header absent: 400 ERR-2001.',
    errorCode: 'ERR-2001',
    httpStatus: 400,
  }),
  rule({
    id: 'TENANT-HEADER-NOT-UUID',
    part: 'authentication',
    area: 'auth',
    title: 'An X-Client-Id that is not a UUID gets 400 ERR-2002',
    statement: 'Tenant header not a valid UUID: 400 ERR-2002.',
    errorCode: 'ERR-2002',
    httpStatus: 400,
  }),
  rule({
    id: 'AUTH-SANDBOX-IP-ALLOWLIST',
    part: 'authentication',
    area: 'auth',
    title: 'Sandbox enforces a per-tenant IP allowlist',
    statement: 'Sandbox enforces an IP allowlist at tenant level.',
    notCheckableRemotely:
      'needs requests from an address outside the allowlist, which a single client cannot make',
  }),
  rule({
    id: 'AUTH-PRODUCTION-TOKEN-EXPIRY',
    part: 'authentication',
    area: 'auth',
    title: 'Production tokens expire as the client set them; Sandbox tokens never expire',
    statement: 'Sandbox tokens never expire. Production token expiry is set by the client.',
    notCheckableRemotely: 'needs an expired production token, which the kit is never given',
  }),
  // Part 2: field validation
  rule({
    id: 'VAL-EXTERNAL-ID-REQUIRED',
    part: 'fields',
    area: 'validation',
    title: 'An empty or missing externalId gets 400 ERR-3001',
    statement: 'externalId: required; empty or missing gives ERR-3001.',
    errorCode: 'ERR-3001',
    httpStatus: 400,
  }),
  rule({
    id: 'VAL-TYPE-ENUM',
    part: 'fields',
    area: 'validation',
    title: 'A type other than INTERNAL_PAYIN or INTERNAL_PAYOUT gets 400 ERR-3002',
    statement:
      'type: exactly INTERNAL_PAYIN or INTERNAL_PAYOUT (uppercase, no other variants); otherwise ERR-3002.',
    errorCode: 'ERR-3002',
    httpStatus: 400,
  }),
  rule({
    id: 'VAL-COUNTRY-ISO3166',
    part: 'fields',
    area: 'validation',
    title: 'A countryCode that is not ISO 3166-1 alpha-2 gets 400 ERR-3003',
    statement: 'countryCode: ISO 3166-1 alpha-2 code; otherwise ERR-3003.',
    errorCode: 'ERR-3003',
    httpStatus: 400,
  }),
  rule({
    id: 'VAL-CURRENCY-ISO4217',
    part: 'fields',
    area: 'validation',
    title: 'A currencyCode that is not ISO 4217 gets 400 ERR-3004',
    statement: 'currencyCode: ISO 4217 code; otherwise ERR-3004.',
    errorCode: 'ERR-3004',
    httpStatus: 400,
  }),
  rule({
    id: 'VAL-AMOUNT-POSITIVE',
    part: 'fields',
    area: 'validation',
    title: 'An amount of zero or less gets 400 ERR-3005',
    statement: 'amount: must be greater than 0; zero or negative gives ERR-3005.',
    errorCode: 'ERR-3005',
    httpStatus: 400,
  }),
  rule({
    id: 'VAL-STATUS-ENUM',
    part: 'fields',
    area: 'validation',
    title: 'A status other than PENDING, REJECTED or BOOKED gets 400 ERR-3006',
    statement: 'status: one of PENDING, REJECTED, BOOKED; otherwise ERR-3006.',
    errorCode: 'ERR-3006',
    httpStatus: 400,
  }),
  rule({
    id: 'VAL-MCA-CURRENCY-ISO4217',
    part: 'fields',
    area: 'validation',
    title: 'A multiCurrencyAmounts item whose currencyCode is not ISO 4217 gets 400 ERR-3007',
    statement: 'Each multiCurrencyAmounts item has currencyCode (ISO 4217; otherwise ERR-3007).',
    errorCode: 'ERR-3007',
    httpStatus: 400,
  }),
  rule({
    id: 'VAL-MCA-AMOUNT-POSITIVE',
    part: 'fields',
    area: 'validation',
    title: 'A multiCurrencyAmounts item whose amount is zero or less gets 400 ERR-3008',
    statement: 'Each multiCurrencyAmounts item has amount (number, greater than 0; otherwise ERR-3008).',
    errorCode: 'ERR-3008',
    httpStatus: 400,
  }),
  rule({
    id: 'VAL-PAYIN-NO-PAYOUT-FIELDS',
    part: 'fields',
    area: 'validation',
    title: 'A payout-only payload field in an INTERNAL_PAYIN gets 400 ERR-3009',
    statement:
      'beneficiaryName, beneficiaryPersonalIdType, beneficiaryPersonalId sent in a payin payload give ERR-3009.',
    errorCode: 'ERR-3009',
    httpStatus: 400,
  }),
  rule({
    id: 'VAL-PAYOUT-NO-PAYIN-FIELDS',
    part: 'fields',
    area: 'validation',
    title: 'A payin-only payload field in an INTERNAL_PAYOUT gets 400 ERR-3010',
    statement: 'payerName, payerPersonalIdType, payerPersonalId sent in a payout payload give ERR-3010.',
    errorCode: 'ERR-3010',
    httpStatus: 400,
  }),
  rule({
    id: 'VAL-CHANNEL-ENUM',
    part: 'fields',
    area: 'validation',
    title: 'A payload.channel other than CASH, ONLINE or CRYPTO gets 400 ERR-3011',
    statement: 'payload.channel: one of CASH, ONLINE, CRYPTO; otherwise ERR-3011.',
    errorCode: 'ERR-3011',
    httpStatus: 400,
  }),
  rule({
    id: 'VAL-PAYLOAD-UNKNOWN-PROPERTY',
    part: 'fields',
    area: 'validation',
    title: 'An unknown payload property gets 400',
    statement:
      'The payload schema does not allow additional properties; any unknown field gives a 400 (code not shown).',
    httpStatus: 400,
  }),
  rule({
    id: 'VAL-PAYLOAD-EMPTY-ACCEPTED',
    part: 'fields',
    area: 'validation',
    title: 'An empty payload object is accepted',
    statement: 'An empty payload object is accepted.',
  }),
  rule({
    id: 'VAL-ALL-FAILURES',
    part: 'errors',
    area: 'validation',
    title: 'A body with several faults gets every failure in errors[]',
    statement:
      'POST and PUT bodies are validated as a whole; all failures are returned together in errors[], an array of every failure in the request.',
    httpStatus: 400,
  }),
  rule({
    id: 'VAL-BODY-SHAPE',
    part: 'errors',
    area: 'validation',
    title:
      'A validation error body has the 7.2 shape, its errorCode is the first failure, its title says validation errors',
    statement:
      'The validation error body has the fields of 7.1 and errors[] of {field, errorCode, message}; the top-level errorCode is the code of the first failure; the title states that one or more validation errors occurred.',
    httpStatus: 400,
  }),
  rule({
    id: 'VAL-STATUS-400',
    part: 'errors',
    area: 'validation',
    title: 'Body validation failures answer 400, not 422',
    statement: 'Body validation failures are documented with HTTP 400 in 7.3.',
    httpStatus: 400,
  }),
  rule({
    id: 'REQUEST-MALFORMED-400',
    part: 'errors',
    area: 'errors',
    title: 'A request body that is not JSON gets 400',
    statement:
      '7.4: 400 is "Malformed request". A body that is not JSON is malformed; a JSON body that is not an object is malformed or fails validation (400, or 422 under a code of no 7.3 rule: GAP-422-USE).',
    httpStatus: 400,
  }),
  // Part 4: creation, retrieval, update
  rule({
    id: 'CREATE-RETURNS-UUID',
    part: 'endpoints',
    area: 'creation',
    title: 'POST of a valid event gets 201 with a UUID uuid',
    statement: 'POST: 201 with JSON body holding uuid, a service-generated UUID.',
    httpStatus: 201,
  }),
  rule({
    id: 'RETRIEVE-RETURNS-EVENT',
    part: 'endpoints',
    area: 'retrieval',
    title: 'GET by uuid returns 200 with the event as submitted',
    statement: 'GET /financial-events/{uuid}: 200 with the event.',
    httpStatus: 200,
  }),
  rule({
    id: 'RETRIEVE-UNKNOWN-404',
    part: 'endpoints',
    area: 'retrieval',
    title: 'GET of an unknown uuid gets 404 ERR-4002',
    statement: 'GET or PUT with a UUID that does not exist for the calling tenant gives 404 with ERR-4002.',
    errorCode: 'ERR-4002',
    httpStatus: 404,
  }),
  rule({
    id: 'PATH-ID-IS-UUID',
    part: 'endpoints',
    area: 'retrieval',
    title: 'The identifier in paths is the uuid, not the externalId',
    statement: 'uuid is the identifier used in paths, not externalId.',
    errorCode: 'ERR-4002',
    httpStatus: 404,
  }),
  rule({
    id: 'UPDATE-APPLIES',
    part: 'endpoints',
    area: 'update',
    title: 'PUT with a valid body succeeds and GET then shows the new values',
    statement: 'PUT is the way to update an existing event.',
  }),
  rule({
    id: 'UPDATE-VALIDATES',
    part: 'endpoints',
    area: 'update',
    title: 'PUT validates its body as a whole, like POST',
    statement: 'POST and PUT bodies are validated as a whole; all failures are returned together.',
    httpStatus: 400,
  }),
  rule({
    id: 'UPDATE-UNKNOWN-404',
    part: 'endpoints',
    area: 'update',
    title: 'PUT of an unknown uuid gets 404 ERR-4002 and creates nothing',
    statement: 'GET or PUT with a UUID that does not exist for the calling tenant gives 404 with ERR-4002.',
    errorCode: 'ERR-4002',
    httpStatus: 404,
  }),
  // Deduplication
  rule({
    id: 'DEDUP-EXTERNAL-ID',
    part: 'endpoints',
    area: 'dedup',
    title: 'A second POST with an existing externalId gets 400 ERR-4001 and changes nothing',
    statement:
      'POST with an externalId that already exists for the tenant gives 400 with ERR-4001. Re-POSTing is not a way to update.',
    errorCode: 'ERR-4001',
    httpStatus: 400,
  }),
  rule({
    id: 'DEDUP-PER-TENANT',
    part: 'service',
    area: 'dedup',
    title: 'The same externalId under another tenant is accepted',
    statement: 'externalId is unique per tenant.',
    httpStatus: 201,
  }),
  rule({
    id: 'DEDUP-CONCURRENT',
    part: 'endpoints',
    area: 'dedup',
    title: 'Of N simultaneous POSTs of one new externalId exactly one gets 201',
    statement: 'Deduplication is by externalId only; a duplicate gives ERR-4001.',
    errorCode: 'ERR-4001',
    httpStatus: 400,
  }),
  // Isolation
  rule({
    id: 'ISOLATION-GET',
    part: 'service',
    area: 'isolation',
    title: "GET of another tenant's uuid answers exactly like an unknown uuid",
    statement:
      'A lookup with a UUID that belongs to another tenant behaves as if the event does not exist (404).',
    errorCode: 'ERR-4002',
    httpStatus: 404,
  }),
  rule({
    id: 'ISOLATION-PUT',
    part: 'service',
    area: 'isolation',
    title: "PUT of another tenant's uuid answers like an unknown uuid and changes nothing",
    statement: 'A UUID from another tenant also gives 404.',
    errorCode: 'ERR-4002',
    httpStatus: 404,
  }),
  rule({
    id: 'ISOLATION-LISTING',
    part: 'service',
    area: 'isolation',
    title: "A listing the deployment adds shows none of another tenant's events",
    statement:
      'Data is isolated per tenant. Listing is not shown (GAP-OTHER-OPERATIONS); a deployment that offers one shows a tenant only its own events.',
  }),
  // Part 7: error bodies
  rule({
    id: 'ERROR-BODY-SHAPE',
    part: 'errors',
    area: 'errors',
    title: 'Every non-2xx response has a structured JSON body',
    statement:
      'Every non-2xx response has a structured JSON body: integer status equal to the HTTP status, errorCode ERR-nnnn, string title.',
  }),
  rule({
    id: 'ERROR-INTERNAL-5001',
    part: 'errors',
    area: 'errors',
    title: 'An unexpected internal error answers 500 ERR-5001',
    statement: 'Unexpected internal error: 500 ERR-5001.',
    errorCode: 'ERR-5001',
    httpStatus: 500,
    notCheckableRemotely: 'a conforming deployment offers no way for a client to cause an internal error',
  }),
  // Part 8: rate limit
  rule({
    id: 'RATE-LIMIT-429',
    part: 'limits',
    area: 'ratelimit',
    title: 'Past the limit the service answers 429 with a structured body',
    statement: '1000 requests per minute per tenant by default; when exceeded, the service answers 429.',
    httpStatus: 429,
  }),
  rule({
    id: 'RATE-LIMIT-ALL-REQUESTS',
    part: 'limits',
    area: 'ratelimit',
    title: 'Every kind of request counts toward the limit',
    statement: 'The limit applies per tenant to all requests.',
    httpStatus: 429,
  }),
  rule({
    id: 'RATE-LIMIT-PER-TENANT',
    part: 'limits',
    area: 'ratelimit',
    title: 'The limit is per tenant: while one is throttled another is served',
    statement: 'The limit applies per tenant.',
  }),
  rule({
    id: 'RATE-LIMIT-WINDOW-RESET',
    part: 'limits',
    area: 'ratelimit',
    title: 'After the window the throttled tenant is served again',
    statement: '1000 requests per minute: the limit applies to a window of one minute.',
  }),
  rule({
    id: 'RATE-LIMIT-NO-HEADERS',
    part: 'limits',
    area: 'ratelimit',
    title: 'No rate-limit response headers are returned',
    statement: 'Rate-limit response headers are not returned.',
  }),
  // Gaps: where the spec is silent, the kit observes and records
  gap({
    id: 'GAP-PUT-STATUS',
    part: 'endpoints',
    area: 'update',
    title: "PUT's success status",
    statement: 'PUT success response: status code not shown.',
  }),
  gap({
    id: 'GAP-PUT-BODY',
    part: 'endpoints',
    area: 'update',
    title: "PUT's request rules and response body",
    statement: 'Request body rules and response body of PUT: not shown.',
  }),
  gap({
    id: 'GAP-GET-BODY',
    part: 'endpoints',
    area: 'retrieval',
    title: "GET's response body beyond the submitted fields",
    statement: 'Response body of GET, fields of a stored event beyond those submitted: not shown.',
  }),
  gap({
    id: 'GAP-ERRORS-ORDER',
    part: 'errors',
    area: 'validation',
    title: 'The order of errors[]',
    statement: 'The order of the items of errors[] is not shown.',
  }),
  gap({
    id: 'GAP-FIELD-PATH',
    part: 'errors',
    area: 'validation',
    title: 'The notation of errors[].field',
    statement: 'errors[].field is "name of the offending field"; the notation of nested fields is not shown.',
  }),
  gap({
    id: 'GAP-UNKNOWN-PAYLOAD-CODE',
    part: 'fields',
    area: 'validation',
    title: 'The error code for an unknown payload property',
    statement: 'Any unknown payload field gives a 400; its code is not shown.',
  }),
  gap({
    id: 'GAP-MALFORMED-JSON',
    part: 'errors',
    area: 'errors',
    title: 'The answer to a body that is not JSON',
    statement: '400 covers a malformed request; the code for a body that is not JSON is not shown.',
  }),
  gap({
    id: 'GAP-WRONG-JSON-TYPE',
    part: 'fields',
    area: 'validation',
    title: 'The answer to a field of the wrong JSON type',
    statement:
      'Which code a field of the wrong JSON type (a number for externalId, a string for amount) gets is not shown.',
  }),
  gap({
    id: 'GAP-NON-UUID-PATH',
    part: 'endpoints',
    area: 'retrieval',
    title: 'The answer to a path id that is not a UUID',
    statement:
      'GET or PUT with a path id that is not a UUID: not shown (404 ERR-4002 or a 400 are both consistent).',
  }),
  gap({
    id: 'GAP-EXTRA-TOP-LEVEL-FIELDS',
    part: 'fields',
    area: 'validation',
    title: 'Unknown top-level fields of an event',
    statement:
      'Only the payload is said to reject unknown properties; unknown top-level fields are not shown.',
  }),
  gap({
    id: 'GAP-FORBIDDEN-TRIGGER',
    part: 'authentication',
    area: 'auth',
    title: 'What triggers 403 ERR-1003',
    statement: 'ERR-1003 "authenticated but not authorized for the resource": its trigger is not shown.',
  }),
  gap({
    id: 'GAP-422-USE',
    part: 'errors',
    area: 'errors',
    title: 'Which operation answers 422',
    statement:
      'The general list names 422 for validation failure; which operation returns it is not tied to any case.',
  }),
  gap({
    id: 'GAP-429-BODY',
    part: 'limits',
    area: 'ratelimit',
    title: 'The body of a 429',
    statement: 'Body shape of a 429 response: not shown.',
  }),
  gap({
    id: 'GAP-RATE-LIMIT-WINDOW',
    part: 'limits',
    area: 'ratelimit',
    title: 'How the rate-limit window is implemented',
    statement: 'Whether the per-minute window is fixed, sliding or a token bucket is not shown.',
  }),
  gap({
    id: 'GAP-REQUIRED-FIELDS',
    part: 'fields',
    area: 'validation',
    title: 'Which fields other than externalId are required',
    statement: 'Which fields other than externalId are required: not shown.',
  }),
  gap({
    id: 'GAP-ORIGINAL-STATUS-VALUES',
    part: 'fields',
    area: 'validation',
    title: 'Allowed values of originalStatus',
    statement: 'Allowed values of originalStatus: not shown.',
  }),
  gap({
    id: 'GAP-PERSONAL-ID-TYPE-VALUES',
    part: 'fields',
    area: 'validation',
    title: 'Allowed values of payerPersonalIdType and beneficiaryPersonalIdType',
    statement: 'Allowed values of payerPersonalIdType and beneficiaryPersonalIdType: not shown.',
  }),
  gap({
    id: 'GAP-STATUS-TRANSITIONS',
    part: 'states',
    area: 'update',
    title: 'Which status transitions PUT allows',
    statement: 'Transitions between PENDING, REJECTED and BOOKED, and what triggers them: not shown.',
  }),
  gap({
    id: 'GAP-HEADER-PRECEDENCE',
    part: 'authentication',
    area: 'auth',
    title: 'Which of several header faults is reported',
    statement: 'The precedence between header faults (token and tenant header both wrong) is not shown.',
  }),
  gap({
    id: 'GAP-CONTENT-TYPE',
    part: 'authentication',
    area: 'errors',
    title: 'The answer to a missing or wrong Content-Type',
    statement:
      'Every request carries Content-Type: application/json; the answer when it does not is not shown.',
  }),
  gap({
    id: 'GAP-FIELD-LIMITS',
    part: 'limits',
    area: 'validation',
    title: 'Field lengths, body size, amount precision, number of multiCurrencyAmounts',
    statement:
      'Maximum field lengths, body size, amount precision and the maximum number of multiCurrencyAmounts items: not shown.',
  }),
  gap({
    id: 'GAP-OTHER-OPERATIONS',
    part: 'endpoints',
    area: 'errors',
    title: 'Other operations, methods and routes',
    statement: 'Other operations (listing, deletion, other resources): not shown.',
  }),
  gap({
    id: 'GAP-VERSIONING',
    part: 'versioning',
    area: 'errors',
    title: 'Versioning scheme',
    statement: 'Versioning scheme, version header or deprecation policy: not shown.',
    notCheckableRemotely: 'nothing to observe: the paths carry no version segment',
  }),
  gap({
    id: 'GAP-OUTBOUND-EVENTS',
    part: 'events',
    area: 'errors',
    title: 'Outbound events and notifications',
    statement: 'No outbound events or notifications (webhooks, callbacks) are described.',
    notCheckableRemotely: 'nothing to observe: the service sends nothing to the client',
  }),
] as const;

/** Every id of the catalog, as a type: a mistyped id anywhere in the kit fails the type-check. */
export type RuleId = (typeof CATALOG)[number]['id'];

export const RULES: readonly Rule[] = Object.freeze(CATALOG as readonly Rule[]);

const RULES_BY_ID: ReadonlyMap<string, Rule> = new Map(RULES.map((r) => [r.id, r]));

export const RULE_IDS: readonly RuleId[] = Object.freeze(RULES.map((r) => r.id));

export const isRuleId = (id: string): id is RuleId => RULES_BY_ID.has(id);

/** The rule of an id; throws for an unknown id so that a typo read from text fails loudly. */
export const ruleById = (id: string): Rule => {
  const found = RULES_BY_ID.get(id);
  if (!found) throw new Error(`Unknown rule id "${id}": add it to spec/rules.ts`);
  return found;
};
