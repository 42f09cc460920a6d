/**
 * What a check needs before it can judge its rule, where a consistent reading of a gap may withhold
 * it: the judgement holds when the premise is met, and reads *premise not met* (neither a pass nor a
 * violation) when a deployment's reading leaves the check nothing to judge.
 */
import { type HttpAnswer, isSuccess } from './http-answer.ts';
import { type Judgement, judgementOf, notEstablished } from './judgement.ts';
import type { UpdateOutcome } from './update.ts';

/** The update the check needs (`what`) was applied; a deployment may refuse it cleanly (PUT's rules are not shown). */
export const premiseOfAppliedUpdate = (outcome: UpdateOutcome, what: string): Judgement =>
  outcome === 'applied'
    ? judgementOf([])
    : notEstablished('premise-not-met', `the deployment refused the update this check needs (${what})`);

/**
 * An externalId with a trailing space, which the check's PUT keeps, was accepted on POST; a deployment
 * may refuse it (whether surrounding spaces are part of the id is not shown).
 */
export const premiseOfPaddedExternalId = (created: HttpAnswer): Judgement =>
  isSuccess(created.status)
    ? judgementOf([])
    : notEstablished(
        'premise-not-met',
        `the deployment refuses an externalId with a trailing space (${created.status}), which this check's PUT keeps`,
      );

/**
 * An externalId shaped like a UUID (36 characters), which the check needs, was accepted on POST; a
 * deployment may refuse it cleanly, 400 or 422, for its length (field lengths are not shown: ISO
 * 20022's Max35Text is 35). Any other answer is the creation's to judge.
 */
export const premiseOfUuidShapedExternalId = (created: HttpAnswer): Judgement =>
  created.status === 400 || created.status === 422
    ? notEstablished(
        'premise-not-met',
        `the deployment refuses an externalId shaped like a UUID (${created.status}), which this check needs`,
      )
    : judgementOf([]);
