/**
 * GAP-REQUIRED-FIELDS in the reading of a typed binding (Jackson, System.Text.Json, pydantic's
 * Optional; behaviour.nullFields 'absent'): a field of the spec sent as null is a field not sent. Those
 * nulls are dropped before validation, at the top level, in the payload and in each item: a required
 * field is then missing, an optional one absent, and stored so. A property the spec does not know stays,
 * null or not: the binding fails on it as on any unknown property.
 */
import { EVENT_FIELDS, MULTI_CURRENCY_AMOUNT_FIELDS, PAYLOAD_FIELDS } from '../spec/index.ts';
import { isJsonObject, type JsonObject } from './json.ts';

const withoutNullsOf =
  (fields: readonly string[]) =>
  (object: JsonObject): JsonObject =>
    Object.fromEntries(
      Object.entries(object).filter(([name, value]) => value !== null || !fields.includes(name)),
    );

const eventWithoutNulls = withoutNullsOf(EVENT_FIELDS);
const payloadWithoutNulls = withoutNullsOf(PAYLOAD_FIELDS);
const itemWithoutNulls = withoutNullsOf(MULTI_CURRENCY_AMOUNT_FIELDS);

export const dropNullFields = (body: JsonObject): JsonObject => {
  const event = eventWithoutNulls(body);
  if (isJsonObject(event.payload)) event.payload = payloadWithoutNulls(event.payload);
  if (Array.isArray(event.multiCurrencyAmounts)) {
    event.multiCurrencyAmounts = event.multiCurrencyAmounts.map((item) =>
      isJsonObject(item) ? itemWithoutNulls(item) : item,
    );
  }
  return event;
};
