/**
 * Every place where the interface spec is silent ("not shown") and the reference server had to choose,
 * as one option each. DEFAULT_BEHAVIOUR is the reference's documented reading (reference/README.md);
 * a variant (variants.ts) is another coherent reading, still conforming to every stated rule. A reading
 * given as options is checked and completed in resolve-behaviour.ts.
 */
import type { EventStatus } from '../spec/index.ts';
import { REFERENCE_CODES } from './codes.ts';

export const PUT_SUCCESS_READINGS = ['event-200', 'no-content-204', 'uuid-200'] as const;
export const PUT_SEMANTICS_READINGS = ['replace', 'merge'] as const;
export const IMMUTABLE_FIELDS = ['type', 'externalId'] as const;
export const UPDATE_REFUSAL_STATUSES = [400, 409, 422] as const;
export const GET_EXTRA_FIELDS_READINGS = ['none', 'timestamps', 'version', 'timestamps-and-version'] as const;
export const EVENT_ENVELOPE_READINGS = ['none', 'data'] as const;
export const AMOUNT_FORMAT_READINGS = ['number', 'decimal-string'] as const;
export const ABSENT_CONTAINER_READINGS = ['as-stored', 'empty'] as const;
export const EMPTY_STRING_READINGS = ['as-stored', 'as-null', 'zero-value'] as const;
export const BLANK_STRING_READINGS = ['accepted', 'refused'] as const;
export const ITEMS_ORDER_READINGS = ['as-sent', 'by-currency'] as const;
export const NULL_FIELD_READINGS = ['wrong-type', 'absent'] as const;
export const ERRORS_ORDER_READINGS = ['spec', 'reversed', 'by-code', 'by-field'] as const;
export const FIELD_PATH_READINGS = [
  'dot',
  'pointer',
  'leaf',
  'jsonpath',
  'pascal',
  'body-prefixed',
  'dot-index',
] as const;
export const UNKNOWN_PAYLOAD_FIELD_READINGS = ['property', 'payload'] as const;
export const OTHER_TYPE_FIELD_READINGS = ['property', 'payload', 'payload-once'] as const;
export const WRONG_JSON_TYPE_READINGS = ['own-code', 'generic-code', 'generic-and-own-code'] as const;
export const NON_OBJECT_ITEM_READINGS = ['on-item', 'per-field'] as const;
export const SCALAR_COERCION_READINGS = ['none', 'lenient'] as const;
export const TOKEN_OF_OTHER_TENANT_READINGS = ['forbidden-1003', 'invalid-1002'] as const;
export const HEADER_PRECEDENCE_READINGS = ['token-then-client-id', 'client-id-first', 'token-first'] as const;
export const RATE_LIMIT_ALGORITHMS = [
  'fixed-window',
  'sliding-window',
  'token-bucket',
  'sliding-log',
] as const;
export const RATE_LIMIT_BODY_READINGS = [
  'simple',
  'with-detail',
  'with-retry-after',
  'problem-details',
] as const;
export const UNKNOWN_FIELD_READINGS = ['reject', 'drop', 'keep'] as const;
export const REQUIRED_FIELDS_READINGS = ['all-rule-fields', 'core-fields', 'external-id-only'] as const;
export const LIMIT_STATUSES = [400, 422] as const;
export const BODY_LIMIT_STATUSES = [400, 413] as const;
export const CONTENT_TYPE_READINGS = [
  'required-400',
  'required-415',
  'treated-as-empty',
  'parse-any',
] as const;
export const NON_UUID_PATH_READINGS = ['not-found-404', 'bad-request-400', 'route-not-found-404'] as const;
export const UNSUPPORTED_METHOD_READINGS = ['not-found-404', 'method-not-allowed-405'] as const;
export const MALFORMED_JSON_STATUSES = [400, 422] as const;
export const QUERY_PARAMETER_READINGS = ['ignored', 'refused-400'] as const;
export const ERROR_DETAIL_READINGS = ['none', 'support-reference'] as const;
export const LISTING_READINGS = ['none', 'paged', 'page-and-page-size', 'cursor', 'unpaged'] as const;
export type ListingReading = (typeof LISTING_READINGS)[number];
export const VERSIONS_READINGS = ['none', 'on-request'] as const;
export const EXTRA_FIELD_TYPES = ['string', 'boolean', 'number'] as const;

