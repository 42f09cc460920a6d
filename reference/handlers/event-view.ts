/**
 * An event on its way into the store and on its way out: stored exactly as accepted, shown (by GET, and
 * by PUT's event-200 reading) as the stored fields plus uuid, and the extra fields the behaviour adds
 * (GAP-GET-BODY).
 */
import type { ServerContext } from '../context.ts';
import type { StoredEvent } from '../event-store.ts';
import type { JsonObject } from '../json.ts';

export interface EventFormHooks {
  /** RETRIEVE-RETURNS-EVENT: the form an accepted event is stored in. */
  storedForm(event: JsonObject): JsonObject;
  /** RETRIEVE-RETURNS-EVENT: the stored fields and uuid as shown; the view is a copy, free to change. */
  eventView(view: JsonObject): JsonObject;
}

export const EVENT_FORM_HOOKS: EventFormHooks = Object.freeze({
  storedForm: (event: JsonObject) => event,
  eventView: (view: JsonObject) => view,
});

/** The event as GET shows it. */
export const presentEvent = (stored: StoredEvent, ctx: ServerContext): JsonObject => {
  const view: JsonObject = { ...stored.event };
  view.uuid = stored.uuid;
  const shown = ctx.hooks.eventView(view);
  if (ctx.behaviour.getExtraFields === 'timestamps') {
    shown.createdAt = new Date(stored.createdAt).toISOString();
    shown.updatedAt = new Date(stored.updatedAt).toISOString();
  }
  return shown;
};
