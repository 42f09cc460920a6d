/**
 * Variants: conforming reference servers that read the spec's gaps differently. Each is a coherent
 * reading that still obeys every stated rule, so the conformance suite must pass against all of them
 * (a conforming deployment never fails it). A variant is only a ReferenceBehaviour overlay; no code
 * is copied.
 *
 * Five are whole servers as a team on one stack would build them (spring-like, dotnet-like,
 * express-ajv-like, fastapi-like, go-like); the others each read one or two gaps, so that a failure
 * points at the reading that caused it.
 */
import type { ReferenceBehaviour } from './behaviour.ts';

export interface VariantDefinition {
  readonly name: string;
  readonly description: string;
  readonly behaviour: Partial<ReferenceBehaviour>;
}

const variant = (
  name: string,
  description: string,
  behaviour: Partial<ReferenceBehaviour>,
): VariantDefinition => Object.freeze({ name, description, behaviour: Object.freeze(behaviour) });

/** Statuses a booked or rejected event keeps for good, in the readings that have final statuses. */
const BOOKED_AND_REJECTED_FINAL = ['BOOKED', 'REJECTED'] as const;

/** A listing, versions of an event and two top-level fields of the deployment's own. */
const LISTING_AND_VERSIONS = Object.freeze({
  listing: 'paged',
  versions: 'on-request',
  getExtraFields: 'timestamps-and-version',
  extraFields: [
    { name: 'isNegative', type: 'boolean' },
    { name: 'accountId', type: 'string' },
  ],
} as const);

