/**
 * How a check that claims simultaneity runs its bursts (last-byte-burst.ts) and acts on the oracle's
 * judgement of each (oracle/simultaneous-requests.ts): each burst's timing is recorded with the verdict
 * (an annotation a burst, and at the end one observation of the rule with every burst's figures as its
 * detail), a burst that breaks the rule fails the check at once, and a check none of whose bursts
 * counted is inconclusive, never passed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from '@playwright/test';
import {
  burstCounts,
  judgeBurstsTaken,
  judgeBurstUnsendable,
  type SimultaneousBurstJudgement,
} from '../../oracle/index.ts';
import { BudgetCannotHold } from '../../pacing/budget-cannot-hold.ts';
import type { RuleId } from '../../spec/index.ts';
import type { Observe } from '../fixtures/observe.ts';
import { check } from '../verdicts/verdicts.ts';
import { anotherBurstNeeded, BURSTS_AT_FIRST } from './burst-rounds.ts';
import { type BurstTiming, describeBurstTiming } from './burst-timing.ts';
import type { BurstResult } from './last-byte-burst.ts';

/**
 * Before each burst past the first ones, a pause that grows by this much: a moment of load (the other
 * processes of a busy machine) passes, so a later burst is less likely to meet it.
 */
export const EXTRA_BURST_PAUSE_MS = 25;

export const BURST_ANNOTATION = 'burst';

export interface JudgedBurst {
  readonly result: BurstResult;
  readonly judgement: SimultaneousBurstJudgement;
}

/** A burst's result, or inconclusive when the tenant's pacing share cannot hold its requests at once. */
export const sentTogether = async (send: () => Promise<BurstResult>): Promise<BurstResult> => {
  try {
    return await send();
  } catch (error) {
    if (error instanceof BudgetCannotHold) check.verdict(judgeBurstUnsendable(error.message));
    throw error;
  }
};

const describeBurst = (index: number, timing: BurstTiming, judgement: SimultaneousBurstJudgement): string =>
  `burst ${index + 1}: ${describeBurstTiming(timing)}; ${burstCounts(judgement) ? 'counts' : `does not count: ${judgement.evidence?.shortfall?.reason}`}`;

/**
 * Runs bursts through `oneBurst` as long as the send policy asks for another (anotherBurstNeeded), and gives
 * the check its verdict from their judgements.
 */
export const sendBursts = async (
  rule: RuleId,
  observe: Observe,
  oneBurst: (index: number) => Promise<JudgedBurst>,
): Promise<void> => {
  const judged: JudgedBurst[] = [];
  // The text stays the same from run to run (the behaviour profile compares readings), however many
  // bursts a busy machine took; the figures of every burst are the observation's detail, and each
  // burst's annotation.
  const observeAll = () =>
    observe(
      rule,
      `sent together by last-byte synchronisation, in bursts of ${judged[0]?.result.timing.requests ?? 0} requests`,
      judged.map((b) => ({
        ...b.result.timing,
        counts: burstCounts(b.judgement),
        reason: b.judgement.evidence?.shortfall?.reason,
      })),
    );
  for (let index = 0; anotherBurstNeeded(judged.map((b) => b.judgement)); index += 1) {
    if (index >= BURSTS_AT_FIRST) await sleep(EXTRA_BURST_PAUSE_MS * (index - BURSTS_AT_FIRST + 1));
    const burst = await oneBurst(index);
    judged.push(burst);
    test.info().annotations.push({
      type: BURST_ANNOTATION,
      description: describeBurst(index, burst.result.timing, burst.judgement),
    });
    if (burst.judgement.violations.length > 0) {
      await observeAll();
      check.verdict(burst.judgement, burst.result.responses[0]);
    }
  }
  await observeAll();
  check.verdict(judgeBurstsTaken(judged.map((b) => b.judgement)));
};
