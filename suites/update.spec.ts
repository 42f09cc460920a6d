/**
 * Part 4: "PUT is the way to update an existing event". Its status, its body and its request rules are
 * not shown (GAP-PUT-STATUS, GAP-PUT-BODY, GAP-STATUS-TRANSITIONS): a deployment may hold some fields
 * immutable or some transitions final. So each kind of update is either applied (2xx, and GET shows
 * it) or refused cleanly (a 4xx with the part 7 body, and GET shows the event unchanged), the reading
 * is recorded, and at least one kind must be applied: a PUT that can update nothing is no update.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { WAITS_TAG } from '../config/index.ts';
import {
  changedFields,
  describeUpdateAnswer,
  judgeDuplicateRefused,
  judgeKeptUnderItsExternalId,
  judgeNoFalseDuplicate,
  judgeSomeUpdateApplied,
  judgeSpellingsAccepted,
  judgeUnchangedByRefusedUpdate,
  judgeUnknownUpdateCreatedNothing,
  judgeUnknownUpdateNotApplied,
  judgeUnknownUpdateRefused,
  judgeUpdateShown,
  judgeUpdateUnderSpelling,
  readErrorBody,
} from '../oracle/index.ts';
import { ruleCheck } from '../run-records/rule-annotations.ts';
import { HEADERS } from '../spec/index.ts';
import { spellingQuestions } from './bursts/counter-axes.ts';
import { type Observe, test } from './fixtures/index.ts';
import { expectedFailure } from './samples/expected-failures.ts';
import { type EventBody, validPayin, validPayout, withField } from './samples/sample-events.ts';
import { unknownUuidsOfVersions } from './samples/unknown-uuids.ts';
import type { ServiceClient } from './transport/service-client.ts';
import { sameUpdateUnderUsualHeaders } from './verdicts/usual-headers.ts';
import { check } from './verdicts/verdicts.ts';

/** How long a success must hold before it is looked at again: past a few seconds' replay or refresh. */
const LATER_MS = 4_000;

/** Another value than the stored one, of two valid ones. */
const otherThan = (stored: unknown, first: string, second: string): string =>
  stored === first ? second : first;

/** Each kind of update, from a stored payin (PENDING): the body a PUT sends. */
const UPDATES: readonly [string, (stored: EventBody) => EventBody][] = [
  ['the amount', (stored) => withField(stored, 'amount', 130.25)],
  // Precision is not shown: kept exactly or refused, as on POST, never rounded.
  ['the amount, to three decimals', (stored) => withField(stored, 'amount', 130.125)],
  [
    'the countryCode',
    (stored) => withField(stored, 'countryCode', otherThan(stored.countryCode, 'FR', 'DE')),
  ],
  [
    'the currencyCode',
    (stored) => withField(stored, 'currencyCode', otherThan(stored.currencyCode, 'CHF', 'SEK')),
  ],
  ['the originalStatus', (stored) => withField(stored, 'originalStatus', 'BOOKED')],
  ['the payload', (stored) => withField(stored, 'payload', { channel: 'CRYPTO', payerName: 'Erika M.' })],
  [
    'the multiCurrencyAmounts',
    (stored) => withField(stored, 'multiCurrencyAmounts', [{ currencyCode: 'USD', amount: 141.7 }]),
  ],
  ['the status (PENDING → BOOKED)', (stored) => withField(stored, 'status', 'BOOKED')],
  [
    'every field but the type and externalId at once',
    (stored) => ({
      ...stored,
      countryCode: otherThan(stored.countryCode, 'FR', 'DE'),
      currencyCode: otherThan(stored.currencyCode, 'CHF', 'SEK'),
      status: 'BOOKED',
      amount: 130.25,
      originalStatus: 'BOOKED',
      payload: { channel: 'CRYPTO', payerName: 'Erika M.' },
      multiCurrencyAmounts: [{ currencyCode: 'USD', amount: 141.7 }],
    }),
  ],
];

/** One PUT from a fresh event: applied and visible, or refused cleanly and nothing changed. */
const tryUpdate = async (
  client: ServiceClient,
  stored: EventBody,
  updated: EventBody,
  what: string,
  observe: Observe,
): Promise<boolean> => {
  const uuid = check.created(await client.create(stored));
  // Read once before the PUT, as a client would: a GET cache the PUT does not invalidate shows up.
  check.sameEvent(await client.retrieve(uuid), stored);
  const response = await client.update(uuid, updated);
  const outcome = check.update(response);
  if (outcome === 'applied') {
    check.sameEvent(await client.retrieve(uuid), updated, judgeUpdateShown);
    await observe('GAP-PUT-STATUS', `PUT answers ${response.status}`);
    await observe('GAP-PUT-BODY', `PUT answers with ${describeUpdateAnswer(response, uuid)}`);
    await observe('GAP-PUT-BODY', `PUT changing ${what}: applied`);
    return true;
  }
  check.sameEvent(await client.retrieve(uuid), stored, judgeUnchangedByRefusedUpdate);
  await observe(
    'GAP-PUT-BODY',
    `PUT changing ${what}: refused ${response.status} ${readErrorBody(response)?.errorCode ?? ''}`.trim(),
  );
  return false;
};

