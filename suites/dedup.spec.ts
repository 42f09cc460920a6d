/** Part 4, rules 1, 4 and 5: deduplication by externalId, per tenant, atomic under concurrency. */

import type { TenantCredentials } from '../config/index.ts';
import { externalIdTag } from '../generators/index.ts';
import {
  isSuccess,
  judgeCaseVariantsTwoEvents,
  judgeConcurrentCreation,
  judgeConcurrentCreationStored,
  judgeConcurrentRename,
  judgeCreateRenameRace,
  judgeDuplicateCodeStatus,
  judgeDuplicateRefused,
  judgeExternalIdFreeForOtherTenant,
  judgeExternalIdTakeover,
  judgeExternalIdTakeoverRefused,
  judgeKeptPerTenant,
  judgeKeptUnderItsExternalId,
  judgeNoCrossTenantDuplicate,
  judgeNoFalseDuplicate,
  judgeTenantsTwoEvents,
  judgeUnchangedByRefusedUpdate,
  judgeUpdateShown,
  premiseOfAppliedUpdate,
  premiseOfPaddedExternalId,
  readErrorBody,
  shownExternalId,
} from '../oracle/index.ts';
import { ruleCheck } from '../run-records/rule-annotations.ts';
import { EVENTS_PATH, eventPath, HEADERS } from '../spec/index.ts';
import { sendBursts, sentTogether } from './bursts/simultaneous-checks.ts';
import { test } from './fixtures/index.ts';
import { expectedFailure } from './samples/expected-failures.ts';
import { type EventBody, validPayin, validPayout } from './samples/sample-events.ts';
import { unknownTokenOf } from './samples/unknown-token.ts';
import type { ServiceClient } from './transport/service-client.ts';
import { keptOrRefusedCleanly } from './verdicts/kept-or-refused.ts';
import { check } from './verdicts/verdicts.ts';

const CONCURRENT_POSTS = 12;
const CONCURRENT_RENAMES = 4;
/** Races sent together more than once: one burst may land spread out on a busy machine. */
const RACE_ROUNDS = 3;

/** `race` run RACE_ROUNDS times, each on a payin of the tenant's created for it. */
const inRounds = async (
  client: ServiceClient,
  runId: string,
  race: (created: { readonly event: EventBody; readonly uuid: string }) => Promise<void>,
): Promise<void> => {
  for (let round = 0; round < RACE_ROUNDS; round += 1) {
    const event = validPayin(runId);
    await race({ event, uuid: check.created(await client.create(event)) });
  }
};

/**
 * Pairs of externalIds that are different strings a store may still take for one: past a shared start
 * longer than a prefix index (64, or MySQL's 191 characters of utf8mb4), `/` against its
 * percent-encoding (a key decoded as if it came from a URL), an accented letter against the plain one
 * (an accent-insensitive collation), digits with leading zeros (a key compared as a number), a letter
 * against `_` (a key looked up with LIKE), and a zero-width or a no-break space (a key normalised
 * before comparing).
 */
const distinctExternalIds = (base: string): [string, [string, string]][] => {
  const longStart = (length: number) => `${base}-`.padEnd(length, 'x');
  // Fifteen random digits, led by a non-zero one: no other run's id, and a number no zero can pad.
  const digits = String(10 ** 14 + Math.floor(Math.random() * 9 * 10 ** 14));
  return [
    ['past its 70th character', [`${longStart(70)}-one`, `${longStart(70)}-two`]],
    ['past its 200th character', [`${longStart(200)}-one`, `${longStart(200)}-two`]],
    ["by '/' against '%2F'", [`${base}/001`, `${base}%2F001`]],
    // An accent-insensitive collation that tells letter case apart (SQL Server's _CS_AI).
    ['by an accent', [`${base}-caf\u00e9`, `${base}-cafe`]],
    // Digits only, told apart by leading zeros: a key compared as a number.
    ['by leading zeros, of digits only', [`000${digits}`, digits]],
    // A key looked up with LIKE, its wildcards unescaped: `_` stands for any one character.
    ['by a character against an underscore', [`${base}-like1`, `${base}-like_`]],
    // A key normalised before it is compared: zero-width characters stripped, a no-break space made a
    // space. (Not a NUL: PostgreSQL's text refuses it, and the 500 that follows is no duplicate.)
    ['by a zero-width space', [`${base}-zw`, `${base}-z\u200bw`]],
    ['by a no-break space against a space', [`${base}-x a`, `${base}-x\u00a0a`]],
  ];
};

