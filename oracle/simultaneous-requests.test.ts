/** Simultaneous POSTs and PUTs: what breaks the rule whatever the timing, and when a burst counts. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { judgementOf, notEstablished } from './judgement.ts';
import {
  burstCounts,
  burstShortfall,
  inconclusiveBursts,
  judgeBurstsTaken,
  judgeBurstUnsendable,
  judgeConcurrentCreation,
  judgeConcurrentRename,
  judgeCreateRenameRace,
  MAX_RELEASE_SPREAD_MS,
  premiseNotMetByBursts,
  type SimultaneousBurstJudgement,
} from './simultaneous-requests.ts';
import { answer, rulesOf as rules } from './test-support/answers.ts';

const created = () => answer(201, { uuid: crypto.randomUUID() });
const duplicate = answer(400, { status: 400, errorCode: 'ERR-4001', title: 'Duplicate externalId' });
const throttled = answer(429, { message: 'slow down' });
const TIGHT = MAX_RELEASE_SPREAD_MS / 4;
/** A burst that made its claim, or one that fell short of it this way, breaking nothing. */
const counted: SimultaneousBurstJudgement = judgementOf([], {});
const fellShort = (
  kind: 'spread' | 'throttled' | 'none-applied',
  reason: string,
): SimultaneousBurstJudgement =>
  notEstablished(kind === 'none-applied' ? 'premise-not-met' : 'inconclusive', reason, {
    shortfall: { kind, reason },
  });

test.describe('ORACLE: simultaneous POSTs of one new externalId', () => {
  test('one 201 and the rest 400 ERR-4001 keeps the rule, and a tight burst counts', () => {
    const one = created();
    const judgement = judgeConcurrentCreation([one, duplicate, duplicate, duplicate], TIGHT);
    expect(judgement.violations).toEqual([]);
    expect(burstCounts(judgement)).toBe(true);
    expect(judgement.notEstablished).toBeUndefined();
    expect(judgement.evidence?.uuid).toBe((one.json as { uuid: string }).uuid);
  });

  test('two 201s break DEDUP-CONCURRENT, however spread out the burst was', () => {
    for (const spread of [TIGHT, MAX_RELEASE_SPREAD_MS * 20]) {
      const judgement = judgeConcurrentCreation([created(), created(), duplicate], spread);
      expect(rules(judgement.violations)).toEqual(['DEDUP-CONCURRENT']);
      expect(judgement.violations[0]?.message).toContain('2 of 3 simultaneous POSTs');
      expect(judgement.evidence?.uuid).toBeUndefined();
      // A burst that breaks the rule is no claim left unmade, spread out or not.
      expect(judgement.notEstablished).toBeUndefined();
    }
  });

  test('no 201 at all breaks it: a new externalId must be created once', () => {
    expect(rules(judgeConcurrentCreation([duplicate, duplicate], TIGHT).violations)).toEqual([
      'DEDUP-CONCURRENT',
    ]);
  });

  test('a refusal other than 400 ERR-4001 breaks it (a 500 of a unique index, a 409)', () => {
    const serverError = answer(500, { status: 500, errorCode: 'ERR-5001', title: 'Internal error' });
    const conflict = answer(409, { status: 409, errorCode: 'ERR-4001', title: 'Duplicate externalId' });
    expect(rules(judgeConcurrentCreation([created(), serverError], TIGHT).violations)).toEqual([
      'DEDUP-CONCURRENT',
    ]);
    expect(rules(judgeConcurrentCreation([created(), conflict], TIGHT).violations)).toEqual([
      'DEDUP-CONCURRENT',
    ]);
  });

  test('a 201 without a UUID breaks CREATE-RETURNS-UUID', () => {
    expect(rules(judgeConcurrentCreation([answer(201, { id: 1 }), duplicate], TIGHT).violations)).toEqual([
      'CREATE-RETURNS-UUID',
    ]);
  });

  test('a 429 was not processed: no violation, but the burst does not count', () => {
    const judgement = judgeConcurrentCreation([created(), duplicate, throttled], TIGHT);
    expect(judgement.violations).toEqual([]);
    expect(burstCounts(judgement)).toBe(false);
    expect(judgement.notEstablished?.kind).toBe('inconclusive');
    expect(judgement.notEstablished?.reason).toContain('1 of 3 requests were throttled');
    expect(judgeConcurrentCreation([throttled, throttled], TIGHT).violations).toEqual([]);
  });
});

