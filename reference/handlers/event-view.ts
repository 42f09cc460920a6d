/**
 * An event on its way into the store and on its way out: stored exactly as accepted, shown (by GET, and
 * by PUT's event-200 reading) as the stored fields plus uuid, in the form the behaviour reads
 * GAP-GET-BODY (amounts as numbers or decimal strings; timestamps, a version; an envelope or none).
 */
import type { ServerContext } from '../context.ts';
import { decimalString } from '../decimals.ts';
import type { StoredEvent } from '../event-store.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import { withEmptyStrings } from './empty-strings.ts';

export interface EventFormHooks {
  /** RETRIEVE-RETURNS-EVENT: the form an accepted event is stored in. */
  storedForm(event: JsonObject): JsonObject;
  /** RETRIEVE-RETURNS-EVENT: the stored fields and uuid as shown; the view is a copy, free to change. */
  eventView(view: JsonObject): JsonObject;
}

declare module '../context.ts' {
  interface ReferenceHooks extends EventFormHooks {}
}

export const EVENT_FORM_HOOKS: EventFormHooks = Object.freeze({
  storedForm: (event: JsonObject) => event,
  eventView: (view: JsonObject) => view,
});

/** GAP-GET-BODY, amountFormat decimal-string: every amount as a decimal string of the same value. */
const withDecimalStrings = (view: JsonObject): JsonObject => {
  if (typeof view.amount === 'number') view.amount = decimalString(view.amount);
  const items = view.multiCurrencyAmounts;
  if (Array.isArray(items)) {
    view.multiCurrencyAmounts = items.map((item: JsonValue) =>
      isJsonObject(item) && typeof item.amount === 'number'
        ? { ...item, amount: decimalString(item.amount) }
        : item,
    );
  }
  return view;
};

/** The event as GET shows it (and PUT in its event-200 reading). */
export const presentEvent = (stored: StoredEvent, ctx: ServerContext): JsonObject => {
  const { behaviour } = ctx;
  const view: JsonObject = { ...stored.event };
  view.uuid = stored.uuid;
  if (behaviour.amountFormat === 'decimal-string') withDecimalStrings(view);
  if (behaviour.itemsOrder === 'by-currency' && Array.isArray(view.multiCurrencyAmounts)) {
    view.multiCurrencyAmounts = [...view.multiCurrencyAmounts].sort((x, y) =>
      String(isJsonObject(x) ? x.currencyCode : '').localeCompare(
        String(isJsonObject(y) ? y.currencyCode : ''),
      ),
    );
  }
  if (behaviour.absentContainers === 'empty') {
    view.multiCurrencyAmounts ??= [];
    view.payload ??= {};
  }
  const shown = ctx.hooks.eventView(withEmptyStrings(view, behaviour.emptyStrings));
  const extras = behaviour.getExtraFields;
  if (extras === 'timestamps' || extras === 'timestamps-and-version') {
    shown.createdAt = new Date(stored.createdAt).toISOString();
    shown.updatedAt = new Date(stored.updatedAt).toISOString();
  }
  if (extras === 'version' || extras === 'timestamps-and-version') shown.version = stored.version;
  return behaviour.eventEnvelope === 'data' ? { data: shown } : shown;
};
