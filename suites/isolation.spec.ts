/**
 * Part 1 and part 4, rule 3: another tenant's uuid answers exactly like an unknown uuid, and a write of
 * another tenant (a PUT of the owner's uuid, a POST reusing its externalId) shows in none of the owner's
 * reads: GET, `?versions=true` and the listing, where the deployment offers them.
 */
import {
  type ForeignOperation,
  judgeForeignAnswerRevealsNothing,
  judgeForeignLikeUnknown,
  judgeForeignQueryReadLikeUnknown,
  judgeForeignReadRefused,
  judgeForeignUpdateRefused,
  judgeOwnerReadShowsNothing,
  judgeUnchangedByForeignPut,
  judgeViewKept,
  type StatedRefusal,
  type ViewStep,
} from '../oracle/index.ts';
import { ruleCheck } from '../run-records/rule-annotations.ts';
import { eventPath } from '../spec/index.ts';
import { type Observe, test } from './fixtures/index.ts';
import { lookAtViews } from './listing/event-views.ts';
import { windowEdge, windowFilter } from './listing/listing-window.ts';
import { type OwnerRead, ownerReads } from './listing/owner-reads.ts';
import { validPayin, validPayout } from './samples/sample-events.ts';
import type { SendOptions, ServiceClient, ServiceResponse } from './transport/service-client.ts';
import { check } from './verdicts/verdicts.ts';

/** Another tenant's event is refused as unknown: the claim of each operation (its rule is the oracle's). */
const FOREIGN_REFUSALS: Readonly<Record<ForeignOperation, StatedRefusal>> = {
  GET: judgeForeignReadRefused,
  PUT: judgeForeignUpdateRefused,
};

const expectIndistinguishable = (
  operation: ForeignOperation,
  foreign: ServiceResponse,
  unknown: ServiceResponse,
  externalId: string,
): void => {
  check.error(foreign, FOREIGN_REFUSALS[operation]);
  check.verdict(judgeForeignAnswerRevealsNothing(operation, foreign, externalId), foreign);
  check.verdict(judgeForeignLikeUnknown(operation, foreign, unknown), foreign);
};

/** Judges that none of the owner's reads shows `marker`, the mark of another tenant's `write`. */
const expectNoneShows = (
  reads: readonly OwnerRead[],
  write: 'PUT' | 'POST',
  marker: string,
  what: string,
): void => {
  for (const read of reads)
    check.verdict(judgeOwnerReadShowsNothing(read, write, marker, what), read.response);
};

/**
 * The owner's view of its event and of a twin made beside it (touched by nobody) before and after
 * another tenant's `write`, judged by the model (oracle/tenant-view.ts): any change only the event
 * shows is the write's, whatever it holds; one both show is the deployment's own, observed.
 */
const expectViewKept = async (
  step: ViewStep,
  owner: { client: ServiceClient; created: ServiceResponse; twin: ServiceResponse; observe: Observe },
  write: () => Promise<ServiceResponse>,
): Promise<ServiceResponse> => {
  const uuids = [check.created(owner.created), check.created(owner.twin)];
  const filter = windowFilter(windowEdge(owner.created, -1), windowEdge(owner.twin, 1));
  const window = { owner: 'tenant A', filter };
  const [before, twinBefore] = await lookAtViews(owner.client, uuids, window);
  const written = await write();
  const [after, twinAfter] = await lookAtViews(owner.client, uuids, window);
  const kept = check.verdict(
    judgeViewKept(
      step,
      { before: before ?? {}, after: after ?? {} },
      { before: twinBefore ?? {}, after: twinAfter ?? {} },
    ),
    written,
  );
  if (kept.ownMoves.length > 0)
    await owner.observe(
      'GAP-STATUS-TRANSITIONS',
      `the event and its untouched twin both changed on their own: ${kept.ownMoves.join(', ')}`,
    );
  return written;
};

/** A name only the other tenant's write carries, in a field any reading stores as sent. */
const foreignMarker = (): string => `Foreign Marker ${crypto.randomUUID().slice(0, 8)}`;

