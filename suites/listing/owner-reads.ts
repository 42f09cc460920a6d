/**
 * Every read an owner has of its event, for the checks that a write of another tenant shows in none
 * of them (data is isolated per tenant, part 1): GET of the event, `?versions=true` (a reading a
 * deployment may offer: where it does not, the answer is GET's own or a refusal), and every page of the
 * listing (a reading too), walked by its own paging over a window of the check's creation times.
 */
import { eventPath } from '../../spec/index.ts';
import type { ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import { walkListing } from './listing-walk.ts';
import { windowEdge, windowFilter } from './listing-window.ts';

export interface OwnerRead {
  /** Which read: `GET`, `GET ?versions=true`, `listing`. */
  readonly kind: 'GET' | 'versions' | 'listing';
  /** How a message names it: `tenant A's GET of 1f0…`. */
  readonly where: string;
  readonly response: ServiceResponse;
}

/** The owner's reads of its event `uuid`; `since` is the window's start (windowEdge of its creation). */
export const ownerReads = async (
  client: ServiceClient,
  uuid: string,
  { owner, since }: { owner: string; since: string },
): Promise<OwnerRead[]> => {
  const read = await client.retrieve(uuid);
  const versions = await client.send({ method: 'GET', path: `${eventPath(uuid)}?versions=true` });
  const walk = await walkListing(client, windowFilter(since, windowEdge(versions, 1)), {
    size: 10,
    maxPages: 10,
    owner,
  });
  return [
    { kind: 'GET', where: `${owner}'s GET of ${uuid}`, response: read },
    { kind: 'versions', where: `${owner}'s GET ?versions=true of ${uuid}`, response: versions },
    ...walk.pages.map((page): OwnerRead => ({ kind: 'listing', where: page.where, response: page.response })),
  ];
};
