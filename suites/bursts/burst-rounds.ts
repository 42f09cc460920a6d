/**
 * How many last-byte bursts (last-byte-burst.ts) a check that claims simultaneity sends: send policy,
 * no verdict. The oracle says of each burst whether it counts and why not (oracle/simultaneous-
 * requests.ts: a burst that falls short is not established, its shortfall in its evidence); this says,
 * from those judgements, whether to send another.
 */
import type { SimultaneousBurstJudgement } from '../../oracle/index.ts';

/** The bursts a check sends, each with fresh data: one burst a busy machine spread out does not decide it. */
export const BURSTS_AT_FIRST = 3;

/** The most a check sends when a busy machine spread out the release of every burst before. */
export const BURSTS_AT_MOST = 12;

/**
 * Whether a check sends another burst: always its first BURSTS_AT_FIRST; after them, only while none
 * has counted and each fell short by its own release spread alone. A release is spread out when the
 * client's process is preempted inside it, which a busy machine does to one burst in several and
 * rarely to many in a row, so further bursts decide what three could not. A throttled burst, or one
 * whose PUTs were all refused, is the target's doing and would come again.
 */
export const anotherBurstNeeded = (bursts: readonly SimultaneousBurstJudgement[]): boolean => {
  if (bursts.length < BURSTS_AT_FIRST) return true;
  if (bursts.length >= BURSTS_AT_MOST) return false;
  return bursts.every((b) => b.evidence?.shortfall?.kind === 'spread');
};
