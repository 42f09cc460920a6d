/**
 * How a simultaneous check runs its bursts: past the first ones, more only while a busy machine spread
 * out every release; each burst annotated, one observation of the rule whose text does not depend on
 * how many bursts it took, and the first burst that breaks the rule ends the check.
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { judgeConcurrentCreation, MAX_RELEASE_SPREAD_MS } from '../../oracle/index.ts';
import { BudgetCannotHold } from '../../pacing/budget-cannot-hold.ts';
import { INCONCLUSIVE_ANNOTATION } from '../../run-records/result-annotations.ts';
import type { Observe } from '../fixtures/observe.ts';
import { serviceResponse } from '../transport/test-support/service-responses.ts';
import { BURSTS_AT_FIRST } from './burst-rounds.ts';
import { BURST_ANNOTATION, type JudgedBurst, sendBursts, sentTogether } from './simultaneous-checks.ts';

const REQUESTS = 3;

/** A burst of one 201 and the rest 400 ERR-4001 (or two 201s), released over the given spread. */
const burstOf = (releaseSpreadMs: number, created = 1): JudgedBurst => {
  const answers = Array.from({ length: REQUESTS }, (_, i) =>
    i < created
      ? serviceResponse(201, { uuid: crypto.randomUUID() })
      : serviceResponse(400, { status: 400, errorCode: 'ERR-4001', title: 'Duplicate externalId' }),
  );
  return {
    result: {
      responses: answers,
      timing: { requests: REQUESTS, releaseSpreadMs, firstAnswerMs: 1, lastAnswerMs: 2 },
    },
    judgement: judgeConcurrentCreation(answers, releaseSpreadMs),
  };
};

const WIDE = MAX_RELEASE_SPREAD_MS * 3;
const TIGHT = MAX_RELEASE_SPREAD_MS / 4;

const observer = () => {
  const seen: { observed: string; detail: unknown }[] = [];
  const observe: Observe = async (_rule, observed, detail) => {
    seen.push({ observed, detail });
  };
  return { seen, observe };
};

const burstAnnotations = () => test.info().annotations.filter((a) => a.type === BURST_ANNOTATION);

test('SIMULTANEOUS: bursts spread out by a busy machine are followed by more, until one counts', async () => {
  const spreads = [WIDE, WIDE, WIDE, WIDE, TIGHT];
  const { seen, observe } = observer();
  let sent = 0;
  await sendBursts('DEDUP-CONCURRENT', observe, async (index) => {
    sent += 1;
    return burstOf(spreads[index] as number);
  });
  expect(sent).toBe(spreads.length);
  expect(burstAnnotations()).toHaveLength(spreads.length);
  expect(burstAnnotations()[4]?.description).toMatch(/^burst 5: .*; counts$/);
  expect(seen).toHaveLength(1);
  expect(seen[0]?.observed).toBe(
    `sent together by last-byte synchronisation, in bursts of ${REQUESTS} requests`,
  );
  expect(seen[0]?.detail).toHaveLength(spreads.length);
});

test('SIMULTANEOUS: a quiet machine sends the first bursts only', async () => {
  const { seen, observe } = observer();
  let sent = 0;
  await sendBursts('DEDUP-CONCURRENT', observe, async () => {
    sent += 1;
    return burstOf(sent === 1 ? WIDE : TIGHT);
  });
  expect(sent).toBe(BURSTS_AT_FIRST);
  expect(seen[0]?.observed).toBe(
    `sent together by last-byte synchronisation, in bursts of ${REQUESTS} requests`,
  );
});

test('SIMULTANEOUS: a burst that breaks the rule ends the check at once, spread out or not', async () => {
  const { seen, observe } = observer();
  let sent = 0;
  const judged = sendBursts('DEDUP-CONCURRENT', observe, async () => {
    sent += 1;
    return burstOf(WIDE, sent === 4 ? 2 : 1);
  });
  await expect(judged).rejects.toThrow(/DEDUP-CONCURRENT: 2 of 3 simultaneous POSTs/);
  expect(sent).toBe(4);
  expect(seen[0]?.detail).toHaveLength(4);
});

test("SIMULTANEOUS: only a budget that cannot hold the burst makes it inconclusive; another RangeError is the kit's own fault", async () => {
  const argumentError = new RangeError('a slot must be a positive number of milliseconds; got 0');
  await expect(sentTogether(() => Promise.reject(argumentError))).rejects.toBe(argumentError);
  expect(test.info().annotations.filter((a) => a.type === INCONCLUSIVE_ANNOTATION)).toEqual([]);
  expect(new BudgetCannotHold('12 requests')).toBeInstanceOf(RangeError);
});