test.describe('ORACLE: when a burst counts', () => {
  test('a release spread wider than the limit does not count, with the spread in the reason', () => {
    expect(burstShortfall([created()], MAX_RELEASE_SPREAD_MS)).toBeUndefined();
    const wide = burstShortfall([created()], MAX_RELEASE_SPREAD_MS + 0.5);
    expect(wide?.kind).toBe('spread');
    expect(wide?.reason).toContain(`${(MAX_RELEASE_SPREAD_MS + 0.5).toFixed(3)} ms`);
  });

  test('a check is inconclusive only when no burst counted', () => {
    const no = fellShort('spread', 'too slow');
    expect(inconclusiveBursts([no, counted])).toBeUndefined();
    expect(inconclusiveBursts([no, no])).toBe(
      'no burst was simultaneous enough to judge the rule (burst 1: too slow; burst 2: too slow)',
    );
  });
});

test('ORACLE: a deployment that refused every PUT of a burst does not meet the premise; a busy machine or a throttle does not say so', () => {
  const refused = fellShort(
    'none-applied',
    'every PUT was refused: the deployment did not let PUT change externalId here',
  );
  const spread = fellShort('spread', 'released over 2.000 ms');
  const throttledOne = fellShort('throttled', '1 of 4 requests were throttled (429)');
  expect(premiseNotMetByBursts([spread, refused])).toBe(
    'every PUT was refused: the deployment did not let PUT change externalId here: the check needs a deployment that lets PUT change externalId',
  );
  expect(premiseNotMetByBursts([spread, spread, spread])).toBeUndefined();
  expect(premiseNotMetByBursts([refused, throttledOne])).toBeUndefined();
  expect(premiseNotMetByBursts([refused, counted])).toBeUndefined();
});

test('ORACLE: bursts taken together hold when one counted, else the premise is not met or the claim not made; an unsendable burst is not made', () => {
  const refused = fellShort('none-applied', 'every PUT was refused');
  const spread = fellShort('spread', 'released over 2.000 ms');
  expect(judgeBurstsTaken([spread, counted])).toEqual(judgementOf([]));
  expect(judgeBurstsTaken([refused, spread]).notEstablished?.kind).toBe('premise-not-met');
  expect(judgeBurstsTaken([spread, spread]).notEstablished).toEqual({
    kind: 'inconclusive',
    reason:
      'no burst was simultaneous enough to judge the rule (burst 1: released over 2.000 ms; burst 2: released over 2.000 ms)',
  });
  expect(judgeBurstUnsendable('12 requests, a share of 8').notEstablished).toEqual({
    kind: 'inconclusive',
    reason: "the tenant's budget cannot send them at once: 12 requests, a share of 8",
  });
});

test('ORACLE: the target’s reason is the one recorded when the release was spread out too', () => {
  const wide = MAX_RELEASE_SPREAD_MS * 5;
  expect(burstShortfall([created(), throttled], wide)?.kind).toBe('throttled');
  const renameAnswered = (put: ReturnType<typeof answer>) =>
    judgeConcurrentRename(
      [{ original: { externalId: 'x-1' }, renamed: { externalId: 'x-new' } }],
      [put],
      [answer(200, { externalId: 'x-1' })],
      wide,
    );
  expect(renameAnswered(duplicate).evidence?.shortfall?.kind).toBe('none-applied');
  expect(renameAnswered(duplicate).notEstablished?.kind).toBe('premise-not-met');
  expect(renameAnswered(throttled).evidence?.shortfall?.kind).toBe('throttled');
});

