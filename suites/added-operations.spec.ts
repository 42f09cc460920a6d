/**
 * What a deployment adds where the spec is silent: a listing of events (GAP-OTHER-OPERATIONS), the
 * versions of an event (`?versions=true`, GAP-GET-BODY), fields of its own (GAP-EXTRA-TOP-LEVEL-FIELDS).
 * Each is observed and recorded, never failed for existing. What the spec does state still holds on
 * whatever the deployment adds: data is isolated per tenant (part 1), every request carries the three
 * headers (part 5), every non-2xx answer has the part 7 body. A check about an operation the deployment
 * does not offer (a 404 or 405) records that reading and is skipped.
 */

import { SECOND_LOOK_TAG } from '../config/index.ts';
import {
  answerSummary,
  isSuccess,
  judgeForeignQueryReadLikeUnknown,
  judgeForeignVersionsRevealNothing,
  judgeInvalidTokenRefused,
  judgeListedItem,
  judgeListingOffered,
  judgeListingText,
  judgeMalformedTenantHeaderRefused,
  judgeMissingTenantHeaderRefused,
  judgeMissingTokenRefused,
  judgeOwnVersionsShowNoTwin,
  judgeReadBacksKnown,
  judgeUnknownEventRefused,
  listedUuid,
  listingItems,
  queryRefusedWhateverTheUuid,
  type ReadBack,
  uuidsToReadBack,
} from '../oracle/index.ts';
import { ruleCheck } from '../run-records/rule-annotations.ts';
import { EVENTS_PATH, eventPath, HEADERS } from '../spec/index.ts';
import { test } from './fixtures/index.ts';
import { type ListingPage, walkListing } from './listing/listing-walk.ts';
import { windowEdge, windowFilter } from './listing/listing-window.ts';
import { replayOthersPages } from './listing/token-replay.ts';
import { validPayin, validPayout } from './samples/sample-events.ts';
import { unknownTokenOf } from './samples/unknown-token.ts';
import type { ServiceClient, ServiceResponse } from './transport/service-client.ts';
import { check } from './verdicts/verdicts.ts';

/** The shape of a JSON answer, the same from run to run: its top-level keys, or an array. */
const shapeOf = (response: ServiceResponse): string => {
  const { json } = response;
  if (Array.isArray(json)) return 'a JSON array';
  if (typeof json === 'object' && json !== null) return `an object of ${Object.keys(json).sort().join(', ')}`;
  return 'no JSON';
};

const listing = (client: ServiceClient, query = '', headers: Record<string, string | null> = {}) =>
  client.send({ method: 'GET', path: `${EVENTS_PATH}${query}`, headers });

/**
 * Skips a check about a listing when the deployment offers none (judgeListingOffered), once the answer
 * has been judged and the reading recorded.
 */
const requireListing = async (
  response: ServiceResponse,
  observe: (ruleId: 'GAP-OTHER-OPERATIONS', observed: string) => Promise<void>,
): Promise<void> => {
  const offered = judgeListingOffered(response, 'items');
  if (offered.notEstablished === undefined) return;
  check.gapAnswer(response);
  await observe('GAP-OTHER-OPERATIONS', `GET ${EVENTS_PATH} gives ${answerSummary(response)}: no listing`);
  check.verdict(offered, response);
};

/**
 * The moments a listing and the versions are looked at: early in the run, when the other tenant's
 * events are seconds old, and again at its end (the `second-look` project, after every other check),
 * when the other tenants have made hundreds of events and some are minutes old: a view that lags, a
 * cache keyed by time or a page far down the list shows then what it hid at first.
 */
/** How many of the other tenant's later pages a tenant asks for with the other's paging token or link. */
const REPLAYED_PAGES = 3;

const LOOKS = [
  { describe: '', title: '', tag: [] },
  { describe: ', looked at again at the end of the run', title: ' (end of the run)', tag: [SECOND_LOOK_TAG] },
] as const;

/**
 * Tenant B's later pages (its cursor, link or page number) asked for by tenant A exactly as B asked:
 * whatever A is answered names none of B's events. Returns how many pages A asked for.
 */
