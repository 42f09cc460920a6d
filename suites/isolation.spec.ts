/** Part 1 and part 4, rule 3: another tenant's uuid answers exactly like an unknown uuid. */
import { because, expectCreated, expectError, expectSameEvent } from './support/expectations.ts';
import { expect, test } from './support/fixtures.ts';
import { validPayin, validPayout } from './support/sample-events.ts';
import type { ServiceResponse } from './support/service-client.ts';

/** What an answer shows of itself: status, code and the fields of its body. */
const shapeOf = (response: ServiceResponse) => ({
  status: response.status,
  errorCode: (response.json as { errorCode?: unknown } | undefined)?.errorCode,
  fields: Object.keys((response.json as object | undefined) ?? {}).sort(),
});

test.describe('tenant isolation', { tag: ['@isolation'] }, () => {
  test("ISOLATION-GET: GET of another tenant's uuid answers exactly like an unknown uuid", async ({
    tenantA,
    tenantB,
    runId,
  }) => {
    const event = validPayin(runId);
    const uuid = expectCreated(await tenantA.create(event));
    const foreign = await tenantB.retrieve(uuid);
    const unknown = await tenantB.retrieve(crypto.randomUUID());
    expectError(foreign, 'ERR-4002');
    expect(foreign.text, because(foreign, "the answer must not reveal tenant A's event")).not.toContain(
      event.externalId,
    );
    expect(shapeOf(foreign), because(foreign, 'must be indistinguishable from an unknown uuid')).toEqual(
      shapeOf(unknown),
    );
  });

  test("ISOLATION-PUT: PUT of another tenant's uuid answers like an unknown uuid and changes nothing", async ({
    tenantA,
    tenantB,
    runId,
  }) => {
    const event = validPayout(runId);
    const uuid = expectCreated(await tenantA.create(event));
    const foreign = await tenantB.update(uuid, { ...event, status: 'REJECTED', amount: 1 });
    const unknown = await tenantB.update(crypto.randomUUID(), { ...validPayout(runId), status: 'REJECTED' });
    expectError(foreign, 'ERR-4002');
    expect(shapeOf(foreign), because(foreign, 'must be indistinguishable from an unknown uuid')).toEqual(
      shapeOf(unknown),
    );
    expectSameEvent(await tenantA.retrieve(uuid), event);
  });
});
