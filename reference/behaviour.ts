/**
 * Every place where the interface spec is silent ("not shown") and the reference server had to choose,
 * as one option each. DEFAULT_BEHAVIOUR is the reference's documented reading (reference/README.md);
 * a variant (variants.ts) is another coherent reading, still conforming to every stated rule.
 */
import { ERROR_CODE_PATTERN } from '../spec/index.ts';
import { REFERENCE_CODES } from './codes.ts';

export const PUT_SUCCESS_READINGS = ['event-200', 'no-content-204', 'uuid-200'] as const;
export const GET_EXTRA_FIELDS_READINGS = ['none', 'timestamps'] as const;
export const ERRORS_ORDER_READINGS = ['spec', 'reversed', 'by-code'] as const;
export const FIELD_PATH_READINGS = ['dot', 'pointer', 'leaf'] as const;
export const TOKEN_OF_OTHER_TENANT_READINGS = ['forbidden-1003', 'invalid-1002'] as const;
export const RATE_LIMIT_ALGORITHMS = ['fixed-window', 'sliding-window', 'token-bucket'] as const;
export const RATE_LIMIT_BODY_READINGS = ['simple', 'with-detail', 'with-retry-after'] as const;
export const UNKNOWN_FIELD_READINGS = ['reject', 'drop', 'keep'] as const;
export const REQUIRED_FIELDS_READINGS = ['all-rule-fields', 'external-id-only'] as const;
export const NON_UUID_PATH_READINGS = ['not-found-404', 'bad-request-400'] as const;
export const MALFORMED_JSON_STATUSES = [400, 422] as const;

export type PutSuccess = (typeof PUT_SUCCESS_READINGS)[number];
export type GetExtraFields = (typeof GET_EXTRA_FIELDS_READINGS)[number];
export type ErrorsOrder = (typeof ERRORS_ORDER_READINGS)[number];
export type FieldPathNotation = (typeof FIELD_PATH_READINGS)[number];
export type TokenOfOtherTenant = (typeof TOKEN_OF_OTHER_TENANT_READINGS)[number];
export type RateLimitAlgorithm = (typeof RATE_LIMIT_ALGORITHMS)[number];
export type RateLimitBody = (typeof RATE_LIMIT_BODY_READINGS)[number];
export type UnknownFields = (typeof UNKNOWN_FIELD_READINGS)[number];
export type RequiredFields = (typeof REQUIRED_FIELDS_READINGS)[number];
export type NonUuidPathId = (typeof NON_UUID_PATH_READINGS)[number];

export interface ReferenceBehaviour {
  /** GAP-PUT-STATUS / GAP-PUT-BODY: 200 with the updated event, 204 with no body, or 200 with {uuid}. */
  readonly putSuccess: PutSuccess;
  /** GAP-GET-BODY: the stored event and its uuid only, or also createdAt/updatedAt (ISO 8601). */
  readonly getExtraFields: GetExtraFields;
  /** GAP-ERRORS-ORDER: the spec's field order, that order reversed, or sorted by error code. */
  readonly errorsOrder: ErrorsOrder;
  /** GAP-FIELD-PATH: `payload.channel` and `multiCurrencyAmounts[1].amount`, `/payload/channel`, or `channel`. */
  readonly fieldPath: FieldPathNotation;
  /** GAP-UNKNOWN-PAYLOAD-CODE: the errorCode of an unknown payload property (always 400, in errors[]). */
  readonly unknownPayloadPropertyCode: string;
  /** GAP-MALFORMED-JSON: status and errorCode of a body that is not JSON. */
  readonly malformedJson: {
    readonly status: (typeof MALFORMED_JSON_STATUSES)[number];
    readonly errorCode: string;
  };
  /** GAP-FORBIDDEN-TRIGGER: a valid token with another tenant's X-Client-Id gets 403 ERR-1003 or 401 ERR-1002. */
  readonly tokenOfOtherTenant: TokenOfOtherTenant;
  /** GAP-RATE-LIMIT-WINDOW: how the per-tenant budget of requestsPerWindow per windowSeconds is kept. */
  readonly rateLimitAlgorithm: RateLimitAlgorithm;
  /** GAP-429-BODY: the 7.1 body, plus a `detail`, or plus `retryAfterSeconds` (in the body, never a header). */
  readonly rateLimitBody: RateLimitBody;
  /** GAP-EXTRA-TOP-LEVEL-FIELDS: unknown fields of an event (and of a multiCurrencyAmounts item). */
  readonly unknownTopLevelFields: UnknownFields;
  /** GAP-REQUIRED-FIELDS: type/countryCode/currencyCode/amount/status required, or only externalId. */
  readonly requiredFields: RequiredFields;
  /** GAP-NON-UUID-PATH: a path id that is not a UUID answers like an unknown uuid, or 400. */
  readonly nonUuidPathId: NonUuidPathId;
}

