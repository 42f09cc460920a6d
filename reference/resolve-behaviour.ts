/**
 * A reading of the spec's gaps as given (a variant's, a user's options) checked and completed: the
 * reference's defaults (behaviour.ts) overlaid with it, every value checked, so a typo fails at start.
 */
import { ERROR_CODE_PATTERN, EVENT_FIELDS, EVENT_STATUSES } from '../spec/index.ts';
import {
  ABSENT_CONTAINER_READINGS,
  AMOUNT_FORMAT_READINGS,
  BLANK_STRING_READINGS,
  BODY_LIMIT_STATUSES,
  CONTENT_TYPE_READINGS,
  DEFAULT_BEHAVIOUR,
  EMPTY_STRING_READINGS,
  ERROR_DETAIL_READINGS,
  ERRORS_ORDER_READINGS,
  EVENT_ENVELOPE_READINGS,
  EXTRA_FIELD_TYPES,
  type ExtraField,
  FIELD_PATH_READINGS,
  GET_EXTRA_FIELDS_READINGS,
  HEADER_PRECEDENCE_READINGS,
  IMMUTABLE_FIELDS,
  ITEMS_ORDER_READINGS,
  LIMIT_STATUSES,
  LISTING_READINGS,
  MALFORMED_JSON_STATUSES,
  NON_OBJECT_ITEM_READINGS,
  NON_UUID_PATH_READINGS,
  NULL_FIELD_READINGS,
  OTHER_TYPE_FIELD_READINGS,
  PUT_SEMANTICS_READINGS,
  PUT_SUCCESS_READINGS,
  QUERY_PARAMETER_READINGS,
  RATE_LIMIT_ALGORITHMS,
  RATE_LIMIT_BODY_READINGS,
  REQUIRED_FIELDS_READINGS,
  type ReferenceBehaviour,
  type Refusal,
  SCALAR_COERCION_READINGS,
  TOKEN_OF_OTHER_TENANT_READINGS,
  UNKNOWN_FIELD_READINGS,
  UNKNOWN_PAYLOAD_FIELD_READINGS,
  UNSUPPORTED_METHOD_READINGS,
  UPDATE_REFUSAL_STATUSES,
  VERSIONS_READINGS,
  WRONG_JSON_TYPE_READINGS,
} from './behaviour.ts';

const problemOf = (name: string, detail: string, value: unknown): Error =>
  new Error(`behaviour.${name} must be ${detail}; got ${JSON.stringify(value) ?? String(value)}`);

const oneOf = <T extends string | number>(name: string, value: T, allowed: readonly T[]): T => {
  if (!allowed.includes(value)) throw problemOf(name, `one of ${allowed.join(', ')}`, value);
  return value;
};

const errorCode = (name: string, value: string): string => {
  if (typeof value !== 'string' || !ERROR_CODE_PATTERN.test(value)) {
    throw problemOf(name, 'an error code of the form ERR-nnnn', value);
  }
  return value;
};

const listOf = <T extends string>(name: string, value: readonly T[], allowed: readonly T[]): readonly T[] => {
  if (!Array.isArray(value) || value.some((item) => !allowed.includes(item))) {
    throw problemOf(name, `a list of ${allowed.join(', ')}`, value);
  }
  return Object.freeze([...new Set(value)]);
};

const valuesOrAny = (name: string, value: 'any' | readonly string[]): 'any' | readonly string[] => {
  if (value === 'any') return value;
  if (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== 'string' || v === '')) {
    throw problemOf(name, '"any" or a non-empty list of non-empty strings', value);
  }
  return Object.freeze([...value]);
};

const flag = (name: string, value: boolean): boolean => {
  if (typeof value !== 'boolean') throw problemOf(name, 'true or false', value);
  return value;
};

const limit = (name: string, value: number | null, min: number): number | null => {
  if (value === null) return null;
  if (!Number.isInteger(value) || value < min)
    throw problemOf(name, `null or a whole number of at least ${min}`, value);
  return value;
};

const refusal = <S extends number>(name: string, value: Refusal<S>, statuses: readonly S[]): Refusal<S> =>
  Object.freeze({
    status: oneOf(`${name}.status`, value?.status, statuses),
    errorCode: errorCode(`${name}.errorCode`, value?.errorCode),
  });

/** The defaults overlaid with each reading in turn; an option no default has fails at once. */
const mergeOverlays = (
  overlays: readonly (Partial<ReferenceBehaviour> | undefined)[],
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
  return merged as unknown as ReferenceBehaviour;
};

