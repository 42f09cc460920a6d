/**
 * GAP-GET-BODY, emptyStrings: how a store without an empty string shows one. `as-null`: a string
 * field sent as "" is held as NULL (Oracle's VARCHAR2), shown null. `zero-value`: every optional string
 * field of the event's kind is a field of a struct, shown "" when not sent (Go's encoding/json without
 * omitempty): originalStatus, the payload's channel and its kind's own fields.
 */
import { PAYIN_ONLY_PAYLOAD_FIELDS, PAYOUT_ONLY_PAYLOAD_FIELDS } from '../../spec/index.ts';
import type { ReferenceBehaviour } from '../behaviour.ts';
import { isJsonObject, type JsonObject } from '../json.ts';

/** The payload's string fields a struct of the event's kind holds. */
const payloadFieldsOf = (type: unknown): readonly string[] => {
  if (type === 'INTERNAL_PAYIN') return ['channel', ...PAYIN_ONLY_PAYLOAD_FIELDS];
  if (type === 'INTERNAL_PAYOUT') return ['channel', ...PAYOUT_ONLY_PAYLOAD_FIELDS];
  return [];
};

const emptyAsNull = (object: JsonObject): JsonObject => {
  for (const [name, value] of Object.entries(object)) if (value === '') object[name] = null;
  return object;
};

const absentAsEmpty = (object: JsonObject, fields: readonly string[]): JsonObject => {
  for (const name of fields) if (object[name] === undefined) object[name] = '';
  return object;
};

/** The view (a copy, free to change) with its empty strings as the reading shows them. */
export const withEmptyStrings = (
  view: JsonObject,
  reading: ReferenceBehaviour['emptyStrings'],
): JsonObject => {
  if (reading === 'as-stored') return view;
  const payload = isJsonObject(view.payload) ? { ...view.payload } : undefined;
  if (reading === 'as-null') {
    emptyAsNull(view);
    if (payload) view.payload = emptyAsNull(payload);
    return view;
  }
  absentAsEmpty(view, ['originalStatus']);
  if (payload) view.payload = absentAsEmpty(payload, payloadFieldsOf(view.type));
  return view;
};