test.describe('ORACLE: simultaneous PUTs giving events one new externalId', () => {
  const taken = 'x-new';
  const events = [
    { original: { externalId: 'x-1', amount: 1 }, renamed: { externalId: taken, amount: 1 } },
    { original: { externalId: 'x-2', amount: 2 }, renamed: { externalId: taken, amount: 2 } },
  ];
  const refusal = answer(400, { status: 400, errorCode: 'ERR-4001', title: 'Duplicate externalId' });

  test('one applied, the other refused cleanly, each read back accordingly: the rule holds and it counts', () => {
    const judgement = judgeConcurrentRename(
      events,
      [answer(204), refusal],
      [answer(200, events[0]?.renamed), answer(200, events[1]?.original)],
      TIGHT,
    );
    expect(judgement.violations).toEqual([]);
    expect(burstCounts(judgement)).toBe(true);
  });

  test('PUT answering the event (200) or another refusal status is a reading, not a violation', () => {
    const conflict = answer(409, { status: 409, errorCode: 'ERR-4001', title: 'Duplicate externalId' });
    const judgement = judgeConcurrentRename(
      events,
      [conflict, answer(200, { data: events[1]?.renamed })],
      [answer(200, events[0]?.original), answer(200, { data: events[1]?.renamed })],
      TIGHT,
    );
    expect(judgement.violations).toEqual([]);
  });

  test('both applied breaks DEDUP-EXTERNAL-ID, and so do two events holding the externalId', () => {
    const judgement = judgeConcurrentRename(
      events,
      [answer(204), answer(204)],
      [answer(200, events[0]?.renamed), answer(200, events[1]?.renamed)],
      MAX_RELEASE_SPREAD_MS * 20,
    );
    expect(rules(judgement.violations)).toEqual(['DEDUP-EXTERNAL-ID', 'DEDUP-EXTERNAL-ID']);
    expect(judgement.violations.map((v) => v.message).join('\n')).toMatch(
      /2 of 2 simultaneous PUTs[\s\S]*2 events of the tenant hold one externalId/,
    );
  });

  test('PUTs answered 2xx whose events still show their own externalIds took nothing: UPDATE-APPLIES, not deduplication', () => {
    const judgement = judgeConcurrentRename(
      events,
      [answer(204), answer(204)],
      [answer(200, events[0]?.original), answer(200, events[1]?.original)],
      TIGHT,
    );
    expect(rules(judgement.violations)).toEqual(['UPDATE-APPLIES', 'UPDATE-APPLIES']);
  });

  test('a refused PUT whose event changed anyway breaks DEDUP-EXTERNAL-ID', () => {
    const judgement = judgeConcurrentRename(
      events,
      [answer(204), refusal],
      [answer(200, events[0]?.renamed), answer(200, events[1]?.renamed)],
      TIGHT,
    );
    expect(rules(judgement.violations)).toEqual(['DEDUP-EXTERNAL-ID', 'DEDUP-EXTERNAL-ID']);
  });

  test('every PUT refused keeps the rule but proves nothing: the burst does not count', () => {
    const judgement = judgeConcurrentRename(
      events,
      [refusal, refusal],
      [answer(200, events[0]?.original), answer(200, events[1]?.original)],
      TIGHT,
    );
    expect(judgement.violations).toEqual([]);
    expect(burstCounts(judgement)).toBe(false);
    expect(judgement.notEstablished).toEqual({
      kind: 'premise-not-met',
      reason: expect.stringContaining('every PUT was refused'),
    });
  });
});

test('ORACLE: a POST and a PUT sent together may not both give one externalId to an event', () => {
  const renamed = answer(200, { externalId: 'x-new' });
  const kept = answer(200, { externalId: 'x-1' });
  const refusal = answer(400, { status: 400, errorCode: 'ERR-4001', title: 'Duplicate externalId' });
  expect(rules(judgeCreateRenameRace(created(), answer(204), renamed, 'x-new').violations)).toEqual([
    'DEDUP-EXTERNAL-ID',
  ]);
  expect(judgeCreateRenameRace(created(), refusal, kept, 'x-new').violations).toEqual([]);
  expect(judgeCreateRenameRace(refusal, answer(204), renamed, 'x-new').violations).toEqual([]);
  // Answered 2xx and not shown is UPDATE-APPLIES's to judge, not this rule's.
  expect(judgeCreateRenameRace(created(), answer(204), kept, 'x-new').violations).toEqual([]);
});