const sendOthersPages = async (
  tenantA: ServiceClient,
  tenantB: ServiceClient,
  filter: string,
  known: { readonly othersEvents: readonly string[]; readonly ownUuids: ReadonlySet<string> },
): Promise<number> => {
  const replay = await replayOthersPages(
    { client: tenantA, name: 'tenant A' },
    { client: tenantB, name: 'tenant B' },
    filter,
    REPLAYED_PAGES,
  );
  const ofB = [...known.othersEvents, ...replay.othersUuids.filter((uuid) => !known.ownUuids.has(uuid))];
  for (const { where, response } of replay.pages)
    check.verdict(judgeListingText(where, response, ofB), response);
  return replay.pages.length;
};

for (const look of LOOKS) {
  test.describe(`a listing the deployment adds${look.describe}`, () => {
    test(
      ...ruleCheck(
        ['ISOLATION-LISTING', 'GAP-OTHER-OPERATIONS'],
        `a listing of events shows a tenant none of another tenant's events, however it is paged or filtered${look.title}`,
        { tag: ['@isolation', ...look.tag] },
      ),
      async ({ tenantA, tenantB, target, runId, observe }) => {
        // The tenant's own events first, then the other's: a later page that lost the tenant filter shows
        // the other's, and the window filter holds little more than this check's events.
        const own = [validPayin(runId, 'listing-own'), validPayout(runId, 'listing-own-payout')];
        const others = [validPayin(runId, 'listing-foreign'), validPayout(runId, 'listing-foreign-payout')];
        const ownUuids = new Set<string>();
        let since = '';
        for (const event of own) {
          const response = await tenantA.create(event);
          since ||= windowEdge(response, -1);
          ownUuids.add(check.created(response));
        }
        const othersEvents: string[] = [];
        for (const event of others)
          othersEvents.push(check.created(await tenantB.create(event)), event.externalId);
        const first = await listing(tenantA);
        await requireListing(first, observe);
        const until = windowEdge(first, 1);
        const readBacks = new Map<string, ServiceResponse>();
        const looked: ReadBack[] = [];
        const judgePage = async ({ where, response, items }: ListingPage): Promise<void> => {
          check.gapAnswer(response);
          // Whatever its shape or status, a page names none of the other tenant's events this check made.
          check.verdict(judgeListingText(where, response, othersEvents), response);
          for (const uuid of uuidsToReadBack(response, items, ownUuids)) {
            const readBack = readBacks.get(uuid) ?? (await tenantA.retrieve(uuid));
            readBacks.set(uuid, readBack);
            check.verdict(judgeListedItem(where, uuid, readBack), readBack);
            looked.push({ uuid, readBack });
          }
        };
        await judgePage({
          where: "tenant A's listing",
          path: EVENTS_PATH,
          response: first,
          items: listingItems(first),
        });
        const filters = [
          { name: 'unfiltered', filter: '', maxPages: 3 },
          {
            name: 'from, to',
            filter: windowFilter(since, until),
            maxPages: 20,
          },
          {
            name: 'externalId',
            filter: `externalId=${encodeURIComponent(others[0]?.externalId ?? '')}`,
            maxPages: 3,
          },
          {
            name: 'clientId',
            filter: `clientId=${encodeURIComponent(target.tenantB?.clientId ?? '')}`,
            maxPages: 3,
          },
        ];
        const walked: string[] = [];
        for (const { name, filter, maxPages } of filters) {
          await test.step(name, async () => {
            const walk = await walkListing(tenantA, filter, { size: 3, maxPages, owner: 'tenant A' });
            for (const page of walk.pages) await judgePage(page);
            walked.push(
              `${name}: ${walk.pages.length} page(s) by ${walk.means}${walk.complete ? '' : `, cut short at ${maxPages} pages with more offered`}`,
            );
          });
        }
        await test.step("tenant B's paging tokens and links, sent by tenant A", async () => {
          const pages = await sendOthersPages(tenantA, tenantB, windowFilter(since, until), {
            othersEvents,
            ownUuids,
          });
          walked.push(`tenant B's later pages asked for by tenant A: ${pages}`);
        });
        await observe(
          'GAP-OTHER-OPERATIONS',
          `GET ${EVENTS_PATH} lists events as ${shapeOf(first)}; walked ${walked.join('; ')}`,
        );
        check.verdict(judgeReadBacksKnown(looked));
      },
    );
  });

  test.describe(`versions of an event${look.describe}`, () => {
    test(
      ...ruleCheck(
        ['ISOLATION-GET', 'RETRIEVE-UNKNOWN-404', 'GAP-GET-BODY'],
        `GET ?versions=true: any reading of the tenant's own event; another tenant's is not found${look.title}`,
        { tag: ['@isolation', '@retrieval', ...look.tag] },
      ),
      async ({ tenantA, tenantB, runId, observe }) => {
        const versions = (client: ServiceClient, uuid: string) =>
          client.send({ method: 'GET', path: `${eventPath(uuid)}?versions=true` });
        const event = validPayin(runId, 'versions');
        const uuid = check.created(await tenantA.create(event));
        // Tenant B's event with the same externalId, told apart by a name only it holds: a history kept
        // by externalId (not by tenant and event) would show its states among A's own.
        const marker = `Versions Marker ${crypto.randomUUID().slice(0, 8)}`;
        const payoutOfB = validPayout(runId, 'versions-same-id');
        const sameIdOfB = {
          ...payoutOfB,
          externalId: event.externalId,
          payload: { ...(payoutOfB.payload as object), beneficiaryName: marker },
        };
        check.created(await tenantB.create(sameIdOfB));
        const outcome = check.update(await tenantA.update(uuid, { ...event, status: 'BOOKED' }));
        const own = await versions(tenantA, uuid);
        check.gapAnswer(own);
        check.verdict(judgeOwnVersionsShowNoTwin(own, marker), own);
        await observe(
          'GAP-GET-BODY',
          `GET ?versions=true of an event ${outcome === 'applied' ? 'updated once' : 'never updated'} gives ${answerSummary(own)} with ${shapeOf(own)}`,
        );
        const foreign = validPayout(runId, 'versions-foreign');
        const foreignUuid = check.created(await tenantB.create(foreign));
        const leak = await versions(tenantA, foreignUuid);
        const unknown = await versions(tenantA, crypto.randomUUID());
        check.verdict(judgeForeignQueryReadLikeUnknown(leak, unknown), leak);
        check.verdict(judgeForeignVersionsRevealNothing(leak, foreign.externalId), leak);
        // A deployment that refuses the query whatever the uuid says nothing of the uuid by it: an
        // unknown uuid is then asked for without it.
        const unknownRead = queryRefusedWhateverTheUuid(own, unknown)
          ? await tenantA.retrieve(crypto.randomUUID())
          : unknown;
        check.error(unknownRead, judgeUnknownEventRefused);
      },
    );
  });
}