export const DEFAULT_BEHAVIOUR: ReferenceBehaviour = Object.freeze({
  putSuccess: 'event-200',
  getExtraFields: 'none',
  errorsOrder: 'spec',
  fieldPath: 'dot',
  unknownPayloadPropertyCode: REFERENCE_CODES.unknownPayloadProperty.code,
  malformedJson: Object.freeze({ status: 400, errorCode: REFERENCE_CODES.malformedJson.code }),
  tokenOfOtherTenant: 'forbidden-1003',
  rateLimitAlgorithm: 'fixed-window',
  rateLimitBody: 'simple',
  unknownTopLevelFields: 'reject',
  requiredFields: 'all-rule-fields',
  nonUuidPathId: 'not-found-404',
} satisfies ReferenceBehaviour);

const oneOf = <T extends string | number>(
  name: keyof ReferenceBehaviour | string,
  value: T,
  allowed: readonly T[],
): T => {
  if (!allowed.includes(value)) {
    throw new Error(`behaviour.${name} must be one of ${allowed.join(', ')}; got ${String(value)}`);
  }
  return value;
};

const errorCode = (name: string, value: string): string => {
  if (typeof value !== 'string' || !ERROR_CODE_PATTERN.test(value)) {
    throw new Error(`behaviour.${name} must be an error code of the form ERR-nnnn; got ${String(value)}`);
  }
  return value;
};

/** The defaults overlaid with a partial reading; every value is checked, so a typo fails at start. */
export const resolveBehaviour = (
  ...overlays: (Partial<ReferenceBehaviour> | undefined)[]
): ReferenceBehaviour => {
  const merged: Record<string, unknown> = { ...DEFAULT_BEHAVIOUR };
  for (const overlay of overlays) {
    for (const [key, value] of Object.entries(overlay ?? {})) {
      if (!Object.hasOwn(DEFAULT_BEHAVIOUR, key)) {
        throw new Error(
          `Unknown behaviour option "${key}". Known options: ${Object.keys(DEFAULT_BEHAVIOUR).join(', ')}`,
        );
      }
      // An option given as undefined keeps the value beneath it, as if it were left out.
      if (value !== undefined) merged[key] = value;
    }
  }
  const chosen = merged as unknown as ReferenceBehaviour;
  return Object.freeze({
    putSuccess: oneOf('putSuccess', chosen.putSuccess, PUT_SUCCESS_READINGS),
    getExtraFields: oneOf('getExtraFields', chosen.getExtraFields, GET_EXTRA_FIELDS_READINGS),
    errorsOrder: oneOf('errorsOrder', chosen.errorsOrder, ERRORS_ORDER_READINGS),
    fieldPath: oneOf('fieldPath', chosen.fieldPath, FIELD_PATH_READINGS),
    unknownPayloadPropertyCode: errorCode('unknownPayloadPropertyCode', chosen.unknownPayloadPropertyCode),
    malformedJson: Object.freeze({
      status: oneOf('malformedJson.status', chosen.malformedJson?.status, MALFORMED_JSON_STATUSES),
      errorCode: errorCode('malformedJson.errorCode', chosen.malformedJson?.errorCode),
    }),
    tokenOfOtherTenant: oneOf(
      'tokenOfOtherTenant',
      chosen.tokenOfOtherTenant,
      TOKEN_OF_OTHER_TENANT_READINGS,
    ),
    rateLimitAlgorithm: oneOf('rateLimitAlgorithm', chosen.rateLimitAlgorithm, RATE_LIMIT_ALGORITHMS),
    rateLimitBody: oneOf('rateLimitBody', chosen.rateLimitBody, RATE_LIMIT_BODY_READINGS),
    unknownTopLevelFields: oneOf(
      'unknownTopLevelFields',
      chosen.unknownTopLevelFields,
      UNKNOWN_FIELD_READINGS,
    ),
    requiredFields: oneOf('requiredFields', chosen.requiredFields, REQUIRED_FIELDS_READINGS),
    nonUuidPathId: oneOf('nonUuidPathId', chosen.nonUuidPathId, NON_UUID_PATH_READINGS),
  });
};
