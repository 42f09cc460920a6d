/**
 * A look at a tenant's view of some of its events (the model of oracle/tenant-view.ts): for each, GET,
 * `?versions=true` (a reading a deployment may offer: where it does not, its answer is GET's own or a
 * refusal, compared all the same) and its item on the listing, walked once over a window of their
 * creation times, with its place among the events looked at. The check only reads; the oracle judges
 * what changed between two looks.
 */
import { type EventView, listedUuid, shownAnswer, shownListing } from '../../oracle/index.ts';
import { eventPath } from '../../spec/index.ts';
import type { ServiceClient } from '../transport/service-client.ts';
import { walkListing } from './listing-walk.ts';

export interface ViewWindow {
  /** Whose view, for messages: `tenant A`. */
  readonly owner: string;
  /** The listing filter the look walks (the same for every look, so that they compare). */
  readonly filter: string;
}

/** The item of each uuid on the walk's pages (the first showing it), in the order they were shown. */
const listedItems = (pages: readonly { items: readonly unknown[] | undefined }[]): Map<string, unknown> => {
  const items = new Map<string, unknown>();
  for (const page of pages)
    for (const item of page.items ?? []) {
      const uuid = listedUuid(item);
      if (uuid !== undefined && !items.has(uuid)) items.set(uuid, item);
    }
  return items;
};

/** One look at the views of `uuids`, in their order. */
export const lookAtViews = async (
  client: ServiceClient,
  uuids: readonly string[],
  { owner, filter }: ViewWindow,
): Promise<EventView[]> => {
  const walk = await walkListing(client, filter, { size: 10, maxPages: 10, owner });
  const listed = listedItems(walk.pages);
  const shownOrder = [...listed.keys()].filter((uuid) => uuids.includes(uuid));
  const views: EventView[] = [];
  for (const uuid of uuids) {
    const read = await client.retrieve(uuid);
    const versions = await client.send({ method: 'GET', path: `${eventPath(uuid)}?versions=true` });
    const place = shownOrder.indexOf(uuid);
    const listing = shownListing(
      `${owner}'s listing item of ${uuid}`,
      listed.get(uuid),
      place < 0 ? undefined : place,
    );
    views.push({
      GET: shownAnswer('GET', `${owner}'s GET of ${uuid}`, read),
      versions: shownAnswer('versions', `${owner}'s GET ?versions=true of ${uuid}`, versions),
      ...(listing ? { listing } : {}),
    });
  }
  return views;
};