test.describe('update', { tag: ['@update'] }, () => {
  test(
    ...ruleCheck(
      'UPDATE-APPLIES',
      "a PUT with the tenant's X-Client-Id in another spelling the deployment takes as the tenant is the tenant's PUT",
    ),
    async ({ tenantA, runId }) => {
      // The spellings taken as the tenant (RFC 9562: either letter case), asked as the rate-limit
      // checks ask them; none taken, nothing to hold (a reading).
      const clientId = tenantA.tenant?.clientId ?? '';
      const asked = [];
      for (const { spelling, question } of spellingQuestions(clientId, clientId))
        asked.push({ spelling, answer: await tenantA.send(question) });
      const taken = check.verdict(judgeSpellingsAccepted(asked));
      for (const spelling of taken) {
        await test.step(`X-Client-Id ${spelling.name}`, async () => {
          // An owner check that compares the header as sent with the stored id answers 404 here.
          const stored = validPayout(runId);
          const uuid = check.created(await tenantA.create(stored));
          const changed = withField(stored, 'amount', 77.7);
          const headers = { [HEADERS.clientId]: spelling.of(clientId) };
          const outcome = check.update(await tenantA.update(uuid, changed, { headers }));
          if (outcome === 'applied') {
            check.sameEvent(await tenantA.retrieve(uuid), changed, judgeUpdateShown);
            return;
          }
          // Refused cleanly: the same PUT under the tenant's own spelling tells a reading from a fault.
          await sameUpdateUnderUsualHeaders(tenantA, uuid, stored, changed, (own) =>
            judgeUpdateUnderSpelling(spelling.name, own),
          );
        });
      }
    },
  );

  test(
    ...ruleCheck(
      'UPDATE-APPLIES',
      'each kind of PUT is applied and visible through GET, or refused cleanly; at least one applies',
    ),
    async ({ tenantA, runId, observe }) => {
      const applied: string[] = [];
      for (const [what, change] of UPDATES) {
        await test.step(`PUT changing ${what}`, async () => {
          const stored = validPayin(runId);
          if (await tryUpdate(tenantA, stored, change(stored), what, observe)) applied.push(what);
        });
      }
      check.verdict(
        judgeSomeUpdateApplied(
          UPDATES.map(([what]) => what),
          applied,
        ),
      );
    },
  );

  test(
    ...ruleCheck(
      ['UPDATE-APPLIES', 'DEDUP-EXTERNAL-ID'],
      'an applied update and a rename still hold seconds later: the update shown, the new externalId held, the old one free',
      { tag: [WAITS_TAG] },
    ),
    async ({ tenantA, runId }) => {
      // What a success said must stay so: a replay of the creation log a few seconds behind, a key index
      // rebuilt from the first externalIds, a cache that expires back to the old row undo it later.
      const updated = validPayin(runId);
      const updatedUuid = check.created(await tenantA.create(updated));
      const changed = withField(updated, 'amount', 321.5);
      const applied = check.update(await tenantA.update(updatedUuid, changed)) === 'applied';
      const renamed = validPayout(runId);
      const renamedUuid = check.created(await tenantA.create(renamed));
      const newName = { ...renamed, externalId: `${renamed.externalId}-later` };
      const taken = check.update(await tenantA.update(renamedUuid, newName)) === 'applied';
      await delay(LATER_MS);
      if (applied) check.sameEvent(await tenantA.retrieve(updatedUuid), changed, judgeUpdateShown);
      if (!taken) return;
      check.sameEvent(await tenantA.retrieve(renamedUuid), newName, judgeKeptUnderItsExternalId);
      check.error(
        await tenantA.create({ ...validPayin(runId), externalId: newName.externalId }),
        judgeDuplicateRefused,
      );
      const old = await tenantA.create({ ...validPayin(runId), externalId: renamed.externalId });
      check.verdict(
        judgeNoFalseDuplicate(
          old,
          'a POST of the externalId a rename freed, seconds later',
          renamed.externalId,
          [newName.externalId],
        ),
        old,
      );
      check.created(old);
    },
  );

  test(
    ...ruleCheck(
      'UPDATE-APPLIES',
      'after a PUT refused for its body, the next valid PUT of the event applies as any',
    ),
    async ({ tenantA, runId }) => {
      // A refusal that leaves the event marked (a transaction kept rollback-only, a lock not let go)
      // answers later PUTs as applied while keeping the event as it was.
      // The refusal may come before the body (an amount held final, say); the next PUT changes only the
      // originalStatus, to another value of the status vocabulary than the stored one.
      const stored = validPayout(runId);
      const uuid = check.created(await tenantA.create(stored));
      const faulty = withField(stored, 'amount', -5);
      const refusal = await tenantA.update(uuid, faulty);
      check.refusedUpdate(refusal, [expectedFailure('amount', 'ERR-3005')], {
        changedFields: changedFields(stored, faulty),
        creditMissingToUpdate: true,
      });
      const changed = withField(
        stored,
        'originalStatus',
        otherThan(stored.originalStatus, 'PENDING', 'BOOKED'),
      );
      if (check.update(await tenantA.update(uuid, changed)) === 'applied')
        check.sameEvent(await tenantA.retrieve(uuid), changed, judgeUpdateShown);
    },
  );

  test(
    ...ruleCheck(
      ['UPDATE-APPLIES', 'UPDATE-VALIDATES'],
      'PUT changing the type, with the payload fields of the new type, is applied or refused cleanly',
    ),
    async ({ tenantA, runId, observe }) => {
      // Whether the type may change is PUT's business (GAP-PUT-BODY). A refusal claims no rule the new
      // body does not break: payout fields in a payout are not ERR-3010, whatever the old type was.
      const stored = validPayin(runId);
      await tryUpdate(
        tenantA,
        stored,
        { ...validPayout(runId), externalId: stored.externalId },
        'the type (payin → payout)',
        observe,
      );
    },
  );

  test(
    ...ruleCheck(
      'UPDATE-VALIDATES',
      'a PUT refused for its amount changes nothing, the status move it carries included; a BOOKED event is validated too',
    ),
    async ({ tenantA, runId }) => {
      // A state machine that takes the status before the body is validated writes it anyway. The move
      // itself may be refused, before or beside the amount's failure (transitions are not shown), and
      // so may any PUT of a BOOKED event; a deployment that skips validating a final event is caught.
      const moves = [
        ['PENDING', 'BOOKED'],
        ['PENDING', 'REJECTED'],
        ['BOOKED', 'BOOKED'],
      ] as const;
      for (const [from, status] of moves) {
        await test.step(`${from} → ${status}, amount 0`, async () => {
          const stored = { ...validPayin(runId), status: from };
          const uuid = check.created(await tenantA.create(stored));
          const faulty = { ...stored, status, amount: 0 };
          const response = await tenantA.update(uuid, faulty);
          check.refusedUpdate(response, [expectedFailure('amount', 'ERR-3005')], {
            changedFields: changedFields(stored, faulty),
            creditMissingToUpdate: true,
          });
          check.sameEvent(await tenantA.retrieve(uuid), stored, judgeUnchangedByRefusedUpdate);
        });
      }
    },
  );

  test(
    ...ruleCheck(
      'UPDATE-UNKNOWN-404',
      'PUT of an unknown uuid, of version 4, 1 or 7, gives 404 ERR-4002 and creates nothing',
    ),
    async ({ tenantA, runId }) => {
      for (const [label, uuid] of Object.entries(unknownUuidsOfVersions())) {
        await test.step(label, async () => {
          const event = validPayout(runId);
          check.error(await tenantA.update(uuid, event), judgeUnknownUpdateRefused);
          check.error(await tenantA.retrieve(uuid), judgeUnknownUpdateRefused);
          // Had the PUT stored the event, its externalId would now be taken.
          const created = await tenantA.create(event);
          check.verdict(judgeUnknownUpdateCreatedNothing(created), created);
          check.created(created);
        });
      }
    },
  );

  test(
    ...ruleCheck(
      'UPDATE-UNKNOWN-404',
      'a uuid in the body names no event: a PUT to an unknown uuid whose body carries one changes nothing',
    ),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        // An update bound from a body whose uuid field wins over the path variable updates the event the
        // body names. Whether a body may carry a uuid is not shown: refused (any 4xx) or not, the path's
        // uuid is unknown and the event stays as it was.
        const event = validPayin(runId);
        const uuid = check.created(await tenantA.create(event));
        const response = await tenantA.update(crypto.randomUUID(), { ...event, amount: 999, uuid });
        check.verdict(judgeUnknownUpdateNotApplied(response), response);
        check.sameEvent(await tenantA.retrieve(uuid), event, judgeUnchangedByRefusedUpdate);
      }),
  );

  test(
    ...ruleCheck(
      ['ERROR-BODY-SHAPE', 'GAP-STATUS-TRANSITIONS'],
      'a status moved back from BOOKED to PENDING is applied or refused cleanly',
    ),
    async ({ tenantA, runId, observe }) => {
      const stored = withField(validPayout(runId), 'status', 'BOOKED');
      const applied = await tryUpdate(
        tenantA,
        stored,
        { ...stored, status: 'PENDING' },
        'the status (BOOKED → PENDING)',
        observe,
      );
      await observe('GAP-STATUS-TRANSITIONS', `BOOKED → PENDING by PUT: ${applied ? 'applied' : 'refused'}`);
    },
  );
});