export const VARIANTS: readonly VariantDefinition[] = Object.freeze([
  variant('put-no-content', 'PUT answers 204 with no body; GET adds createdAt and updatedAt.', {
    putSuccess: 'no-content-204',
    getExtraFields: 'timestamps',
  }),
  variant('put-returns-uuid', 'PUT answers 200 with {uuid}; errors[] sorted by error code.', {
    putSuccess: 'uuid-200',
    errorsOrder: 'by-code',
  }),
  variant(
    'json-pointer-paths',
    'errors[].field as JSON pointers (/payload/channel), in reverse order; unknown payload properties get ERR-3099.',
    { fieldPath: 'pointer', errorsOrder: 'reversed', unknownPayloadPropertyCode: 'ERR-3099' },
  ),
  variant(
    'leaf-field-names',
    'errors[].field is the bare field name (channel, amount); malformed JSON gets ERR-4000.',
    {
      fieldPath: 'leaf',
      malformedJson: { status: 400, errorCode: 'ERR-4000' },
    },
  ),
  variant('token-mismatch-401', "A valid token with another tenant's X-Client-Id answers 401 ERR-1002.", {
    tokenOfOtherTenant: 'invalid-1002',
  }),
  variant(
    'sliding-window',
    'Sliding-window rate limit (ten buckets per window); the 429 body adds a detail string.',
    {
      rateLimitAlgorithm: 'sliding-window',
      rateLimitBody: 'with-detail',
    },
  ),
  variant(
    'token-bucket',
    'Token-bucket rate limit (same capacity, refilled continuously); the 429 body adds retryAfterSeconds.',
    {
      rateLimitAlgorithm: 'token-bucket',
      rateLimitBody: 'with-retry-after',
    },
  ),
  variant(
    'lenient-extras-dropped',
    'Unknown top-level fields are accepted and dropped; only externalId is required.',
    { unknownTopLevelFields: 'drop', requiredFields: 'external-id-only' },
  ),
  variant('lenient-extras-kept', 'Unknown top-level fields are accepted and stored; GET adds timestamps.', {
    unknownTopLevelFields: 'keep',
    getExtraFields: 'timestamps',
  }),
  variant('non-uuid-path-400', 'A path id that is not a UUID answers 400 ERR-9006 instead of 404 ERR-4002.', {
    nonUuidPathId: 'bad-request-400',
  }),
  variant(
    'leaf-paths-by-code',
    'errors[].field as bare names, sorted by error code; unknown top-level fields dropped; GET adds timestamps; sliding-log limit whose 429 body adds retryAfterSeconds.',
    {
      fieldPath: 'leaf',
      errorsOrder: 'by-code',
      unknownTopLevelFields: 'drop',
      getExtraFields: 'timestamps',
      rateLimitAlgorithm: 'sliding-log',
      rateLimitBody: 'with-retry-after',
    },
  ),
  variant(
    'every-gap-the-other-way',
    'Thirteen gaps read differently from the reference at once: PUT, GET, errors[] order and notation, the unknown payload code, malformed JSON, ERR-1003, the rate limit and its 429, extra and required fields, non-UUID ids, an amount of the wrong type reported twice (ERR-3013 and its own code).',
    {
      putSuccess: 'no-content-204',
      getExtraFields: 'timestamps',
      errorsOrder: 'reversed',
      fieldPath: 'pointer',
      unknownPayloadPropertyCode: 'ERR-3099',
      malformedJson: { status: 400, errorCode: 'ERR-4000' },
      tokenOfOtherTenant: 'invalid-1002',
      rateLimitAlgorithm: 'token-bucket',
      rateLimitBody: 'with-detail',
      unknownTopLevelFields: 'keep',
      requiredFields: 'external-id-only',
      nonUuidPathId: 'bad-request-400',
      wrongJsonType: 'generic-and-own-code',
    },
  ),

  // Whole servers, as a team on one stack would build them.
  variant(
    'typed-entity-nulls',
    'A typed entity (Jackson, System.Text.Json): a field sent as null is a field not sent; only externalId is required; a list and a nested object are never null, so GET shows a multiCurrencyAmounts or payload not sent as [] and {}; the amounts are a child table read in currency order; the store holds an empty string as NULL (Oracle).',
    {
      requiredFields: 'external-id-only',
      nullFields: 'absent',
      absentContainers: 'empty',
      itemsOrder: 'by-currency',
      emptyStrings: 'as-null',
    },
  ),
  variant(
    'spring-like',
    'Spring Boot, Jackson and Bean Validation: a JPA entity with @Version and auditing timestamps; type immutable and BOOKED/REJECTED final (409); property paths sorted by field; unknown JSON properties ignored; Jackson type errors with a generic code; 415 and 405 from Spring MVC; a @PathVariable UUID (400); Spring Security checks the token before the controller reads X-Client-Id; @NotBlank on the payload strings; VARCHAR(64) externalId, DECIMAL(19,2) amounts, at most 10 multi-currency amounts; bucket4j.',
    {
      putSuccess: 'event-200',
      blankStrings: 'refused',
      immutableOnUpdate: { fields: ['type'], status: 409, errorCode: 'ERR-4009' },
      statusTransitions: { finalStatuses: BOOKED_AND_REJECTED_FINAL, status: 409, errorCode: 'ERR-4010' },
      getExtraFields: 'timestamps-and-version',
      errorsOrder: 'by-field',
      fieldPath: 'dot',
      unknownTopLevelFields: 'drop',
      wrongJsonType: 'generic-code',
      malformedJson: { status: 400, errorCode: 'ERR-4000' },
      nonObjectBody: { status: 400, errorCode: 'ERR-4000' },
      contentType: 'required-415',
      unsupportedMethod: 'method-not-allowed-405',
      nonUuidPathId: 'bad-request-400',
      headerPrecedence: 'token-first',
      fieldLimits: {
        externalIdMaxLength: 64,
        maxMultiCurrencyAmounts: 10,
        amountMaxDecimals: 2,
        amountMaxIntegerDigits: null,
        status: 400,
      },
      rateLimitAlgorithm: 'token-bucket',
      rateLimitBody: 'with-detail',
    },
  ),
  variant(
    'dotnet-like',
    "ASP.NET Core with [ApiController]: PUT 204; externalId immutable (400, ValidationProblemDetails); model-state keys in PascalCase, sorted; System.Text.Json ignores unknown properties and reports type errors generically; 415 and 405; a {uuid:guid} route constraint (404 ERR-9404 for anything else); an X-Client-Id middleware before authentication; the sliding-window limiter, whose 429 is a ProblemDetails; amounts in EF Core's decimal(18,2), whose overflow is an unhandled 500.",
    {
      putSuccess: 'no-content-204',
      immutableOnUpdate: { fields: ['externalId'], status: 400, errorCode: 'ERR-3017' },
      getExtraFields: 'timestamps',
      fieldPath: 'pascal',
      errorsOrder: 'by-field',
      unknownTopLevelFields: 'drop',
      wrongJsonType: 'generic-code',
      malformedJson: { status: 400, errorCode: 'ERR-4000' },
      contentType: 'required-415',
      unsupportedMethod: 'method-not-allowed-405',
      nonUuidPathId: 'route-not-found-404',
      headerPrecedence: 'client-id-first',
      rateLimitAlgorithm: 'sliding-window',
      rateLimitBody: 'problem-details',
      amountColumn: { integerDigits: 16 },
    },
  ),
  variant(
    'express-ajv-like',
    "Express with express.json() and ajv (allErrors): PUT merges into the stored event (Object.assign); instance paths as JSON pointers; additionalProperties reported on /payload, and the other type's payload fields once on /payload (an if/then on type); a body of another media type is not parsed, so it fails validation; express.json's 100 KiB limit answers 413; required: externalId, type, currencyCode, amount; a token looked up with its client id (401 ERR-1002 for a mismatch); express-rate-limit's fixed window with a message; express-openapi-validator's default refusal of a query parameter the API does not declare (400, after authentication and the rate limit); every error's detail naming a support reference new in each answer.",
    {
      putSemantics: 'merge',
      fieldPath: 'pointer',
      unknownPayloadPropertyField: 'payload',
      otherTypeFieldReportedOn: 'payload-once',
      contentType: 'treated-as-empty',
      bodyLimit: { maxBytes: 100 * 1024, status: 413 },
      malformedJson: { status: 400, errorCode: 'ERR-4000' },
      requiredFields: 'core-fields',
      tokenOfOtherTenant: 'invalid-1002',
      rateLimitBody: 'with-detail',
      unknownQueryParameters: 'refused-400',
      errorDetail: 'support-reference',
    },
  ),
  variant(
    'fastapi-like',
    'FastAPI and pydantic v2 (validation errors mapped to 400): condecimal amounts of at most two decimals, serialised as strings ("12.50"); `loc` paths (body.multiCurrencyAmounts.1.amount); extra fields ignored; a body that is not an object stays 422; any Content-Type parsed as JSON; a UUID path parameter (400); 405 from Starlette; header dependencies resolve X-Client-Id first; slowapi moving-window limit; created_at/updated_at on reads.',
    {
      amountFormat: 'decimal-string',
      fieldLimits: {
        externalIdMaxLength: null,
        maxMultiCurrencyAmounts: null,
        amountMaxDecimals: 2,
        amountMaxIntegerDigits: null,
        status: 400,
      },
      fieldPath: 'body-prefixed',
      unknownTopLevelFields: 'drop',
      nonObjectBody: { status: 422, errorCode: 'ERR-4220' },
      contentType: 'parse-any',
      nonUuidPathId: 'bad-request-400',
      unsupportedMethod: 'method-not-allowed-405',
      headerPrecedence: 'client-id-first',
      rateLimitAlgorithm: 'sliding-log',
      rateLimitBody: 'with-detail',
      getExtraFields: 'timestamps',
      versionHeader: { name: 'Api-Version', value: '1.0' },
    },
  ),
  variant(
    'go-like',
    'Go net/http and encoding/json: PUT answers 200 {uuid}; type, externalId immutable and BOOKED/REJECTED final (400); errors sorted by code, dotted indexes (multiCurrencyAmounts.1.amount); unknown fields ignored, type errors generic; Content-Type not looked at; http.MaxBytesReader at 1 MiB (413); uuid.Parse of the path id (400); 405 from the method patterns; the token checked first, a mismatch a 401; x/time/rate token bucket; a version counter on reads; structs without omitempty, so a string field of the kind not sent reads ""; VARCHAR(255) externalId, at most 20 multi-currency amounts.',
    {
      putSuccess: 'uuid-200',
      immutableOnUpdate: { fields: ['type', 'externalId'], status: 400, errorCode: 'ERR-3017' },
      statusTransitions: { finalStatuses: BOOKED_AND_REJECTED_FINAL, status: 400, errorCode: 'ERR-3018' },
      errorsOrder: 'by-code',
      fieldPath: 'dot-index',
      unknownTopLevelFields: 'drop',
      wrongJsonType: 'generic-code',
      contentType: 'parse-any',
      bodyLimit: { maxBytes: 1024 * 1024, status: 413 },
      nonUuidPathId: 'bad-request-400',
      unsupportedMethod: 'method-not-allowed-405',
      headerPrecedence: 'token-first',
      tokenOfOtherTenant: 'invalid-1002',
      rateLimitAlgorithm: 'token-bucket',
      getExtraFields: 'version',
      emptyStrings: 'zero-value',
      fieldLimits: {
        externalIdMaxLength: 255,
        maxMultiCurrencyAmounts: 20,
        amountMaxDecimals: null,
        amountMaxIntegerDigits: null,
        status: 400,
      },
    },
  ),

  // One or two gaps each, so that a failure points at its reading.
  variant(
    'put-type-immutable',
    'A PUT that changes type is refused with 409 ERR-4009 and changes nothing; any other change applies.',
    { immutableOnUpdate: { fields: ['type'], status: 409, errorCode: 'ERR-4009' } },
  ),
  variant(
    'booked-rejected-final',
    'BOOKED and REJECTED are final: a PUT moving an event out of them is refused with 409 ERR-4010 and changes nothing.',
    { statusTransitions: { finalStatuses: BOOKED_AND_REJECTED_FINAL, status: 409, errorCode: 'ERR-4010' } },
  ),
  variant(
    'final-events-frozen',
    'BOOKED and REJECTED are final and frozen: any PUT of an event in them, whatever its body, is refused with 409 ERR-4011 before the body is read, and changes nothing.',
    {
      statusTransitions: {
        finalStatuses: BOOKED_AND_REJECTED_FINAL,
        frozen: true,
        status: 409,
        errorCode: 'ERR-4011',
      },
    },
  ),
  variant(
    'put-merge',
    'PUT merges its fields into the stored event: fields it leaves out keep their values (but externalId, required of every PUT body).',
    {
      putSemantics: 'merge',
    },
  ),
  variant(
    'get-envelope',
    'GET (and PUT) wrap the event: {"data": {...}}, with createdAt, updatedAt and version inside.',
    { eventEnvelope: 'data', getExtraFields: 'timestamps-and-version' },
  ),
  variant(
    'amounts-as-decimal-strings',
    'GET returns every amount as a decimal string of at least two decimals ("12.50", "1.239"), the same value.',
    { amountFormat: 'decimal-string' },
  ),
  variant(
    'original-status-enum',
    'originalStatus is one of a list of its own (CREATED, PENDING, PROCESSING, SETTLED, COMPLETED, FAILED, CANCELLED, REVERSED, REJECTED, BOOKED, RECEIVED); another value gets ERR-3015.',
    {
      originalStatusValues: [
        'CREATED',
        'PENDING',
        'PROCESSING',
        'SETTLED',
        'COMPLETED',
        'FAILED',
        'CANCELLED',
        'REVERSED',
        'REJECTED',
        'BOOKED',
        'RECEIVED',
      ],
    },
  ),
  variant(
    'personal-id-type-enum',
    'payerPersonalIdType and beneficiaryPersonalIdType are one of PASSPORT, NATIONAL_ID, DRIVING_LICENCE, TAX_ID, RESIDENCE_PERMIT, OTHER; another value gets ERR-3015.',
    {
      personalIdTypes: ['PASSPORT', 'NATIONAL_ID', 'DRIVING_LICENCE', 'TAX_ID', 'RESIDENCE_PERMIT', 'OTHER'],
    },
  ),
  variant(
    'field-limits-422',
    'externalId of at most 35 characters (ISO 20022 Max35Text), at most 5 multi-currency amounts, amounts of at most 8 integer digits and 4 decimals (NUMERIC(12,4)): a body over a limit (and over nothing else) gets 422 with ERR-3016 items; 413 for a body over 64 KiB.',
    {
      fieldLimits: {
        externalIdMaxLength: 35,
        maxMultiCurrencyAmounts: 5,
        amountMaxDecimals: 4,
        amountMaxIntegerDigits: 8,
        status: 422,
      },
      bodyLimit: { maxBytes: 64 * 1024, status: 413 },
    },
  ),
  variant(
    'client-id-checked-first',
    'X-Client-Id is checked (absent, malformed) before anything of the token; a JSON body that is not an object gets 422 ERR-4220.',
    { headerPrecedence: 'client-id-first', nonObjectBody: { status: 422, errorCode: 'ERR-4220' } },
  ),
  variant(
    'listing-and-versions',
    "Operations and fields the spec does not show: GET of the collection lists the tenant's events, paged and filtered by creation time; PUT keeps each replaced state as a version, which GET ?versions=true shows; GET adds createdAt, updatedAt and version; top-level isNegative (boolean) and accountId (string) are known and stored, other unknown fields refused.",
    LISTING_AND_VERSIONS,
  ),
  variant(
    'public-listing-and-versions',
    "As listing-and-versions, with the listing paged as a provider's public deployment pages it: `page` and `pageSize` (default 50), answering { items, page, pageSize, total }; a `size` parameter is ignored.",
    { ...LISTING_AND_VERSIONS, listing: 'page-and-page-size' },
  ),
  variant(
    'listing-by-cursor',
    'A listing paged by an opaque cursor: `limit` (default 10) and `cursor`, answering { data, nextCursor } with the next page also in a Link header (RFC 8288); page numbers are ignored.',
    { listing: 'cursor' },
  ),
  variant(
    'listing-unpaged',
    'A listing with no paging at all: every event of the tenant as one JSON array, filtered by creation time; paging parameters are ignored.',
    { listing: 'unpaged' },
  ),
  variant(
    'items-reported-per-field',
    'A multiCurrencyAmounts item that is not an object is reported once per field it lacks (currencyCode ERR-3007, amount ERR-3008), not once on the item.',
    { nonObjectItem: 'per-field' },
  ),
  variant(
    'jackson-coercion',
    'Scalars coerced as Jackson and pydantic do, and stored so: "12.50" or "1e2" where an amount belongs is that amount; 42 or true where externalId, originalStatus or a payload name belongs is its text. The amounts are a child table read in currency order.',
    { scalarCoercion: 'lenient', itemsOrder: 'by-currency' },
  ),
  variant(
    'unknown-payload-on-payload',
    "An unknown payload property is reported on payload itself with ERR-3000, and each field of the other type's payload on payload with its ERR-3009 or ERR-3010; errors[].field in JSONPath ($.payload), sorted by field.",
    {
      unknownPayloadPropertyField: 'payload',
      otherTypeFieldReportedOn: 'payload',
      unknownPayloadPropertyCode: 'ERR-3000',
      fieldPath: 'jsonpath',
      errorsOrder: 'by-field',
    },
  ),
]);

export const VARIANT_NAMES: readonly string[] = Object.freeze(VARIANTS.map((v) => v.name));

/** The variant of a name; throws a clear error listing the known names for an unknown one. */
export const variantByName = (name: string): VariantDefinition => {
  const found = VARIANTS.find((v) => v.name === name);
  if (!found)
    throw new Error(`Unknown reference variant "${name}". Known variants: ${VARIANT_NAMES.join(', ')}`);
  return found;
};
