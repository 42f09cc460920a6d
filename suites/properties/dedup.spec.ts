/**
 * Properties: deduplication by externalId, per tenant (part 4, rules 1 and 4). Any sequence of POSTs
 * with repeated externalIds gives one 201 per distinct id and 400 ERR-4001 for every repeat; a repeat
 * leaves the first event as it was; the same ids under another tenant are that tenant's own.
 */

import * as fc from 'fast-check';
import {
  eventFieldsArbitrary,
  type FinancialEvent,
  type FinancialEventFields,
} from '../../generators/index.ts';
import { judgeDuplicateRefused, judgeKeptUnderItsExternalId } from '../../oracle/index.ts';
import { ruleCheck } from '../../run-records/rule-annotations.ts';
import { test } from '../fixtures/index.ts';
import { propertyCheck } from '../property-runner/property-checks.ts';
import type { ServiceClient } from '../transport/service-client.ts';
import { freshIds, postEvent } from './property-requests.ts';

/** Few distinct ids in sequences of up to eight POSTs: repeats are the rule, not the exception. */
const DISTINCT_IDS = 3;
const MAX_POSTS = 8;

type TenantName = 'A' | 'B';

interface Post {
  readonly tenant: TenantName;
  /** Which of the sequence's ids the POST uses (ids are given when the sequence runs). */
  readonly id: number;
  readonly fields: FinancialEventFields;
}

const postsArbitrary = (tenants: readonly TenantName[]): fc.Arbitrary<Post[]> =>
  fc.array(
    fc.record({
      tenant: fc.constantFrom(...tenants),
      id: fc.nat({ max: DISTINCT_IDS - 1 }),
      fields: eventFieldsArbitrary({ multiCurrencyAmounts: { maxLength: 2 } }),
    }),
    { minLength: 1, maxLength: MAX_POSTS },
  );

/**
 * Sends the POSTs in order and checks each against the rule: the first POST of an id by a tenant
 * gives 201, every later one ERR-4001. Then every event that was POSTed again must still be the first.
 */
const checkSequence = async (
  posts: readonly Post[],
  clients: Readonly<Record<TenantName, ServiceClient>>,
  nextId: () => string,
  note: (label: string, text: string) => void,
): Promise<void> => {
  const ids = Array.from({ length: DISTINCT_IDS }, () => nextId());
  const first = new Map<string, { uuid: string; event: FinancialEvent; repeated: boolean }>();
  const plan = posts.map((post, n) => {
    const key = `${post.tenant}:${post.id}`;
    const repeat = posts.slice(0, n).some((p) => `${p.tenant}:${p.id}` === key);
    return `${n + 1}. tenant ${post.tenant} POSTs id #${post.id} → ${repeat ? '400 ERR-4001' : '201'}`;
  });
  note('Expected answers', plan.join('\n'));
  for (const post of posts) {
    const key = `${post.tenant}:${post.id}`;
    const event: FinancialEvent = { externalId: ids[post.id] as string, ...post.fields };
    const response = await postEvent(clients[post.tenant], event);
    const earlier = first.get(key);
    if (earlier) {
      propertyCheck.error(response, judgeDuplicateRefused);
      earlier.repeated = true;
    } else {
      // A first POST refused as a duplicate is credited to DEDUP-EXTERNAL-ID (refusal-claims.ts), also
      // when the id is only another tenant's: that breaks DEDUP-PER-TENANT as well, which its own
      // hand-written check credits.
      first.set(key, { uuid: propertyCheck.created(response), event, repeated: false });
    }
  }
  for (const [key, { uuid, event, repeated }] of first) {
    if (repeated)
      propertyCheck.sameEvent(
        await clients[key.charAt(0) as TenantName].retrieve(uuid),
        event,
        judgeKeptUnderItsExternalId,
      );
  }
};

test.describe('properties: deduplication', { tag: ['@property', '@dedup'] }, () => {
  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      'any sequence of POSTs with repeated externalIds gives one 201 per distinct id and ERR-4001 for every repeat',
    ),
    async ({ tenantA, runId, property }) => {
      const nextId = freshIds(runId);
      await property({
        cost: { embeddedRuns: 100, requestsPerRun: 6 },
        arbitrary: postsArbitrary(['A']),
        predicate: (posts, notes) =>
          checkSequence(posts, { A: tenantA, B: tenantA }, nextId, notes.note.bind(notes)),
      });
    },
  );

  test(
    ...ruleCheck(
      'DEDUP-PER-TENANT',
      'interleaved POSTs of tenants A and B with shared externalIds deduplicate per tenant',
    ),
    async ({ tenantA, tenantB, runId, property }) => {
      const nextId = freshIds(runId);
      await property({
        cost: { embeddedRuns: 100, requestsPerRun: 6 },
        arbitrary: postsArbitrary(['A', 'B']),
        predicate: (posts, notes) =>
          checkSequence(posts, { A: tenantA, B: tenantB }, nextId, notes.note.bind(notes)),
      });
    },
  );
});