/** A top-level field a deployment knows beyond the spec's, and the JSON type it takes. */
export interface ExtraField {
  readonly name: string;
  readonly type: (typeof EXTRA_FIELD_TYPES)[number];
}

export type PutSuccess = (typeof PUT_SUCCESS_READINGS)[number];
export type ImmutableField = (typeof IMMUTABLE_FIELDS)[number];
export type GetExtraFields = (typeof GET_EXTRA_FIELDS_READINGS)[number];
export type ErrorsOrder = (typeof ERRORS_ORDER_READINGS)[number];
export type FieldPathNotation = (typeof FIELD_PATH_READINGS)[number];
export type TokenOfOtherTenant = (typeof TOKEN_OF_OTHER_TENANT_READINGS)[number];
export type HeaderPrecedence = (typeof HEADER_PRECEDENCE_READINGS)[number];
export type RateLimitAlgorithm = (typeof RATE_LIMIT_ALGORITHMS)[number];
export type RateLimitBody = (typeof RATE_LIMIT_BODY_READINGS)[number];
export type UnknownFields = (typeof UNKNOWN_FIELD_READINGS)[number];
export type RequiredFields = (typeof REQUIRED_FIELDS_READINGS)[number];
export type ContentTypeReading = (typeof CONTENT_TYPE_READINGS)[number];
export type NonUuidPathId = (typeof NON_UUID_PATH_READINGS)[number];

/** A refusal of a request the spec does not describe: its status and code. */
export interface Refusal<S extends number> {
  readonly status: S;
  readonly errorCode: string;
}