test.describe('deduplication', { tag: ['@dedup'] }, () => {
  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      'a second POST with an existing externalId gives 400 ERR-4001 and the first event is unchanged',
    ),
    async ({ tenantA, target, runId, startsAfresh }) =>
      startsAfresh(async () => {
        const first = validPayin(runId);
        const uuid = check.created(await tenantA.create(first));
        const second = { ...validPayout(runId), externalId: first.externalId };
        check.error(await tenantA.create(second), judgeDuplicateRefused);
        // Re-read before anything else is sent: a re-POST is not an update (part 4, rule 5).
        check.sameEvent(await tenantA.retrieve(uuid), first, judgeKeptUnderItsExternalId);
        check.error(await tenantA.create(first), judgeDuplicateRefused);
        check.sameEvent(await tenantA.retrieve(uuid), first, judgeKeptUnderItsExternalId);
        // POSTs of it refused for their body or their token (their answers are other checks' to judge)
        // release nothing: a lock or key dropped on any refusal frees the externalId the event holds.
        await tenantA.create({ ...first, amount: 0 });
        await tenantA.create(first, { headers: { [HEADERS.accessToken]: unknownTokenOf(target) } });
        check.error(await tenantA.create(first), judgeDuplicateRefused);
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      'externalIds that differ only in letter case are different ids, both created, in each tenant',
    ),
    async ({ tenantA, tenantB, runId, startsAfresh }) =>
      startsAfresh(async () => {
        // An externalId is a string, kept exactly as sent; "already exists" is that string existing, and a
        // tenant's own ids may differ only in case. Both carry the run id as it is; "CASE" and "case" make
        // them differ whatever the random part holds. Each tenant: its data may live in a store of its own.
        for (const tenant of [tenantA, tenantB]) {
          const suffix = crypto.randomUUID().slice(0, 13);
          const upper = {
            ...validPayin(runId),
            externalId: `${externalIdTag(runId)}-CASE-${suffix.toUpperCase()}`,
          };
          const lower = {
            ...validPayout(runId),
            externalId: `${externalIdTag(runId)}-case-${suffix.toLowerCase()}`,
          };
          const uuidOfUpper = check.created(await tenant.create(upper));
          const uuidOfLower = check.created(await tenant.create(lower));
          check.verdict(judgeCaseVariantsTwoEvents(uuidOfUpper, uuidOfLower));
          check.sameEvent(await tenant.retrieve(uuidOfUpper), upper, judgeKeptUnderItsExternalId);
          check.sameEvent(await tenant.retrieve(uuidOfLower), lower, judgeKeptUnderItsExternalId);
        }
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      'a PUT cannot give an event the externalId another event of the tenant holds',
      { tag: ['@update'] },
    ),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        // externalId is unique per tenant, by PUT too. The refusal's status is GAP-422-USE's observation
        // (400, 409, 422, …) under a code of the deployment's own; naming ERR-4001, it is 7.3's 400. Both
        // events stay as they were.
        // A rejected holder too: an update path whose uniqueness query leaves out REJECTED events.
        for (const status of ['PENDING', 'REJECTED']) {
          const first = { ...validPayin(runId), status };
          const second = validPayout(runId);
          const uuidOfFirst = check.created(await tenantA.create(first));
          const uuidOfSecond = check.created(await tenantA.create(second));
          // The PUT changes other fields too: a refusal must leave every one of them as it was.
          const body = { ...second, externalId: first.externalId, amount: 1.5, status: 'REJECTED' };
          const response = await tenantA.update(uuidOfSecond, body);
          const outcome = check.update(response, judgeExternalIdTakeover);
          // A success that did not take the externalId (a column not updatable, left as it was) gave no
          // two events one externalId: it broke UPDATE-APPLIES, which the read tells first.
          if (outcome === 'applied')
            check.sameEvent(await tenantA.retrieve(uuidOfSecond), body, judgeUpdateShown);
          check.verdict(judgeExternalIdTakeoverRefused(outcome), response);
          check.verdict(judgeDuplicateCodeStatus(response), response);
          check.sameEvent(await tenantA.retrieve(uuidOfFirst), first, judgeKeptUnderItsExternalId);
          check.sameEvent(await tenantA.retrieve(uuidOfSecond), second, judgeUnchangedByRefusedUpdate);
        }
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      'an externalId given to an event by PUT is taken (a POST with it gets ERR-4001) and the one it replaced is free',
      { tag: ['@update'] },
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        // Whether PUT may change externalId at all is not shown (GAP-PUT-BODY): a deployment that refuses
        // the change cleanly passes, and says so.
        const event = validPayin(runId);
        const uuid = check.created(await tenantA.create(event));
        const renamed = { ...event, externalId: `${event.externalId}-rn` };
        const response = await tenantA.update(uuid, renamed);
        if (check.update(response) === 'refused') {
          check.sameEvent(await tenantA.retrieve(uuid), event, judgeUnchangedByRefusedUpdate);
          await observe(
            'GAP-PUT-BODY',
            `PUT changing externalId: refused ${response.status} ${readErrorBody(response)?.errorCode ?? ''}`.trim(),
          );
          return;
        }
        await observe('GAP-PUT-BODY', 'PUT changing externalId: applied');
        check.sameEvent(await tenantA.retrieve(uuid), renamed, judgeUpdateShown);
        const again = await tenantA.create({ ...validPayout(runId), externalId: renamed.externalId });
        check.error(again, judgeDuplicateRefused);
        check.sameEvent(await tenantA.retrieve(uuid), renamed, judgeKeptUnderItsExternalId);
        // ERR-4001's condition is an externalId that exists for the tenant (4 rule 1, 7.3), in the present
        // tense: once the PUT was accepted no event of the tenant holds the old one, so it is free again.
        const old = { ...validPayout(runId), externalId: event.externalId };
        const oldUuid = check.created(await tenantA.create(old));
        check.sameEvent(await tenantA.retrieve(oldUuid), old, judgeKeptUnderItsExternalId);
        check.sameEvent(await tenantA.retrieve(uuid), renamed, judgeKeptUnderItsExternalId);
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      'a PUT refused for its body, or changing the type, moves no externalId',
      { tag: ['@update'] },
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        // Keys kept beside the events (a key table, a type's own table) that a PUT's transaction swaps
        // before its validation fails, or that a change of type moves away, free an id an event holds.
        const event = validPayin(runId);
        const uuid = check.created(await tenantA.create(event));
        const refusedName = `${event.externalId}-bad`;
        const invalid = { ...event, externalId: refusedName, countryCode: 'ZZ' };
        // Whether it is refused as it must be is UPDATE-VALIDATES's to judge; here, what a refusal left.
        const refusal = await tenantA.update(uuid, invalid);
        if (refusal.status >= 400 && refusal.status < 500) {
          check.error(
            await tenantA.create({ ...validPayout(runId), externalId: event.externalId }),
            judgeDuplicateRefused,
          );
          const named = await tenantA.create({ ...validPayout(runId), externalId: refusedName });
          check.verdict(
            judgeNoFalseDuplicate(named, 'a POST of the externalId a refused PUT sent', refusedName, [
              event.externalId,
            ]),
            named,
          );
          check.created(named);
        }
        const asPayout = { ...event, type: 'INTERNAL_PAYOUT', payload: validPayout(runId).payload };
        const outcome = check.update(await tenantA.update(uuid, asPayout));
        await observe('GAP-PUT-BODY', `PUT changing type: ${outcome}`);
        if (outcome === 'applied')
          check.error(
            await tenantA.create({ ...validPayin(runId), externalId: event.externalId }),
            judgeDuplicateRefused,
          );
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      'an externalId a rename freed, after an update, may be given to another event by PUT',
      { tag: ['@update'] },
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        // "Already exists" is present tense: not a key still counted from an earlier save, nor one found
        // in the events' history.
        const event = validPayin(runId);
        const uuid = check.created(await tenantA.create(event));
        check.update(await tenantA.update(uuid, { ...event, amount: 20 }));
        const renamed = { ...event, amount: 21, externalId: `${event.externalId}-rn` };
        const outcome = check.update(await tenantA.update(uuid, renamed));
        await observe('GAP-PUT-BODY', `PUT changing externalId: ${outcome}`);
        if (outcome === 'refused') return;
        check.sameEvent(await tenantA.retrieve(uuid), renamed, judgeUpdateShown);
        const other = validPayout(runId);
        const uuidOfOther = check.created(await tenantA.create(other));
        const moved = { ...other, externalId: event.externalId };
        const response = await tenantA.update(uuidOfOther, moved);
        check.verdict(
          judgeNoFalseDuplicate(response, 'a PUT onto the externalId a rename freed', event.externalId, [
            renamed.externalId,
          ]),
          response,
        );
        if (check.update(response) !== 'applied') return;
        check.sameEvent(await tenantA.retrieve(uuidOfOther), moved, judgeUpdateShown);
        // Another update of the renamed event releases no key but its own: not the externalId it was
        // created with (a key read from the creation's row), which the other event holds now.
        check.update(await tenantA.update(uuid, { ...renamed, amount: 22 }));
        check.error(
          await tenantA.create({ ...validPayin(runId), externalId: event.externalId }),
          judgeDuplicateRefused,
        );
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-PER-TENANT',
      'the same externalId under another tenant is accepted, and each tenant keeps its own',
    ),
    async ({ tenantA, tenantB, runId, startsAfresh }) =>
      startsAfresh(async () => {
        const eventOfA = validPayin(runId);
        const eventOfB = { ...validPayout(runId), externalId: eventOfA.externalId };
        const uuidOfA = check.created(await tenantA.create(eventOfA));
        const createdForB = await tenantB.create(eventOfB);
        check.verdict(judgeExternalIdFreeForOtherTenant(createdForB), createdForB);
        const uuidOfB = check.created(createdForB);
        check.verdict(judgeTenantsTwoEvents(uuidOfA, uuidOfB));
        check.sameEvent(await tenantA.retrieve(uuidOfA), eventOfA, judgeKeptPerTenant);
        check.sameEvent(await tenantB.retrieve(uuidOfB), eventOfB, judgeKeptPerTenant);
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-PER-TENANT',
      'tenants A and B POSTing one new externalId at the same moment are both created',
    ),
    // tenantB: the check is skipped, like every check of two tenants, where tenant B is not set.
    async ({ burstFor, target, tenantB: _, runId, startsAfresh }) =>
      startsAfresh(async () => {
        // An in-flight lock or a unique index on externalId alone, taken while the other tenant's POST
        // is being written, refuses one of them; sequential POSTs never meet it.
        const [burstA, burstB] = [burstFor(target.tenantA), burstFor(target.tenantB as TenantCredentials)];
        for (let round = 0; round < 3; round += 1) {
          const eventOfA = validPayin(runId, 'shared');
          const eventOfB = { ...validPayout(runId), externalId: eventOfA.externalId };
          const post = (json: unknown) => [{ method: 'POST', path: EVENTS_PATH, json }] as const;
          const ready = await Promise.all([burstA.ready(post(eventOfA)), burstB.ready(post(eventOfB))]);
          const results = await Promise.all(ready.map((release) => release()));
          for (const answer of results.flatMap((result) => result.responses))
            check.verdict(judgeExternalIdFreeForOtherTenant(answer), answer);
        }
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-CONCURRENT',
      `of ${CONCURRENT_POSTS} simultaneous POSTs of one new externalId exactly one gets 201`,
    ),
    async ({ burstFor, tenantA, target, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        // Simultaneous on purpose (last-byte synchronisation), several times, each with a new externalId.
        const burst = burstFor(target.tenantA);
        await sendBursts('DEDUP-CONCURRENT', observe, async () => {
          const event = validPayin(runId, 'concurrent');
          const post = { method: 'POST', path: EVENTS_PATH, json: event } as const;
          const result = await sentTogether(() => burst.send(Array(CONCURRENT_POSTS).fill(post)));
          const judgement = judgeConcurrentCreation(result.responses, result.timing.releaseSpreadMs);
          const created = judgement.evidence?.uuid;
          if (created) check.sameEvent(await tenantA.retrieve(created), event, judgeConcurrentCreationStored);
          return { result, judgement };
        });
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      `of ${CONCURRENT_RENAMES} simultaneous PUTs giving events of the tenant one new externalId at most one is applied`,
      { tag: ['@update'] },
    ),
    async ({ burstFor, tenantA, target, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        // externalId is unique per tenant, by simultaneous PUTs too: each event read back afterwards shows
        // its PUT's body if that PUT was applied and its own if refused, so at most one holds the new id.
        const burst = burstFor(target.tenantA);
        await sendBursts('DEDUP-EXTERNAL-ID', observe, async () => {
          const originals = Array.from({ length: CONCURRENT_RENAMES }, () => validPayin(runId));
          const uuids = await Promise.all(originals.map(async (e) => check.created(await tenantA.create(e))));
          const { externalId } = validPayout(runId, 'renamed');
          const events = originals.map((original) => ({ original, renamed: { ...original, externalId } }));
          const puts = events.map(({ renamed }, i) => ({
            method: 'PUT' as const,
            path: eventPath(uuids[i] as string),
            json: renamed,
          }));
          const result = await sentTogether(() => burst.send(puts));
          // A PUT accepted with 202 is applied later: read once its change shows (or the wait is over).
          await Promise.all(
            result.responses.map((response, i) =>
              tenantA.awaitAccepted(uuids[i] as string, events[i]?.renamed, response),
            ),
          );
          const reads = await Promise.all(uuids.map((uuid) => tenantA.retrieve(uuid)));
          const judgement = judgeConcurrentRename(
            events,
            result.responses,
            reads,
            result.timing.releaseSpreadMs,
          );
          return { result, judgement };
        });
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      'two simultaneous PUTs renaming one event leave held only the externalId it ends with',
      { tag: ['@update'] },
    ),
    async ({ burstFor, tenantA, target, runId, startsAfresh }) =>
      startsAfresh(async () => {
        // A rename that claims its new key, writes, then releases the key it read before the write keeps
        // the other PUT's new key held when the two cross: an externalId no event has.
        const burst = burstFor(target.tenantA);
        await inRounds(tenantA, runId, async ({ event, uuid }) => {
          const names = [event.externalId, `${event.externalId}-y`, `${event.externalId}-z`];
          const puts = names.slice(1).map((externalId) => ({
            method: 'PUT' as const,
            path: eventPath(uuid),
            json: { ...event, externalId },
          }));
          const result = await sentTogether(() => burst.send(puts));
          await Promise.all(
            result.responses.map((response, i) => tenantA.awaitAccepted(uuid, puts[i]?.json, response)),
          );
          const shown = shownExternalId(await tenantA.retrieve(uuid));
          if (typeof shown !== 'string' || !names.includes(shown)) return;
          for (const name of names.filter((n) => n !== shown)) {
            const posted = await tenantA.create({ ...validPayout(runId), externalId: name });
            check.verdict(
              judgeNoFalseDuplicate(posted, 'a POST after two renames crossed', name, [shown]),
              posted,
            );
            check.created(posted);
          }
        });
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      'a POST of a new externalId and a PUT renaming an event to it, sent together, do not both take it',
      { tag: ['@update'] },
    ),
    async ({ burstFor, tenantA, target, runId, startsAfresh }) =>
      startsAfresh(async () => {
        // A create path serialised by its own in-flight set and an update path that sees committed rows
        // only: each finds the externalId free while the other writes it.
        const burst = burstFor(target.tenantA);
        await inRounds(tenantA, runId, async ({ event, uuid }) => {
          const { externalId } = validPayout(runId, 'raced');
          const renamed = { ...event, externalId };
          const result = await sentTogether(() =>
            burst.send([
              { method: 'POST', path: EVENTS_PATH, json: { ...validPayout(runId), externalId } },
              { method: 'PUT', path: eventPath(uuid), json: renamed },
            ]),
          );
          const [post, put] = result.responses;
          if (!post || !put) return;
          await tenantA.awaitAccepted(uuid, renamed, put);
          const read = await tenantA.retrieve(uuid);
          check.verdict(judgeCreateRenameRace(post, put, read, externalId), put);
        });
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      'a POST refused for its body reserves nothing: the corrected event with that externalId is created',
    ),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        const event = validPayin(runId);
        const refused = await tenantA.create({ ...event, amount: 0 });
        check.validationFailure(refused, [expectedFailure('amount', 'ERR-3005')]);
        check.created(await tenantA.create(event));
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      'a PUT refused for its body, or for an externalId another event holds, leaves the event’s externalId taken',
      { tag: ['@update'] },
    ),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        const event = validPayout(runId);
        const uuid = check.created(await tenantA.create(event));
        check.validationFailure(await tenantA.update(uuid, { ...event, amount: -1 }), [
          expectedFailure('amount', 'ERR-3005'),
        ]);
        // Another event's externalId: refused (a duplicate, or an externalId held immutable), never
        // applied; an index that lets the event's own id go before it checks the new one frees it.
        const holder = validPayin(runId);
        check.created(await tenantA.create(holder));
        await tenantA.update(uuid, { ...event, externalId: holder.externalId });
        const again = await tenantA.create({ ...validPayin(runId), externalId: event.externalId });
        check.error(again, judgeDuplicateRefused);
        check.sameEvent(await tenantA.retrieve(uuid), event, judgeKeptUnderItsExternalId);
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      'externalIds that differ only by a trailing space or newline, or a tab for a space, are different ids: never refused as duplicates',
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        // [what, the end of the held externalId, the end of the other]
        for (const [what, held, other] of [
          ['a trailing space', '', ' '],
          ['a trailing newline', '', '\n'],
          ['a tab where the held one has a space', ' z', '\tz'],
        ] as const) {
          const event = { ...validPayin(runId), externalId: `${validPayin(runId).externalId}${held}` };
          if (held === '') check.created(await tenantA.create(event));
          else {
            // Which characters an externalId may hold is not shown: a held one with a space may be refused.
            const heldResponse = await tenantA.create(event);
            await keptOrRefusedCleanly(tenantA, heldResponse, event, {
              sent: event,
              claimsChecked: 'an externalId with a space',
              probedFields: ['externalId'],
            });
            if (!isSuccess(heldResponse.status)) continue;
          }
          const padded = {
            ...validPayout(runId),
            externalId: `${event.externalId.slice(0, event.externalId.length - held.length)}${other}`,
          };
          const response = await tenantA.create(padded);
          // A deployment may refuse surrounding whitespace (GAP-FIELD-LIMITS), but not as a duplicate.
          await keptOrRefusedCleanly(tenantA, response, padded, {
            sent: padded,
            claimsChecked: `an externalId with ${what}`,
            probedFields: ['externalId'],
          });
          const reading = isSuccess(response.status)
            ? 'kept exactly'
            : `refused ${response.status} ${readErrorBody(response)?.errorCode ?? ''}`.trim();
          await observe('GAP-FIELD-LIMITS', `an externalId with ${what}: ${reading}`);
        }
      }),
  );
  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      "externalIds that differ only past a long shared start, by '/' against '%2F', by an accent, by leading zeros, by an underscore, or by a zero-width or a no-break space are different ids: never refused as duplicates",
    ),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        for (const [how, [held, other]] of distinctExternalIds(validPayin(runId).externalId)) {
          await test.step(how, async () => {
            // Either may be refused for its length or characters (GAP-FIELD-LIMITS), never as a duplicate:
            // a unique index on the first characters of a long column, or a key decoded as a URL, is one.
            const claims = {
              claimsChecked: `an externalId that differs ${how}`,
              probedFields: ['externalId'],
            };
            for (const externalId of [held, other]) {
              const event = { ...validPayout(runId), externalId };
              await keptOrRefusedCleanly(tenantA, await tenantA.create(event), event, claims);
            }
          });
        }
      }),
  );
  test(
    ...ruleCheck(
      'DEDUP-EXTERNAL-ID',
      'by PUT too, externalIds that differ only by a trailing space or in letter case are never refused as duplicates',
      { tag: ['@update'] },
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        // The twins of the POST checks above: PUT's duplicate check may be another lookup than POST's.
        const suffix = crypto.randomUUID().slice(0, 13);
        const held = {
          ...validPayin(runId),
          externalId: `${externalIdTag(runId)}-Twin-${suffix.toLowerCase()}`,
        };
        check.created(await tenantA.create(held));
        const padded = { ...validPayout(runId), externalId: `${held.externalId} ` };
        const created = await tenantA.create(padded);
        check.verdict(premiseOfPaddedExternalId(created), created);
        const paddedUuid = check.created(created);
        const renamed = validPayout(runId);
        const renamedUuid = check.created(await tenantA.create(renamed));
        const puts = [
          {
            what: 'a PUT keeping its own externalId with a trailing space',
            uuid: paddedUuid,
            body: { ...padded, status: 'BOOKED' },
          },
          {
            // Two spaces: "<id> " is the padded event's own.
            what: 'a PUT giving an event that externalId with two trailing spaces',
            uuid: renamedUuid,
            body: { ...renamed, externalId: `${held.externalId}  ` },
          },
          {
            what: 'a PUT giving an event that externalId in upper case',
            uuid: renamedUuid,
            body: { ...renamed, externalId: held.externalId.toUpperCase() },
          },
        ];
        const outcomes: string[] = [];
        for (const { what, uuid, body } of puts) {
          const response = await tenantA.update(uuid, body);
          // A PUT may refuse to change externalId at all (GAP-PUT-BODY), but not as a duplicate.
          check.verdict(
            judgeNoFalseDuplicate(response, what, body.externalId, [held.externalId, padded.externalId]),
            response,
          );
          const outcome = check.update(response);
          if (outcome === 'applied') check.sameEvent(await tenantA.retrieve(uuid), body, judgeUpdateShown);
          outcomes.push(`${what}: ${outcome}`);
        }
        await observe('GAP-PUT-BODY', outcomes.join('; '));
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-PER-TENANT',
      'after tenant A updates its event, tenant B can still create an event with that externalId',
      { tag: ['@update'] },
    ),
    async ({ tenantA, tenantB, runId, startsAfresh }) =>
      startsAfresh(async () => {
        const eventOfA = validPayin(runId);
        const uuidOfA = check.created(await tenantA.create(eventOfA));
        const updated = { ...eventOfA, amount: 77.7 };
        const outcome = check.update(await tenantA.update(uuidOfA, updated));
        check.verdict(premiseOfAppliedUpdate(outcome, 'an amount change'));
        const ofB = await tenantB.create({ ...validPayout(runId), externalId: eventOfA.externalId });
        check.verdict(judgeExternalIdFreeForOtherTenant(ofB, { afterUpdate: true }), ofB);
      }),
  );

  test(
    ...ruleCheck(
      'DEDUP-PER-TENANT',
      'after tenant A gives its event a new externalId by PUT, tenant B can create an event with it',
      { tag: ['@update'] },
    ),
    async ({ tenantA, tenantB, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        // A key table the rename path writes without the tenant is met by no POST of A's alone.
        const eventOfA = validPayin(runId);
        const uuidOfA = check.created(await tenantA.create(eventOfA));
        const renamed = { ...eventOfA, externalId: `${eventOfA.externalId}-rn` };
        const outcome = check.update(await tenantA.update(uuidOfA, renamed));
        await observe('GAP-PUT-BODY', `PUT changing externalId: ${outcome}`);
        if (outcome === 'refused') return;
        check.sameEvent(await tenantA.retrieve(uuidOfA), renamed, judgeUpdateShown);
        const ofB = await tenantB.create({ ...validPayout(runId), externalId: renamed.externalId });
        check.verdict(judgeExternalIdFreeForOtherTenant(ofB, { afterUpdate: true }), ofB);
        // And A still holds it: a key table without the tenant that B's POST overwrote frees it for A.
        check.error(
          await tenantA.create({ ...validPayin(runId), externalId: renamed.externalId }),
          judgeDuplicateRefused,
        );
      }),
  );

  test(
    ...ruleCheck('DEDUP-PER-TENANT', 'a PUT may give an event an externalId that only another tenant holds', {
      tag: ['@update'],
    }),
    async ({ tenantA, tenantB, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        const ofB = validPayout(runId);
        check.created(await tenantB.create(ofB));
        const ofA = validPayin(runId);
        const uuid = check.created(await tenantA.create(ofA));
        const moved = { ...ofA, externalId: ofB.externalId };
        const response = await tenantA.update(uuid, moved);
        // PUT may refuse to change externalId at all (GAP-PUT-BODY), but not because another tenant holds it.
        check.verdict(judgeNoCrossTenantDuplicate(response), response);
        const outcome = check.update(response);
        if (outcome === 'applied') check.sameEvent(await tenantA.retrieve(uuid), moved, judgeUpdateShown);
        await observe('GAP-PUT-BODY', `PUT changing externalId: ${outcome}`);
      }),
  );
});