/** The header a versioned deployment sends and the body limit, checked before they are read. */
const checkHeaderAndBodyLimit = ({ versionHeader, bodyLimit }: ReferenceBehaviour): void => {
  if (
    versionHeader !== null &&
    !(
      typeof versionHeader?.name === 'string' &&
      /^[A-Za-z][A-Za-z0-9-]*$/.test(versionHeader.name) &&
      typeof versionHeader.value === 'string' &&
      versionHeader.value !== ''
    )
  ) {
    throw problemOf('versionHeader', 'null or { name, value } of a header', versionHeader);
  }
  if (!Number.isInteger(bodyLimit?.maxBytes) || bodyLimit.maxBytes < 4096) {
    throw problemOf('bodyLimit.maxBytes', 'a whole number of at least 4096', bodyLimit?.maxBytes);
  }
};

/** The readings of what a PUT does and what GET shows, each checked. */
const updateAndReadReadings = (chosen: ReferenceBehaviour) => {
  const { immutableOnUpdate, statusTransitions } = chosen;
  return {
    putSuccess: oneOf('putSuccess', chosen.putSuccess, PUT_SUCCESS_READINGS),
    putSemantics: oneOf('putSemantics', chosen.putSemantics, PUT_SEMANTICS_READINGS),
    immutableOnUpdate: Object.freeze({
      fields: listOf('immutableOnUpdate.fields', immutableOnUpdate?.fields, IMMUTABLE_FIELDS),
      ...refusal('immutableOnUpdate', immutableOnUpdate, UPDATE_REFUSAL_STATUSES),
    }),
    statusTransitions: Object.freeze({
      finalStatuses: listOf(
        'statusTransitions.finalStatuses',
        statusTransitions?.finalStatuses,
        EVENT_STATUSES,
      ),
      frozen: flag('statusTransitions.frozen', statusTransitions?.frozen ?? false),
      ...refusal('statusTransitions', statusTransitions, [400, 409] as const),
    }),
    getExtraFields: oneOf('getExtraFields', chosen.getExtraFields, GET_EXTRA_FIELDS_READINGS),
    eventEnvelope: oneOf('eventEnvelope', chosen.eventEnvelope, EVENT_ENVELOPE_READINGS),
    amountFormat: oneOf('amountFormat', chosen.amountFormat, AMOUNT_FORMAT_READINGS),
    absentContainers: oneOf('absentContainers', chosen.absentContainers, ABSENT_CONTAINER_READINGS),
    emptyStrings: oneOf('emptyStrings', chosen.emptyStrings, EMPTY_STRING_READINGS),
    itemsOrder: oneOf('itemsOrder', chosen.itemsOrder, ITEMS_ORDER_READINGS),
  };
};

/** The readings of the error model, the headers and the rate limit, each checked. */
const refusalReadings = (chosen: ReferenceBehaviour) => ({
  errorsOrder: oneOf('errorsOrder', chosen.errorsOrder, ERRORS_ORDER_READINGS),
  fieldPath: oneOf('fieldPath', chosen.fieldPath, FIELD_PATH_READINGS),
  unknownPayloadPropertyCode: errorCode('unknownPayloadPropertyCode', chosen.unknownPayloadPropertyCode),
  unknownPayloadPropertyField: oneOf(
    'unknownPayloadPropertyField',
    chosen.unknownPayloadPropertyField,
    UNKNOWN_PAYLOAD_FIELD_READINGS,
  ),
  otherTypeFieldReportedOn: oneOf(
    'otherTypeFieldReportedOn',
    chosen.otherTypeFieldReportedOn,
    OTHER_TYPE_FIELD_READINGS,
  ),
  wrongJsonType: oneOf('wrongJsonType', chosen.wrongJsonType, WRONG_JSON_TYPE_READINGS),
  nonObjectItem: oneOf('nonObjectItem', chosen.nonObjectItem, NON_OBJECT_ITEM_READINGS),
  scalarCoercion: oneOf('scalarCoercion', chosen.scalarCoercion, SCALAR_COERCION_READINGS),
  malformedJson: refusal('malformedJson', chosen.malformedJson, MALFORMED_JSON_STATUSES),
  nonObjectBody: refusal('nonObjectBody', chosen.nonObjectBody, [400, 422] as const),
  tokenOfOtherTenant: oneOf('tokenOfOtherTenant', chosen.tokenOfOtherTenant, TOKEN_OF_OTHER_TENANT_READINGS),
  headerPrecedence: oneOf('headerPrecedence', chosen.headerPrecedence, HEADER_PRECEDENCE_READINGS),
  rateLimitAlgorithm: oneOf('rateLimitAlgorithm', chosen.rateLimitAlgorithm, RATE_LIMIT_ALGORITHMS),
  rateLimitBody: oneOf('rateLimitBody', chosen.rateLimitBody, RATE_LIMIT_BODY_READINGS),
  unknownTopLevelFields: oneOf('unknownTopLevelFields', chosen.unknownTopLevelFields, UNKNOWN_FIELD_READINGS),
  requiredFields: oneOf('requiredFields', chosen.requiredFields, REQUIRED_FIELDS_READINGS),
  nullFields: oneOf('nullFields', chosen.nullFields, NULL_FIELD_READINGS),
  blankStrings: oneOf('blankStrings', chosen.blankStrings, BLANK_STRING_READINGS),
  originalStatusValues: valuesOrAny('originalStatusValues', chosen.originalStatusValues),
  personalIdTypes: valuesOrAny('personalIdTypes', chosen.personalIdTypes),
});