/** Tenant A's event and an untouched twin beside it, the model's pair for a foreign write. */
const ownerEventAndTwin = async (tenantA: ServiceClient, runId: string) => {
  const event = validPayout(runId);
  const created = await tenantA.create(event);
  const twinEvent = validPayout(runId, 'twin');
  const twin = await tenantA.create(twinEvent);
  return { event, created, uuid: check.created(created), twin, twinEvent };
};

/** After tenant B's PUT carrying `marker`: A's event as it was, and none of A's reads shows the marker. */
const expectForeignPutUnseen = async (
  tenantA: ServiceClient,
  owner: Awaited<ReturnType<typeof ownerEventAndTwin>>,
  marker: string,
  what: string,
): Promise<void> => {
  check.sameEvent(await tenantA.retrieve(owner.uuid), owner.event, judgeUnchangedByForeignPut);
  const since = windowEdge(owner.created, -1);
  expectNoneShows(await ownerReads(tenantA, owner.uuid, { owner: 'tenant A', since }), 'PUT', marker, what);
};

/** A GET of an event by its uuid in other forms: conditional (any version), and with a trailing slash. */
const OTHER_READ_FORMS: readonly ((uuid: string) => SendOptions)[] = [
  (uuid) => ({ method: 'GET', path: eventPath(uuid), headers: { 'If-None-Match': '*' } }),
  (uuid) => ({ method: 'GET', path: `${eventPath(uuid)}/` }),
];