export interface ReferenceBehaviour {
  /** GAP-PUT-STATUS / GAP-PUT-BODY: 200 with the updated event, 204 with no body, or 200 with {uuid}. */
  readonly putSuccess: PutSuccess;
  /**
   * GAP-PUT-BODY: a PUT replaces the whole event, or merges its fields into the stored ones (but for
   * externalId, which 2.1 requires of a PUT body too).
   */
  readonly putSemantics: (typeof PUT_SEMANTICS_READINGS)[number];
  /**
   * GAP-PUT-BODY: fields a PUT may not change, refused with this status (409: the 7.1 body; 400 or 422:
   * the 7.2 body with an item per field) and code, changing nothing.
   */
  readonly immutableOnUpdate: Refusal<(typeof UPDATE_REFUSAL_STATUSES)[number]> & {
    readonly fields: readonly ImmutableField[];
  };
  /**
   * GAP-STATUS-TRANSITIONS: statuses an event never leaves; a PUT moving out of one is refused so. With
   * `frozen`, an event in a final status takes no PUT at all: refused so before its body is read.
   */
  readonly statusTransitions: Refusal<400 | 409> & {
    readonly finalStatuses: readonly EventStatus[];
    readonly frozen?: boolean;
  };
  /** GAP-GET-BODY: the stored event and its uuid only, or also createdAt/updatedAt (ISO 8601) and/or a version. */
  readonly getExtraFields: GetExtraFields;
  /** GAP-GET-BODY: the event as it is, or wrapped as {"data": event} (GET, and PUT's event-200). */
  readonly eventEnvelope: (typeof EVENT_ENVELOPE_READINGS)[number];
  /** GAP-GET-BODY: amounts as JSON numbers, or as decimal strings of at least two decimals ("12.50"). */
  readonly amountFormat: (typeof AMOUNT_FORMAT_READINGS)[number];
  /**
   * GAP-GET-BODY: a multiCurrencyAmounts or payload not sent, or sent null, shown as stored (absent or
   * null), or as [] and {}, as a typed entity's empty list and empty object are serialised.
   */
  readonly absentContainers: (typeof ABSENT_CONTAINER_READINGS)[number];
  /**
   * GAP-GET-BODY: a string field sent empty shown as sent, or as null (a store that holds '' as NULL,
   * as Oracle does); or, zero-value, an optional string field of the event's kind not sent shown as ""
   * (Go's encoding/json without omitempty: originalStatus, channel and the kind's payload fields).
   */
  readonly emptyStrings: (typeof EMPTY_STRING_READINGS)[number];
  /**
   * GAP-REQUIRED-FIELDS: a payload string sent blank ("" or spaces) accepted, or refused (Bean
   * Validation's @NotBlank) with ERR-3015 in errors[], beside any other failure of the same field.
   */
  readonly blankStrings: (typeof BLANK_STRING_READINGS)[number];
  /** GAP-GET-BODY: multiCurrencyAmounts shown in the order sent, or by currency code (a child table's @OrderBy). */
  readonly itemsOrder: (typeof ITEMS_ORDER_READINGS)[number];
  /** GAP-ERRORS-ORDER: the spec's field order, that order reversed, sorted by error code, or by field. */
  readonly errorsOrder: ErrorsOrder;
  /**
   * GAP-FIELD-PATH: `payload.channel` / `multiCurrencyAmounts[1].amount` (dot), `/payload/channel`
   * (pointer), `channel` (leaf), `$.payload.channel` (jsonpath), `Payload.Channel` (pascal),
   * `body.multiCurrencyAmounts.1.amount` (body-prefixed), `multiCurrencyAmounts.1.amount` (dot-index).
   */
  readonly fieldPath: FieldPathNotation;
  /** GAP-UNKNOWN-PAYLOAD-CODE: the errorCode of an unknown payload property (always 400, in errors[]). */
  readonly unknownPayloadPropertyCode: string;
  /** GAP-UNKNOWN-PAYLOAD-CODE: reported on the property itself, or on `payload`. */
  readonly unknownPayloadPropertyField: (typeof UNKNOWN_PAYLOAD_FIELD_READINGS)[number];
  /**
   * GAP-FIELD-PATH: a field of the other type's payload (ERR-3009, ERR-3010) reported on the field,
   * on `payload` once for each such field, or on `payload` once for all of them (a schema's `if` on
   * the type whose `then` forbids the other type's fields fails once).
   */
  readonly otherTypeFieldReportedOn: (typeof OTHER_TYPE_FIELD_READINGS)[number];
  /**
   * GAP-WRONG-JSON-TYPE: a value of the wrong JSON type where the spec names no code for it (a number
   * externalId, a string amount) gets the field's own code, or the generic ERR-3013; or, at an amount,
   * both, as a hand-written check of the type and then of the value (`> 0`) reports it.
   */
  readonly wrongJsonType: (typeof WRONG_JSON_TYPE_READINGS)[number];
  /**
   * GAP-WRONG-JSON-TYPE: a multiCurrencyAmounts item that is not an object is reported once on the
   * item, or once per field it lacks (currencyCode ERR-3007, amount ERR-3008), as a typed
   * deserializer that builds an empty item does.
   */
  readonly nonObjectItem: (typeof NON_OBJECT_ITEM_READINGS)[number];
  /**
   * GAP-WRONG-JSON-TYPE: scalars taken as they are, or coerced as Jackson and pydantic do: a numeric
   * string where an amount belongs is that amount ("12.50", "1e2"), a number or boolean where a free
   * string belongs (externalId, originalStatus, a payload name or id) is its text. Stored coerced.
   */
  readonly scalarCoercion: (typeof SCALAR_COERCION_READINGS)[number];
  /** GAP-MALFORMED-JSON: status and errorCode of a body that is not JSON. */
  readonly malformedJson: Refusal<(typeof MALFORMED_JSON_STATUSES)[number]>;
  /** GAP-MALFORMED-JSON: status and errorCode of a JSON body that is not an object. */
  readonly nonObjectBody: Refusal<400 | 422>;
  /** GAP-FORBIDDEN-TRIGGER: a valid token with another tenant's X-Client-Id gets 403 ERR-1003 or 401 ERR-1002. */
  readonly tokenOfOtherTenant: TokenOfOtherTenant;
  /**
   * GAP-HEADER-PRECEDENCE: token absent, then X-Client-Id absent or malformed, then token invalid
   * (token-then-client-id); X-Client-Id before anything of the token (client-id-first); or the token,
   * absent then invalid, before X-Client-Id (token-first).
   */
  readonly headerPrecedence: HeaderPrecedence;
  /** GAP-RATE-LIMIT-WINDOW: how the per-tenant budget of requestsPerWindow per windowSeconds is kept. */
  readonly rateLimitAlgorithm: RateLimitAlgorithm;
  /** GAP-429-BODY: the 7.1 body, plus a `detail`, `retryAfterSeconds`, or RFC 9457's `type`/`detail`/`instance`. */
  readonly rateLimitBody: RateLimitBody;
  /** GAP-EXTRA-TOP-LEVEL-FIELDS: unknown fields of an event (and of a multiCurrencyAmounts item). */
  readonly unknownTopLevelFields: UnknownFields;
  /**
   * GAP-REQUIRED-FIELDS: type/countryCode/currencyCode/amount/status required (all-rule-fields), only
   * type/currencyCode/amount (core-fields), or only externalId; a missing required field fails its own code.
   */
  readonly requiredFields: RequiredFields;
  /**
   * GAP-REQUIRED-FIELDS: a field sent as null is a value of the wrong type (refused), or a field not
   * sent (a typed binding's reading: required, it is missing; optional, it is absent and stored so).
   */
  readonly nullFields: (typeof NULL_FIELD_READINGS)[number];
  /** GAP-ORIGINAL-STATUS-VALUES: any string, or only these (another value: ERR-3015 in errors[]). */
  readonly originalStatusValues: 'any' | readonly string[];
  /** GAP-PERSONAL-ID-TYPE-VALUES: any string, or only these (another value: ERR-3015 in errors[]). */
  readonly personalIdTypes: 'any' | readonly string[];
  /**
   * GAP-FIELD-LIMITS: the longest externalId, the most multiCurrencyAmounts items, the most decimals
   * and the most integer digits of an amount (null: none; @Digits(integer, fraction)), each refused in
   * errors[] with ERR-3016 (not a code of the spec: those name other conditions); the answer is
   * `status` when every failure is a limit, else 400.
   */
  readonly fieldLimits: {
    readonly externalIdMaxLength: number | null;
    readonly maxMultiCurrencyAmounts: number | null;
    readonly amountMaxDecimals: number | null;
    readonly amountMaxIntegerDigits: number | null;
    readonly status: (typeof LIMIT_STATUSES)[number];
  };
  /**
   * GAP-FIELD-LIMITS: the store's decimal column for amounts, by its integer digits (decimal(18,2): 16),
   * or none. An amount, or an item's, too large for it overflows when the event is written: 500
   * ERR-5001, nothing stored, as an ORM's unhandled overflow is answered.
   */
  readonly amountColumn: { readonly integerDigits: number } | null;
  /** GAP-FIELD-LIMITS: the largest body, refused with ERR-9005 and this status. */
  readonly bodyLimit: { readonly maxBytes: number; readonly status: (typeof BODY_LIMIT_STATUSES)[number] };
  /**
   * GAP-CONTENT-TYPE: a POST or PUT without application/json is refused with 400 or 415 ERR-9004, its
   * body is taken as empty (so validation fails), or it is parsed as JSON whatever it says.
   */
  readonly contentType: ContentTypeReading;
  /** GAP-NON-UUID-PATH: like an unknown uuid (404 ERR-4002), 400 ERR-9006, or no such route (404 ERR-9404). */
  readonly nonUuidPathId: NonUuidPathId;
  /** GAP-OTHER-OPERATIONS: a method a path does not support: 404 ERR-9405, or 405 ERR-9405 with Allow. */
  readonly unsupportedMethod: (typeof UNSUPPORTED_METHOD_READINGS)[number];
  /**
   * GAP-OTHER-OPERATIONS: a query parameter the service does not know, on any endpoint: read past, or
   * refused (400 ERR-9010) once the request authenticated and was counted, before its handler, as an
   * API validator that allows no unknown parameter does (express-openapi-validator's default).
   */
  readonly unknownQueryParameters: (typeof QUERY_PARAMETER_READINGS)[number];
  /**
   * ERROR-BODY-SHAPE: the 7.1 body as it is, or with a `detail` naming a reference new in every answer
   * ("Quote reference 6CDDAB56BEBF to support."), as a deployment that logs each error under an id does.
   */
  readonly errorDetail: (typeof ERROR_DETAIL_READINGS)[number];
  /** GAP-VERSIONING: no version anywhere, or this header on every answer. */
  readonly versionHeader: { readonly name: string; readonly value: string } | null;
  /**
   * GAP-OTHER-OPERATIONS: no listing (a GET of the collection is a method the path does not support),
   * or `GET /financial-events` listing the tenant's events, filtered by creation time (`from`, `to`,
   * ISO 8601) and paged as the reading says (handlers/listing-pages.ts): `page` and `size`, `page` and
   * `pageSize`, a cursor, or not at all.
   */
  readonly listing: ListingReading;
  /**
   * GAP-PUT-BODY, GAP-GET-BODY: PUT overwrites and keeps nothing, or keeps each replaced state as a
   * version, which `GET /financial-events/{uuid}?versions=true` shows as `{ uuid, versions: [...] }`.
   */
  readonly versions: (typeof VERSIONS_READINGS)[number];
  /**
   * GAP-EXTRA-TOP-LEVEL-FIELDS: top-level fields the deployment knows beyond the spec's (a direction
   * flag, an account), each of a JSON type (another type fails validation) and stored as sent; any
   * other unknown field is read as `unknownTopLevelFields` says.
   */
  readonly extraFields: readonly ExtraField[];
}

