/**
 * Part 5: whose token is used with which client id. A token the deployment accepts for an environment
 * carries that environment's prefix (5.2); a valid token with another tenant's X-Client-Id is refused.
 * What triggers ERR-1003 is not shown (GAP-FORBIDDEN-TRIGGER): 403 ERR-1003 and 401 ERR-1002 (the
 * token is not valid for that client) are both readings.
 */
import { errorViolations } from './error-body.ts';
import type { HttpAnswer } from './http-answer.ts';
import { type Violation, violationOf } from './violation.ts';

/** AUTH-TOKEN-PREFIX; the message names the prefix seen, never the token. */
export const judgeTokenPrefix = (token: string, expectedPrefix: string, message: string): Violation[] =>
  token.startsWith(expectedPrefix) ? [] : [violationOf('AUTH-TOKEN-PREFIX', message)];

/** AUTH-NOT-AUTHORIZED: a token used with another client id is refused, 403 ERR-1003 or 401 ERR-1002. */
export const judgeForeignClientRefusal = (answer: HttpAnswer): Violation[] => {
  if (answer.status === 403) return errorViolations(answer, 'ERR-1003', 'AUTH-NOT-AUTHORIZED');
  if (answer.status === 401) return errorViolations(answer, 'ERR-1002', 'AUTH-NOT-AUTHORIZED');
  return [
    violationOf(
      'AUTH-NOT-AUTHORIZED',
      `a token used with another client id must be refused with 403 ERR-1003 or 401 ERR-1002; got HTTP ${answer.status}`,
    ),
  ];
};