/** How far the end-of-run walk of a whole listing goes: pages of up to 100 where the size can be named. */
const WHOLE_LISTING = { size: 100, maxPages: 30 } as const;

/** The uuids a walk's pages show, each with the first page that shows it. */
const listedOn = (pages: readonly ListingPage[]): Map<string, string> => {
  const shown = new Map<string, string>();
  for (const { where, items } of pages)
    for (const uuid of (items ?? []).map(listedUuid))
      if (uuid !== undefined && !shown.has(uuid)) shown.set(uuid, where);
  return shown;
};

test.describe('listings of two tenants, at the end of the run', () => {
  test(
    ...ruleCheck(
      'ISOLATION-LISTING',
      "no event shows in two tenants' whole listings, walked after every other check (end of the run)",
      { tag: ['@isolation', '@readonly', SECOND_LOOK_TAG] },
    ),
    async ({ tenantA, tenantB, observe }) => {
      // An event has one owner: one that both tenants' listings show is another tenant's in one of them.
      // By now the tenants hold the whole run's events, some minutes old.
      await requireListing(await listing(tenantA), observe);
      const ofA = await walkListing(tenantA, '', { ...WHOLE_LISTING, owner: 'tenant A' });
      const ofB = await walkListing(tenantB, '', { ...WHOLE_LISTING, owner: 'tenant B' });
      const shownToA = listedOn(ofA.pages);
      const shownToB = listedOn(ofB.pages);
      const inBoth = [...shownToA.keys()].filter((uuid) => shownToB.has(uuid)).slice(0, 5);
      for (const uuid of inBoth) {
        const readByA = await tenantA.retrieve(uuid);
        check.verdict(judgeListedItem(shownToA.get(uuid) ?? "tenant A's listing", uuid, readByA), readByA);
        const readByB = await tenantB.retrieve(uuid);
        check.verdict(judgeListedItem(shownToB.get(uuid) ?? "tenant B's listing", uuid, readByB), readByB);
      }
      const walked = (walk: typeof ofA, shown: Map<string, string>) =>
        `${shown.size} events on ${walk.pages.length} page(s) by ${walk.means}${walk.complete ? '' : `, cut short at ${WHOLE_LISTING.maxPages} pages with more offered`}`;
      await observe(
        'GAP-OTHER-OPERATIONS',
        `at the end of the run, tenant A's listing: ${walked(ofA, shownToA)}; tenant B's: ${walked(ofB, shownToB)}`,
      );
    },
  );
});