const amountColumnOf = (value: ReferenceBehaviour['amountColumn']): ReferenceBehaviour['amountColumn'] => {
  if (value === null) return null;
  const integerDigits = limit('amountColumn.integerDigits', value?.integerDigits ?? Number.NaN, 1);
  return integerDigits === null ? null : Object.freeze({ integerDigits });
};

/** The limits, the media type, the routes a deployment adds and its extra fields, each checked. */
const limitAndRouteReadings = (chosen: ReferenceBehaviour) => {
  const { fieldLimits, bodyLimit, versionHeader } = chosen;
  return {
    fieldLimits: Object.freeze({
      externalIdMaxLength: limit('fieldLimits.externalIdMaxLength', fieldLimits?.externalIdMaxLength, 1),
      maxMultiCurrencyAmounts: limit(
        'fieldLimits.maxMultiCurrencyAmounts',
        fieldLimits?.maxMultiCurrencyAmounts,
        0,
      ),
      amountMaxDecimals: limit('fieldLimits.amountMaxDecimals', fieldLimits?.amountMaxDecimals, 0),
      amountMaxIntegerDigits: limit(
        'fieldLimits.amountMaxIntegerDigits',
        fieldLimits?.amountMaxIntegerDigits ?? null,
        1,
      ),
      status: oneOf('fieldLimits.status', fieldLimits?.status, LIMIT_STATUSES),
    }),
    amountColumn: amountColumnOf(chosen.amountColumn),
    bodyLimit: Object.freeze({
      maxBytes: bodyLimit.maxBytes,
      status: oneOf('bodyLimit.status', bodyLimit.status, BODY_LIMIT_STATUSES),
    }),
    contentType: oneOf('contentType', chosen.contentType, CONTENT_TYPE_READINGS),
    nonUuidPathId: oneOf('nonUuidPathId', chosen.nonUuidPathId, NON_UUID_PATH_READINGS),
    unsupportedMethod: oneOf('unsupportedMethod', chosen.unsupportedMethod, UNSUPPORTED_METHOD_READINGS),
    unknownQueryParameters: oneOf(
      'unknownQueryParameters',
      chosen.unknownQueryParameters,
      QUERY_PARAMETER_READINGS,
    ),
    errorDetail: oneOf('errorDetail', chosen.errorDetail, ERROR_DETAIL_READINGS),
    versionHeader:
      versionHeader === null ? null : Object.freeze({ name: versionHeader.name, value: versionHeader.value }),
    listing: oneOf('listing', chosen.listing, LISTING_READINGS),
    versions: oneOf('versions', chosen.versions, VERSIONS_READINGS),
    extraFields: extraFieldsOf(chosen.extraFields),
  };
};

/** Every query parameter refused: no listing or versions, whose parameters the service would know. */
const checkQueryReading = ({ unknownQueryParameters, listing, versions }: ReferenceBehaviour): void => {
  if (unknownQueryParameters === 'refused-400' && (listing !== 'none' || versions !== 'none')) {
    throw problemOf('unknownQueryParameters', "'ignored' with a listing or versions", unknownQueryParameters);
  }
};

/** The defaults overlaid with a partial reading; every value is checked, so a typo fails at start. */
export const resolveBehaviour = (
  ...overlays: (Partial<ReferenceBehaviour> | undefined)[]
): ReferenceBehaviour => {
  const chosen = mergeOverlays(overlays);
  checkHeaderAndBodyLimit(chosen);
  checkQueryReading(chosen);
  return Object.freeze({
    ...updateAndReadReadings(chosen),
    ...refusalReadings(chosen),
    ...limitAndRouteReadings(chosen),
  });
};

/** Names of the spec's own fields: an extra field must be another one. */
const SPEC_FIELD_NAMES: ReadonlySet<string> = new Set(EVENT_FIELDS);

const extraFieldsOf = (value: readonly ExtraField[]): readonly ExtraField[] => {
  const valid =
    Array.isArray(value) &&
    value.every(
      (field) =>
        typeof field?.name === 'string' &&
        /^[A-Za-z][A-Za-z0-9]*$/.test(field.name) &&
        !SPEC_FIELD_NAMES.has(field.name) &&
        (EXTRA_FIELD_TYPES as readonly string[]).includes(field.type),
    ) &&
    new Set(value.map((field) => field.name)).size === value.length;
  if (!valid) {
    throw problemOf(
      'extraFields',
      `a list of { name, type } with distinct names outside the spec's fields and a type of ${EXTRA_FIELD_TYPES.join(', ')}`,
      value,
    );
  }
  return Object.freeze(value.map((field) => Object.freeze({ name: field.name, type: field.type })));
};