export const DEFAULT_BEHAVIOUR: ReferenceBehaviour = Object.freeze({
  putSuccess: 'event-200',
  putSemantics: 'replace',
  immutableOnUpdate: Object.freeze({ fields: Object.freeze([]), status: 409, errorCode: 'ERR-4009' }),
  statusTransitions: Object.freeze({
    finalStatuses: Object.freeze([]),
    frozen: false,
    status: 409,
    errorCode: 'ERR-4010',
  }),
  getExtraFields: 'none',
  eventEnvelope: 'none',
  amountFormat: 'number',
  absentContainers: 'as-stored',
  emptyStrings: 'as-stored',
  blankStrings: 'accepted',
  itemsOrder: 'as-sent',
  errorsOrder: 'spec',
  fieldPath: 'dot',
  unknownPayloadPropertyCode: REFERENCE_CODES.unknownPayloadProperty.code,
  unknownPayloadPropertyField: 'property',
  otherTypeFieldReportedOn: 'property',
  wrongJsonType: 'own-code',
  nonObjectItem: 'on-item',
  scalarCoercion: 'none',
  malformedJson: Object.freeze({ status: 400, errorCode: REFERENCE_CODES.malformedJson.code }),
  nonObjectBody: Object.freeze({ status: 400, errorCode: REFERENCE_CODES.bodyNotObject.code }),
  tokenOfOtherTenant: 'forbidden-1003',
  headerPrecedence: 'token-then-client-id',
  rateLimitAlgorithm: 'fixed-window',
  rateLimitBody: 'simple',
  unknownTopLevelFields: 'reject',
  requiredFields: 'all-rule-fields',
  nullFields: 'wrong-type',
  originalStatusValues: 'any',
  personalIdTypes: 'any',
  fieldLimits: Object.freeze({
    externalIdMaxLength: null,
    maxMultiCurrencyAmounts: null,
    amountMaxDecimals: null,
    amountMaxIntegerDigits: null,
    status: 400,
  }),
  amountColumn: null,
  bodyLimit: Object.freeze({ maxBytes: 256 * 1024, status: 400 }),
  contentType: 'required-400',
  nonUuidPathId: 'not-found-404',
  unsupportedMethod: 'not-found-404',
  unknownQueryParameters: 'ignored',
  errorDetail: 'none',
  versionHeader: null,
  listing: 'none',
  versions: 'none',
  extraFields: Object.freeze([]),
} satisfies ReferenceBehaviour);
