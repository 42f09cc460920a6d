/**
 * Stands in for `check.verdict(judgement, response?)` until that takes a Judgement: hands a judgement
 * of the oracle to today's one path to a failure. Violations fail the check (check.verdict); a claim
 * not established marks it inconclusive or skips it as premise not met; otherwise the check goes on.
 * When check.verdict takes a Judgement, each call becomes `check.verdict(judgement, response)` and this
 * file goes.
 */
import type { Judgement } from '../../oracle/index.ts';
import type { ServiceResponse } from './service-client.ts';
import { check, inconclusive, premiseNotMet } from './verdicts.ts';

export const judgementVerdict = <E>(judgement: Judgement<E>, response?: ServiceResponse): void => {
  check.verdict(judgement.violations, response);
  const unmade = judgement.notEstablished;
  if (unmade?.kind === 'inconclusive') inconclusive(unmade.reason);
  if (unmade?.kind === 'premise-not-met') premiseNotMet(unmade.reason);
};
