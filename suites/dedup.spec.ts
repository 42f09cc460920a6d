/** Part 4, rules 1, 4 and 5: deduplication by externalId, per tenant, atomic under concurrency. */
import {
  because,
  expectCreated,
  expectError,
  expectErrorBody,
  expectSameEvent,
} from './support/expectations.ts';
import { expect, test } from './support/fixtures.ts';
import { validPayin, validPayout } from './support/sample-events.ts';

const CONCURRENT_POSTS = 12;

test.describe('deduplication', { tag: ['@dedup'] }, () => {
  test('DEDUP-EXTERNAL-ID: a second POST with an existing externalId gives 400 ERR-4001 and the first event is unchanged', async ({
    tenantA,
    runId,
  }) => {
    const first = validPayin(runId);
    const uuid = expectCreated(await tenantA.create(first));
    const second = { ...validPayout(runId), externalId: first.externalId };
    expectError(await tenantA.create(second), 'ERR-4001');
    // Re-read before anything else is sent: a re-POST is not an update (part 4, rule 5).
    expectSameEvent(await tenantA.retrieve(uuid), first);
    expectError(await tenantA.create(first), 'ERR-4001');
    expectSameEvent(await tenantA.retrieve(uuid), first);
  });

  test('DEDUP-EXTERNAL-ID: externalIds that differ only in letter case are different ids, both created', async ({
    tenantA,
    runId,
  }) => {
    // Found by the self-check (dedup-case-insensitive): an externalId is a string, kept exactly as sent;
    // "already exists" is that string existing, and a tenant's own ids may differ only in case.
    // Both carry the run id as it is; "CASE" and "case" make them differ whatever the random part holds.
    const suffix = crypto.randomUUID().slice(0, 13);
    const upper = { ...validPayin(runId), externalId: `${runId}-CASE-${suffix.toUpperCase()}` };
    const lower = { ...validPayout(runId), externalId: `${runId}-case-${suffix.toLowerCase()}` };
    const uuidOfUpper = expectCreated(await tenantA.create(upper));
    const uuidOfLower = expectCreated(await tenantA.create(lower));
    expect(uuidOfLower).not.toBe(uuidOfUpper);
    expectSameEvent(await tenantA.retrieve(uuidOfUpper), upper);
    expectSameEvent(await tenantA.retrieve(uuidOfLower), lower);
  });

  test('DEDUP-EXTERNAL-ID: a PUT cannot give an event the externalId another event of the tenant holds', {
    tag: ['@update'],
  }, async ({ tenantA, runId }) => {
    // Found by the self-check (put-duplicate-external-id-allowed): externalId is unique per tenant, by
    // PUT too. The refusal's status is GAP-422-USE's observation (400 or 422); both events stay as they were.
    const first = validPayin(runId);
    const second = validPayout(runId);
    const uuidOfFirst = expectCreated(await tenantA.create(first));
    const uuidOfSecond = expectCreated(await tenantA.create(second));
    const response = await tenantA.update(uuidOfSecond, { ...second, externalId: first.externalId });
    expect(response.status, because(response, 'the PUT must be refused with a 4xx')).toBeGreaterThanOrEqual(
      400,
    );
    expect(response.status, because(response, 'the PUT must be refused with a 4xx')).toBeLessThan(500);
    expectErrorBody(response);
    expectSameEvent(await tenantA.retrieve(uuidOfFirst), first);
    expectSameEvent(await tenantA.retrieve(uuidOfSecond), second);
  });

  test('DEDUP-EXTERNAL-ID: an externalId given to an event by PUT is taken: a POST with it gets ERR-4001', {
    tag: ['@update'],
  }, async ({ tenantA, runId, observe }) => {
    // Found by the self-check (put-external-id-not-reindexed). Whether PUT may change externalId at all
    // is not shown (GAP-PUT-BODY): a deployment that refuses the change cleanly passes, and says so.
    const event = validPayin(runId);
    const uuid = expectCreated(await tenantA.create(event));
    const renamed = { ...event, externalId: `${event.externalId}-renamed` };
    const response = await tenantA.update(uuid, renamed);
    expect(response.status, because(response, 'the service must answer, not fail')).toBeLessThan(500);
    if (response.status >= 300) {
      expectErrorBody(response);
      expectSameEvent(await tenantA.retrieve(uuid), event);
      await observe('GAP-PUT-BODY', `PUT changing externalId is refused with ${response.status}`);
      return;
    }
    await observe('GAP-PUT-BODY', 'PUT may change externalId');
    expectSameEvent(await tenantA.retrieve(uuid), renamed);
    expectError(await tenantA.create({ ...validPayout(runId), externalId: renamed.externalId }), 'ERR-4001');
    expectSameEvent(await tenantA.retrieve(uuid), renamed);
  });

  test('DEDUP-PER-TENANT: the same externalId under another tenant is accepted, and each tenant keeps its own', async ({
    tenantA,
    tenantB,
    runId,
  }) => {
    const eventOfA = validPayin(runId);
    const eventOfB = { ...validPayout(runId), externalId: eventOfA.externalId };
    const uuidOfA = expectCreated(await tenantA.create(eventOfA));
    const uuidOfB = expectCreated(await tenantB.create(eventOfB));
    expect(uuidOfB).not.toBe(uuidOfA);
    expectSameEvent(await tenantA.retrieve(uuidOfA), eventOfA);
    expectSameEvent(await tenantB.retrieve(uuidOfB), eventOfB);
  });

  test(`DEDUP-CONCURRENT: of ${CONCURRENT_POSTS} simultaneous POSTs of one new externalId exactly one gets 201`, async ({
    clientFor,
    target,
    runId,
  }) => {
    // Unpaced, so the requests really are in flight together; twelve requests fit any budget.
    const burst = clientFor(target.tenantA, { paced: false });
    const event = validPayin(runId, 'concurrent');
    const responses = await Promise.all(Array.from({ length: CONCURRENT_POSTS }, () => burst.create(event)));
    const created = responses.filter((r) => r.status === 201);
    expect(created.length, `exactly one 201 among ${responses.map((r) => r.status).join(', ')}`).toBe(1);
    for (const response of responses) if (response.status !== 201) expectError(response, 'ERR-4001');
    const uuid = expectCreated(created[0] ?? (responses[0] as (typeof responses)[0]));
    const retrieved = await burst.retrieve(uuid);
    expect(retrieved.status, because(retrieved, 'the one event created must be retrievable')).toBe(200);
  });
});
