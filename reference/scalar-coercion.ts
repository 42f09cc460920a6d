/**
 * GAP-WRONG-JSON-TYPE in the lenient reading (behaviour.scalarCoercion): the scalars Jackson and
 * pydantic coerce, coerced before validation and stored so. A numeric string where an amount belongs
 * becomes that number ("12.50", "1e2"); a number or boolean where a free string belongs becomes its
 * text. Nothing else is touched: an array, an object or null stays what it is, and fails as it would.
 */
import { PAYIN_ONLY_PAYLOAD_FIELDS, PAYOUT_ONLY_PAYLOAD_FIELDS } from '../spec/index.ts';
import { isJsonObject, type JsonObject, type JsonValue } from './json.ts';

const NUMERIC_TEXT = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const FREE_STRING_FIELDS = ['externalId', 'originalStatus'] as const;
const FREE_PAYLOAD_FIELDS = [...PAYIN_ONLY_PAYLOAD_FIELDS, ...PAYOUT_ONLY_PAYLOAD_FIELDS];

const asAmount = (value: JsonValue): JsonValue =>
  typeof value === 'string' && NUMERIC_TEXT.test(value) ? Number(value) : value;

const asText = (value: JsonValue): JsonValue =>
  typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;

const coerceIn = (
  object: JsonObject,
  fields: readonly string[],
  coerce: (v: JsonValue) => JsonValue,
): JsonObject => {
  const copy: JsonObject = { ...object };
  for (const field of fields) if (Object.hasOwn(copy, field)) copy[field] = coerce(copy[field] as JsonValue);
  return copy;
};

export const coerceScalars = (body: JsonObject): JsonObject => {
  const event = coerceIn(coerceIn(body, FREE_STRING_FIELDS, asText), ['amount'], asAmount);
  if (isJsonObject(event.payload)) event.payload = coerceIn(event.payload, FREE_PAYLOAD_FIELDS, asText);
  if (Array.isArray(event.multiCurrencyAmounts)) {
    event.multiCurrencyAmounts = event.multiCurrencyAmounts.map((item) =>
      isJsonObject(item) ? coerceIn(item, ['amount'], asAmount) : item,
    );
  }
  return event;
};
