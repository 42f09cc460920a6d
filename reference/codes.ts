/**
 * Error codes the reference server had to invent where the spec names none. None collides with the
 * 19 codes of part 7.3 (checked by a test). 30xx are items of a 7.2 validation body; 9xxx are request-
 * level answers with the 7.1 body. Statuses are taken from the spec's general list (7.4).
 */
import { ERROR_CODES, type ErrorCode } from '../spec/index.ts';

export interface ReferenceCode {
  readonly code: string;
  readonly status: number;
  readonly title: string;
}

const define = (code: string, status: number, title: string): ReferenceCode =>
  Object.freeze({ code, status, title });

export const REFERENCE_CODES = Object.freeze({
  /** GAP-UNKNOWN-PAYLOAD-CODE: a payload property the schema does not know (an errors[] item). */
  unknownPayloadProperty: define('ERR-3012', 400, 'Unknown payload property'),
  /** GAP-WRONG-JSON-TYPE: a field of the wrong JSON type that has no code of its own (an errors[] item). */
  wrongType: define('ERR-3013', 400, 'Field has the wrong JSON type'),
  /** GAP-EXTRA-TOP-LEVEL-FIELDS: an unknown field of an event or of a multiCurrencyAmounts item. */
  unknownField: define('ERR-3014', 400, 'Unknown field'),
  /** GAP-ORIGINAL-STATUS-VALUES, GAP-PERSONAL-ID-TYPE-VALUES, in a restricted reading only (an errors[] item). */
  valueNotAllowed: define('ERR-3015', 400, 'Value not allowed'),
  /** GAP-FIELD-LIMITS, in a reading with limits only (an errors[] item). */
  limitExceeded: define('ERR-3016', 400, 'Value exceeds a limit'),
  /** GAP-MALFORMED-JSON: the body is not JSON (or is empty). */
  malformedJson: define('ERR-9001', 400, 'The request body is not valid JSON'),
  /** The body is JSON but not an object (an array, a string, a number, null). */
  bodyNotObject: define('ERR-9002', 400, 'The request body must be a JSON object'),
  /** The body nests deeper than any event can. */
  bodyTooDeep: define('ERR-9003', 400, 'The request body is nested too deeply'),
  /** GAP-CONTENT-TYPE: a POST or PUT whose Content-Type is missing or not application/json. */
  unsupportedContentType: define('ERR-9004', 400, 'Content-Type must be application/json'),
  /** GAP-FIELD-LIMITS: the body is larger than the server accepts. */
  bodyTooLarge: define('ERR-9005', 400, 'The request body is too large'),
  /** GAP-NON-UUID-PATH, in the bad-request-400 reading only. */
  pathIdNotUuid: define('ERR-9006', 400, 'The path identifier is not a UUID'),
  /** A request line or URL that cannot be decoded, or a request HTTP itself rejects. */
  badRequest: define('ERR-9007', 400, 'The request could not be understood'),
  /** GAP-OTHER-OPERATIONS, in a reading with a listing: a page, size or time it cannot read. */
  listingParameter: define('ERR-9008', 400, 'A listing parameter is not valid'),
  /** GAP-OTHER-OPERATIONS, in the refused-400 reading of unknown query parameters only. */
  unknownQueryParameter: define('ERR-9010', 400, 'Unknown query parameter'),
  /** GAP-OTHER-OPERATIONS: a path the service does not have. */
  routeNotFound: define('ERR-9404', 404, 'No such resource'),
  /** GAP-OTHER-OPERATIONS: a method the path does not support (404: 405 is not in the spec's list). */
  methodNotSupported: define('ERR-9405', 404, 'Method not supported for this resource'),
  /** GAP-429-BODY: the request rate of the tenant exceeded its limit. */
  rateLimited: define('ERR-9429', 429, 'Rate limit exceeded'),
} as const);

export const REFERENCE_CODE_LIST: readonly ReferenceCode[] = Object.freeze(Object.values(REFERENCE_CODES));

/**
 * Codes only the variants use (variants.ts), each for a reading the reference does not take. Their
 * statuses are the readings' own (a 409 for a conflict, a 422 for an unprocessable body).
 */
export const VARIANT_CODES = Object.freeze({
  unknownPayloadPropertyAlt: define('ERR-3099', 400, 'Unknown payload property'),
  unknownPayloadPropertyOnPayload: define('ERR-3000', 400, 'Payload has unknown properties'),
  fieldImmutable: define('ERR-3017', 400, 'Field cannot be changed'),
  statusFinal: define('ERR-3018', 400, 'Status cannot change from its final value'),
  malformedJsonAlt: define('ERR-4000', 400, 'Malformed request body'),
  immutableConflict: define('ERR-4009', 409, 'The event cannot be changed this way'),
  transitionConflict: define('ERR-4010', 409, 'Status transition not allowed'),
  eventFrozen: define('ERR-4011', 409, 'The event takes no more updates in its status'),
  unprocessableBody: define('ERR-4220', 422, 'The request body cannot be processed'),
} as const);

export const VARIANT_CODE_LIST: readonly ReferenceCode[] = Object.freeze(Object.values(VARIANT_CODES));

/** The title of a code: the spec's condition for its own codes, the reference's title for invented ones. */
export const titleOf = (code: string): string => {
  if (Object.hasOwn(ERROR_CODES, code)) return ERROR_CODES[code as ErrorCode].condition;
  const invented =
    REFERENCE_CODE_LIST.find((c) => c.code === code) ?? VARIANT_CODE_LIST.find((c) => c.code === code);
  return invented?.title ?? 'Request failed';
};

export const VALIDATION_TITLE = 'One or more validation errors occurred';
