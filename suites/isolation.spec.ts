/** Part 1 and part 4, rule 3: another tenant's uuid answers exactly like an unknown uuid. */
import { judgeIndistinguishable, judgeRevealsNothing } from '../oracle/index.ts';
import { ruleCheck } from '../run-records/rule-annotations.ts';
import type { RuleId } from '../spec/index.ts';
import { test } from './fixtures/index.ts';
import { validPayin, validPayout } from './support/sample-events.ts';
import type { ServiceResponse } from './support/service-client.ts';
import { check } from './support/verdicts.ts';

const expectIndistinguishable = (
  rule: RuleId,
  foreign: ServiceResponse,
  unknown: ServiceResponse,
  externalId: string,
): void => {
  check.error(foreign, 'ERR-4002', rule);
  check.verdict(
    judgeRevealsNothing(rule, foreign, [externalId], "the answer must not reveal the other tenant's event"),
    foreign,
  );
  check.verdict(judgeIndistinguishable(rule, foreign, unknown), foreign);
};

test.describe('tenant isolation', { tag: ['@isolation'] }, () => {
  test(
    ...ruleCheck('ISOLATION-GET', "GET of another tenant's uuid answers exactly like an unknown uuid"),
    async ({ tenantA, tenantB, runId }) => {
      const event = validPayin(runId);
      const uuid = check.created(await tenantA.create(event));
      const foreign = await tenantB.retrieve(uuid);
      const unknown = await tenantB.retrieve(crypto.randomUUID());
      expectIndistinguishable('ISOLATION-GET', foreign, unknown, event.externalId);
    },
  );

  test(
    ...ruleCheck(
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
