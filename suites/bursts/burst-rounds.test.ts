/** How many bursts a check that claims simultaneity sends, from the oracle's judgement of each. */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import {
  judgeConcurrentCreation,
  judgeConcurrentRename,
  judgementOf,
  MAX_RELEASE_SPREAD_MS,
  type SimultaneousBurstJudgement,
} from '../../oracle/index.ts';
import { answer } from '../../oracle/test-support/answers.ts';
import { anotherBurstNeeded, BURSTS_AT_FIRST, BURSTS_AT_MOST } from './burst-rounds.ts';

const TIGHT = MAX_RELEASE_SPREAD_MS / 4;
const created = () => answer(201, { uuid: crypto.randomUUID() });
const duplicate = answer(400, { status: 400, errorCode: 'ERR-4001', title: 'Duplicate externalId' });
const throttled = answer(429, { message: 'slow down' });

test.describe('BURST-ROUNDS: how many bursts a check sends', () => {
  const counted: SimultaneousBurstJudgement = judgementOf([], {});
  const spread = judgeConcurrentCreation([created()], MAX_RELEASE_SPREAD_MS * 2);
  const throttledBurst = judgeConcurrentCreation([created(), throttled], TIGHT);
  const repeat = (burst: SimultaneousBurstJudgement, times: number) =>
    Array<SimultaneousBurstJudgement>(times).fill(burst);
  /** One PUT giving an event a new externalId, answered `put`, the event read back unchanged. */
  const renameAnswered = (put: ReturnType<typeof answer>, spreadMs: number) =>
    judgeConcurrentRename(
      [{ original: { externalId: 'x-1' }, renamed: { externalId: 'x-new' } }],
      [put],
      [answer(200, { externalId: 'x-1' })],
      spreadMs,
    );

  test('always the first ones, whatever they showed', () => {
    for (const standing of [counted, spread, throttledBurst])
      for (let sent = 0; sent < BURSTS_AT_FIRST; sent += 1)
        expect(anotherBurstNeeded(repeat(standing, sent))).toBe(true);
    expect(anotherBurstNeeded(repeat(counted, BURSTS_AT_FIRST))).toBe(false);
    expect(anotherBurstNeeded([spread, counted, spread])).toBe(false);
  });

  test('more while a busy machine spread out every release, up to the most', () => {
    for (let sent = BURSTS_AT_FIRST; sent < BURSTS_AT_MOST; sent += 1)
      expect(anotherBurstNeeded(repeat(spread, sent))).toBe(true);
    expect(anotherBurstNeeded(repeat(spread, BURSTS_AT_MOST))).toBe(false);
    expect(anotherBurstNeeded([...repeat(spread, BURSTS_AT_FIRST + 1), counted])).toBe(false);
  });

  test('no more once the target throttled a burst or refused every PUT: it would again', () => {
    const refused = renameAnswered(duplicate, TIGHT);
    expect(refused.evidence?.shortfall?.kind).toBe('none-applied');
    expect(throttledBurst.evidence?.shortfall?.kind).toBe('throttled');
    for (const stop of [refused, throttledBurst])
      expect(anotherBurstNeeded([spread, stop, ...repeat(spread, BURSTS_AT_FIRST - 2)])).toBe(false);
    // The target's reason stands when the release was spread out too.
    expect(
      anotherBurstNeeded(repeat(renameAnswered(duplicate, MAX_RELEASE_SPREAD_MS * 5), BURSTS_AT_FIRST)),
    ).toBe(false);
  });
});
