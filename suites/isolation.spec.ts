/**
 * Part 1 and part 4, rule 3: another tenant's uuid answers exactly like an unknown uuid, and a write of
 * another tenant (a PUT of the owner's uuid, a POST reusing its externalId) shows in none of the owner's
 * reads: GET, `?versions=true` and the listing, where the deployment offers them.
 */
import {
  type ForeignOperation,
  judgeForeignAnswerRevealsNothing,
  judgeForeignLikeUnknown,
  judgeForeignReadRefused,
  judgeForeignUpdateRefused,
  judgeOwnerReadShowsNothing,
  judgeUnchangedByForeignPut,
  judgeViewKept,
  type StatedRefusal,
} from '../oracle/index.ts';
import { ruleCheck } from '../run-records/rule-annotations.ts';
import { test } from './fixtures/index.ts';
import { lookAtViews } from './listing/event-views.ts';
import { windowEdge, windowFilter } from './listing/listing-window.ts';
import { type OwnerRead, ownerReads } from './listing/owner-reads.ts';
import { validPayin, validPayout } from './samples/sample-events.ts';
import type { ServiceResponse } from './transport/service-client.ts';
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

/** A name only the other tenant's write carries, in a field any reading stores as sent. */
const foreignMarker = (): string => `Foreign Marker ${crypto.randomUUID().slice(0, 8)}`;

test.describe('tenant isolation', { tag: ['@isolation'] }, () => {
  test(
    ...ruleCheck('ISOLATION-GET', "GET of another tenant's uuid answers exactly like an unknown uuid"),
    async ({ tenantA, tenantB, runId }) => {
      const event = validPayin(runId);
      const uuid = check.created(await tenantA.create(event));
      const foreign = await tenantB.retrieve(uuid);
      const unknown = await tenantB.retrieve(crypto.randomUUID());
      expectIndistinguishable('GET', foreign, unknown, event.externalId);
    },
  );

  test(
    ...ruleCheck(
      'ISOLATION-PUT',
      "PUT of another tenant's uuid answers like an unknown uuid and shows in none of the owner's reads",
    ),
    async ({ tenantA, tenantB, runId, observe }) => {
      const event = validPayout(runId);
      const created = await tenantA.create(event);
      const since = windowEdge(created, -1);
      const uuid = check.created(created);
      // The twin: made beside the event and touched by nobody, so that a change only the event shows
      // is tenant B's PUT's, and one both show is the deployment's own.
      const twinCreated = await tenantA.create(validPayout(runId, 'twin'));
      const twinUuid = check.created(twinCreated);
      const window = { owner: 'tenant A', filter: windowFilter(since, windowEdge(twinCreated, 1)) };
      const [before, twinBefore] = await lookAtViews(tenantA, [uuid, twinUuid], window);
      const marker = foreignMarker();
      const foreign = await tenantB.update(uuid, {
        ...event,
        status: 'REJECTED',
        amount: 1,
        originalStatus: marker,
      });
      const unknown = await tenantB.update(crypto.randomUUID(), {
        ...validPayout(runId),
        status: 'REJECTED',
      });
      expectIndistinguishable('PUT', foreign, unknown, event.externalId);
      check.sameEvent(await tenantA.retrieve(uuid), event, judgeUnchangedByForeignPut);
      // Not GET alone: a history or a listing written before the owner was checked shows it too,
      // whatever the change holds (the model's look), and whatever carries B's data (the marker).
      const [after, twinAfter] = await lookAtViews(tenantA, [uuid, twinUuid], window);
      const kept = check.verdict(
        judgeViewKept(
          'foreign-put',
          { before: before ?? {}, after: after ?? {} },
          { before: twinBefore ?? {}, after: twinAfter ?? {} },
        ),
        foreign,
      );
      if (kept.ownMoves.length > 0)
        await observe(
          'GAP-STATUS-TRANSITIONS',
          `the event and its untouched twin both changed on their own: ${kept.ownMoves.join(', ')}`,
        );
      const reads = await ownerReads(tenantA, uuid, { owner: 'tenant A', since });
      expectNoneShows(reads, 'PUT', marker, "tenant B's refused PUT");
    },
  );

  test(
    ...ruleCheck(
      'ISOLATION-GET',
      "an event of another tenant with the owner's externalId shows in none of the owner's reads",
    ),
    async ({ tenantA, tenantB, runId }) => {
      const event = validPayin(runId, 'reused-by-other');
      const created = await tenantA.create(event);
      const since = windowEdge(created, -1);
      const uuid = check.created(created);
      const marker = foreignMarker();
      // Whether B may hold the same externalId is DEDUP-PER-TENANT's to judge; here, whatever B's POST
      // gets, A's reads show nothing of it.
      await tenantB.create({
        ...validPayin(runId, 'reuse'),
        externalId: event.externalId,
        originalStatus: marker,
      });
      const reads = await ownerReads(tenantA, uuid, { owner: 'tenant A', since });
      expectNoneShows(reads, 'POST', marker, "tenant B's event with the same externalId");
    },
  );
});
