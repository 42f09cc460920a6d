/** Part 4, rules 1, 4 and 5: deduplication by externalId, per tenant, atomic under concurrency. */
import { because, expectCreated, expectError, expectSameEvent } from './support/expectations.ts';
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