test.describe('a listing the deployment adds: its headers and parameters', () => {
  test(
    ...ruleCheck(
      ['AUTH-TOKEN-MISSING', 'AUTH-TOKEN-INVALID', 'TENANT-HEADER-MISSING', 'TENANT-HEADER-NOT-UUID'],
      'a listing of events checks the three headers like every request',
      { tag: ['@auth', '@readonly'] },
    ),
    async ({ tenantA, target, observe }) => {
      await requireListing(await listing(tenantA), observe);
      const unknownToken = unknownTokenOf(target);
      check.error(await listing(tenantA, '', { [HEADERS.accessToken]: null }), judgeMissingTokenRefused);
      check.error(
        await listing(tenantA, '', { [HEADERS.accessToken]: unknownToken }),
        judgeInvalidTokenRefused,
      );
      check.error(await listing(tenantA, '', { [HEADERS.clientId]: null }), judgeMissingTenantHeaderRefused);
      check.error(
        await listing(tenantA, '', { [HEADERS.clientId]: 'not-a-uuid' }),
        judgeMalformedTenantHeaderRefused,
      );
    },
  );

  test(
    ...ruleCheck(
      ['ERROR-BODY-SHAPE', 'GAP-OTHER-OPERATIONS'],
      'a listing parameter the deployment cannot read is answered cleanly',
      { tag: ['@readonly'] },
    ),
    async ({ tenantA, observe }) => {
      // Any answer is a reading (ignored, refused, or no listing at all); a refusal has the part 7 body.
      for (const query of ['?page=0&size=-1', '?from=yesterday&to=not-a-date']) {
        const response = await listing(tenantA, query);
        check.gapAnswer(response);
        await observe('GAP-OTHER-OPERATIONS', `GET ${EVENTS_PATH}${query} gives ${answerSummary(response)}`);
      }
    },
  );
});

test.describe('fields a deployment adds', { tag: ['@validation'] }, () => {
  test(
    ...ruleCheck(
      ['ERROR-BODY-SHAPE', 'GAP-EXTRA-TOP-LEVEL-FIELDS'],
      "a provider's own top-level fields (isNegative, accountId) are refused, dropped or kept",
    ),
    async ({ tenantA, runId, observe }) => {
      const event = validPayout(runId, 'provider-fields');
      const extras = { isNegative: true, accountId: 'ACC-0001' };
      const response = await tenantA.create({ ...event, ...extras });
      if (!isSuccess(response.status)) {
        check.gapAnswer(response, {
          claimsChecked: 'fields the spec does not name',
          probedFields: Object.keys(extras),
        });
        await observe(
          'GAP-EXTRA-TOP-LEVEL-FIELDS',
          `isNegative and accountId: refused with ${answerSummary(response)}`,
        );
        return;
      }
      // Accepted: every field the spec names comes back as sent; the extra ones kept or dropped.
      const { event: stored } = check.sameEvent(await tenantA.retrieve(check.created(response)), event);
      for (const [name, value] of Object.entries(extras)) {
        const kept = stored?.[name];
        await observe(
          'GAP-EXTRA-TOP-LEVEL-FIELDS',
          `${name}: accepted and ${kept === undefined ? 'dropped' : JSON.stringify(kept) === JSON.stringify(value) ? 'kept' : `stored as ${JSON.stringify(kept)}`}`,
        );
      }
    },
  );
});
