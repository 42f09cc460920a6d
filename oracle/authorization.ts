/**
 * Part 5: whose token is used with which client id. A token the deployment accepts for an environment
 * carries that environment's prefix (5.2); a valid token with another tenant's X-Client-Id is refused.
 * What triggers ERR-1003 is not shown (GAP-FORBIDDEN-TRIGGER): 403 ERR-1003 and 401 ERR-1002 (the
 * token is not valid for that client) are both readings.
 */
import { type Environment, TOKEN_PREFIXES, tokenPrefixOf } from '../spec/index.ts';
import { errorViolations, readErrorBody } from './error-body.ts';
import type { HttpAnswer } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { violationOf } from './violation.ts';

/**
 * AUTH-TOKEN-PREFIX: tenant `tenant`'s token, which the deployment of `environment` accepts, carries
 * that environment's prefix (5.2); the message names the prefix seen, never the token.
 */
export const judgeTokenPrefix = (token: string, environment: Environment, tenant: string): Judgement => {
  const expected = TOKEN_PREFIXES[environment];
  if (token.startsWith(expected)) return judgementOf([]);
  const seen = tokenPrefixOf(token) ?? 'no prefix';
  return judgementOf([
    violationOf(
      'AUTH-TOKEN-PREFIX',
      `the deployment accepts tenant ${tenant}'s ${environment} token, of prefix ${seen}; part 5.2 gives ${environment} tokens the prefix ${expected}`,
    ),
  ]);
};

/** AUTH-NOT-AUTHORIZED: a token used with another client id is refused, 403 ERR-1003 or 401 ERR-1002. */
export const judgeForeignClientRefusal = (answer: HttpAnswer): Judgement => {
  if (answer.status === 403) return judgementOf(errorViolations(answer, 'ERR-1003', 'AUTH-NOT-AUTHORIZED'));
  if (answer.status === 401) return judgementOf(errorViolations(answer, 'ERR-1002', 'AUTH-NOT-AUTHORIZED'));
  return judgementOf([
    violationOf(
      'AUTH-NOT-AUTHORIZED',
      `a token used with another client id must be refused with 403 ERR-1003 or 401 ERR-1002; got HTTP ${answer.status}`,
    ),
  ]);
};

/**
 * AUTH-NOT-AUTHORIZED: the nil UUID as X-Client-Id with a tenant's token. It is a UUID (RFC 9562) and
 * the header is there, so never "header absent" (ERR-2001): refused like any client id of no tenant,
 * or as not valid (400 ERR-2002) by a validator that takes only UUIDs of a version.
 */
export const judgeNilClientIdRefusal = (answer: HttpAnswer): Judgement =>
  answer.status === 400 && readErrorBody(answer)?.errorCode === 'ERR-2002'
    ? judgementOf([])
    : judgeForeignClientRefusal(answer);
