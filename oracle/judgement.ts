/**
 * The one shape every judgement of the oracle returns, and the one a check hands over
 * (`check.verdict`): what it found broken, the rules it reached, what it shows, and, where the claim
 * could not be made, why. One place in suites/ turns it into a failure, a mark of not established or a
 * pass; nothing else decides.
 */
import type { RuleId } from '../spec/index.ts';
import type { Violation } from './violation.ts';

/**
 * Why a claim could not be made from the answers in hand:
 * - `inconclusive`: the kit could not make it (too slow a burst, throttled, an answer it cannot read);
 *   the rule reads *not established*;
 * - `premise-not-met`: a consistent reading of a gap leaves the check nothing to judge (a deployment
 *   that refuses the update the check needs); the rule is neither passed nor held back.
 */
export interface NotEstablished {
  readonly kind: 'inconclusive' | 'premise-not-met';
  readonly reason: string;
}

export interface Judgement<E = undefined> {
  /** The stated rules found broken, each with the sentence a person acts on; empty when all held. */
  readonly violations: readonly Violation[];
  /**
   * Rules whose part of the answer the judgement reached besides those it found broken: what a check
   * that fails here still judged (a 422 to a bad status still names the code VAL-STATUS-ENUM asks for).
   */
  readonly judged?: readonly RuleId[];
  /** What the judgement read for the check to go on with, or the answer that shows the first violation. */
  readonly evidence?: E;
  /** Set when the claim could not be made; then `violations` is empty. */
  readonly notEstablished?: NotEstablished;
}

/** A judgement that found these violations (none: the claim holds). */
export const judgementOf = <E = undefined>(
  violations: readonly Violation[],
  evidence?: E,
  judged?: readonly RuleId[],
): Judgement<E> =>
  Object.freeze({
    violations,
    ...(evidence === undefined ? {} : { evidence }),
    ...(judged === undefined ? {} : { judged }),
  });

/** A claim that could not be made, and why. */
export const notEstablished = <E = undefined>(
  kind: NotEstablished['kind'],
  reason: string,
  evidence?: E,
): Judgement<E> =>
  Object.freeze({
    violations: [],
    notEstablished: { kind, reason },
    ...(evidence === undefined ? {} : { evidence }),
  });

/** Several judgements of one answer as one: violations in order, rules reached, the first evidence. */
export const combined = <E = undefined>(...judgements: readonly Judgement<E>[]): Judgement<E> => {
  const violations = judgements.flatMap((j) => j.violations);
  const judged = judgements.flatMap((j) => j.judged ?? []);
  const evidence = judgements.find((j) => j.evidence !== undefined)?.evidence;
  const unmade = judgements.find((j) => j.notEstablished !== undefined)?.notEstablished;
  if (violations.length === 0 && unmade !== undefined)
    return notEstablished(unmade.kind, unmade.reason, evidence);
  return judgementOf(violations, evidence, judged.length === 0 ? undefined : [...new Set(judged)]);
};
