/** Part 1 and part 4, rule 3: another tenant's uuid answers exactly like an unknown uuid. */
import { isPlainObject } from '../oracle/index.ts';
import { ruleTitle } from '../run-records/rule-titles.ts';
import { type RuleId, UUID_SOURCE } from '../spec/index.ts';
import { test } from './fixtures/index.ts';
import { validPayin, validPayout } from './support/sample-events.ts';
import type { ServiceResponse } from './support/service-client.ts';
import { check } from './support/verdicts.ts';

const UUID = new RegExp(UUID_SOURCE, 'gi');

/**
 * What an answer shows of itself: status, code, title and the names of its body's fields, the uuid
 * asked for left out (a title may name it). A title of its own for another tenant's event tells
 * that the event exists.
 */
const shapeOf = (response: ServiceResponse): string => {
  const body = isPlainObject(response.json) ? response.json : {};
  const title = String(body.title).replace(UUID, '{uuid}');
  return `${response.status} ${String(body.errorCode)} "${title}" {${Object.keys(body).sort().join(', ')}}`;
};

const expectIndistinguishable = (
  rule: RuleId,
  foreign: ServiceResponse,
  unknown: ServiceResponse,
  externalId: string,
): void => {
  check.error(foreign, 'ERR-4002', rule);
  check.holds(
    rule,
    !foreign.text.includes(externalId),
    "the answer must not reveal the other tenant's event",
    foreign,
  );
  check.holds(
    rule,
    shapeOf(foreign) === shapeOf(unknown),
    `must be indistinguishable from an unknown uuid: ${shapeOf(foreign)} against ${shapeOf(unknown)}`,
    foreign,
  );
};

test.describe('tenant isolation', { tag: ['@isolation'] }, () => {
  test(
    ruleTitle('ISOLATION-GET', "GET of another tenant's uuid answers exactly like an unknown uuid"),
    async ({ tenantA, tenantB, runId }) => {
      const event = validPayin(runId);
      const uuid = check.created(await tenantA.create(event));
      const foreign = await tenantB.retrieve(uuid);
      const unknown = await tenantB.retrieve(crypto.randomUUID());
      expectIndistinguishable('ISOLATION-GET', foreign, unknown, event.externalId);
    },
  );

  test(
    ruleTitle(
      'ISOLATION-PUT',
      "PUT of another tenant's uuid answers like an unknown uuid and changes nothing",
    ),
    async ({ tenantA, tenantB, runId }) => {
      const event = validPayout(runId);
      const uuid = check.created(await tenantA.create(event));
      const foreign = await tenantB.update(uuid, { ...event, status: 'REJECTED', amount: 1 });
      const unknown = await tenantB.update(crypto.randomUUID(), {
        ...validPayout(runId),
        status: 'REJECTED',
      });
      expectIndistinguishable('ISOLATION-PUT', foreign, unknown, event.externalId);
      check.sameEvent(await tenantA.retrieve(uuid), event, 'ISOLATION-PUT');
    },
  );
});