test.describe('tenant isolation', { tag: ['@isolation'] }, () => {
  test(
    ...ruleCheck(
      'ISOLATION-GET',
      "GET of another tenant's uuid, in either letter case, answers exactly like an unknown uuid",
    ),
    async ({ tenantA, tenantB, runId }) => {
      const event = validPayin(runId);
      const uuid = check.created(await tenantA.create(event));
      const foreign = await tenantB.retrieve(uuid);
      const unknown = await tenantB.retrieve(crypto.randomUUID());
      expectIndistinguishable('GET', foreign, unknown, event.externalId);
      // The same uuid in upper case (a valid UUID, RFC 9562), as an unknown one so spelled is answered
      // (the stated 404, or what a route that takes only lower case gives both): a route or a cache
      // that matches only that spelling must be scoped to the tenant too.
      const foreignUpper = await tenantB.retrieve(uuid.toUpperCase());
      const unknownUpper = await tenantB.retrieve(crypto.randomUUID().toUpperCase());
      check.verdict(judgeForeignQueryReadLikeUnknown(foreignUpper, unknownUpper), foreignUpper);
      check.verdict(judgeForeignAnswerRevealsNothing('GET', foreignUpper, event.externalId), foreignUpper);
      // Other forms of the same read, each as an unknown uuid so asked is answered: a conditional-GET
      // filter, or a route for a trailing slash, that runs before the tenant's scope answers from the
      // row of whichever tenant holds the uuid.
      for (const form of OTHER_READ_FORMS) {
        const foreignForm = await tenantB.send(form(uuid));
        const unknownForm = await tenantB.send(form(crypto.randomUUID()));
        check.verdict(judgeForeignQueryReadLikeUnknown(foreignForm, unknownForm), foreignForm);
        check.verdict(judgeForeignAnswerRevealsNothing('GET', foreignForm, event.externalId), foreignForm);
      }
    },
  );

  test(
    ...ruleCheck(
      'ISOLATION-PUT',
      "PUT of another tenant's uuid answers like an unknown uuid and shows in none of the owner's reads",
    ),
    async ({ tenantA, tenantB, runId, observe }) => {
      const owner = await ownerEventAndTwin(tenantA, runId);
      const { event, created, uuid, twin } = owner;
      const marker = foreignMarker();
      // The same body to both uuids: an answer that echoes the body differs only by the uuid asked for.
      const body = { ...event, status: 'REJECTED', amount: 1, originalStatus: marker };
      // Not GET alone: a history or a listing written before the owner was checked shows it too,
      // whatever the change holds (the model's look), and whatever carries B's data (the marker).
      const foreign = await expectViewKept('foreign-put', { client: tenantA, created, twin, observe }, () =>
        tenantB.update(uuid, body),
      );
      const unknown = await tenantB.update(crypto.randomUUID(), body);
      expectIndistinguishable('PUT', foreign, unknown, event.externalId);
      // Bodies a deployment may refuse before it looks the uuid up (the order is not shown): an invalid
      // one, and one reusing the externalId of the owner's other event. Refused or not, another
      // tenant's uuid gets what an unknown uuid gets: a check of the body against the stored event,
      // or of the externalId among the owner's, before the owner is, tells the event exists.
      for (const probe of [
        { ...body, amount: 0 },
        { ...body, externalId: owner.twinEvent.externalId },
      ]) {
        const [ofForeign, ofUnknown] = [
          await tenantB.update(uuid, probe),
          await tenantB.update(crypto.randomUUID(), probe),
        ];
        check.verdict(judgeForeignLikeUnknown('PUT', ofForeign, ofUnknown), ofForeign);
        check.verdict(judgeForeignAnswerRevealsNothing('PUT', ofForeign, event.externalId), ofForeign);
      }
      // The uuid in upper case (a valid UUID, RFC 9562): a route or a lookup that matches only that
      // spelling must be scoped to the tenant too.
      const [upper, unknownUpper] = [
        await tenantB.update(uuid.toUpperCase(), body),
        await tenantB.update(crypto.randomUUID().toUpperCase(), body),
      ];
      check.verdict(judgeForeignLikeUnknown('PUT', upper, unknownUpper), upper);
      check.verdict(judgeForeignAnswerRevealsNothing('PUT', upper, event.externalId), upper);
      await expectForeignPutUnseen(tenantA, owner, marker, "tenant B's refused PUT");
    },
  );

  test(
    ...ruleCheck(
      'ISOLATION-PUT',
      "a PUT of tenant B's own event whose body carries tenant A's uuid changes none of A's reads",
    ),
    async ({ tenantA, tenantB, runId, observe }) => {
      // A field 2.1 does not list: a deployment may refuse it or drop it (GAP-EXTRA-TOP-LEVEL-FIELDS),
      // never write the event it names (a body mapped onto the entity, id included, then saved).
      const owner = await ownerEventAndTwin(tenantA, runId);
      const own = validPayout(runId, 'tenant-B');
      const ownUuid = check.created(await tenantB.create(own));
      const marker = foreignMarker();
      const { created, twin, uuid } = owner;
      await expectViewKept('foreign-put', { client: tenantA, created, twin, observe }, () =>
        tenantB.update(ownUuid, { ...own, uuid, status: 'REJECTED', amount: 1, originalStatus: marker }),
      );
      await expectForeignPutUnseen(tenantA, owner, marker, "tenant B's PUT whose body carried A's uuid");
    },
  );

  test(
    ...ruleCheck(
      'ISOLATION-GET',
      "an event of another tenant with the owner's externalId shows in none of the owner's reads",
    ),
    async ({ tenantA, tenantB, runId, observe }) => {
      const event = validPayin(runId, 'reused-by-other');
      const created = await tenantA.create(event);
      const since = windowEdge(created, -1);
      const uuid = check.created(created);
      const twin = await tenantA.create(validPayin(runId, 'reused-twin'));
      const marker = foreignMarker();
      // Whether B may hold the same externalId is DEDUP-PER-TENANT's to judge; here, whatever B's POST
      // gets, A's reads show nothing of it, and nothing of A's view changes.
      await expectViewKept('foreign-post', { client: tenantA, created, twin, observe }, () =>
        tenantB.create({
          ...validPayin(runId, 'reuse'),
          externalId: event.externalId,
          originalStatus: marker,
        }),
      );
      const reads = await ownerReads(tenantA, uuid, { owner: 'tenant A', since });
      expectNoneShows(reads, 'POST', marker, "tenant B's event with the same externalId");
    },
  );
});
