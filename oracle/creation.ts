/**
 * Part 4 and 2.3: POST of a valid event gets 201 with a JSON body holding `uuid`, a UUID. A refusal
 * that claims a stated code breaks that code's rule (refusal-claims.ts); any other answer breaks
 * CREATE-RETURNS-UUID.
 */

import type { RuleId } from '../spec/index.ts';
import { CREDENTIAL_REFUSALS, type CredentialRefusal } from './credential-refusals.ts';
import { errorBodyViolations } from './error-body.ts';
import { type HttpAnswer, summarise } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { claimedCodes, falseClaimViolations } from './refusal-claims.ts';
import { creationResultSchema, explainMismatch } from './response-schemas.ts';
import { violationOf } from './violation.ts';

/** A POST of a valid event; its evidence is the uuid the 201 gave, when it gave one. */
export const judgeCreation = (answer: HttpAnswer): Judgement<string> => {
  if (answer.status === 201) {
    const parsed = creationResultSchema.safeParse(answer.json);
    return parsed.success
      ? judgementOf([], parsed.data.uuid)
      : judgementOf([
          violationOf(
            'CREATE-RETURNS-UUID',
            `the 201 body must hold a UUID uuid: ${explainMismatch(parsed.error)}`,
          ),
        ]);
  }
  const claims = falseClaimViolations(answer, 'a valid event with a fresh externalId');
  return judgementOf([
    ...(claims.length > 0
      ? claims
      : [
          violationOf(
            'CREATE-RETURNS-UUID',
            `a valid event must be created with 201; got ${summarise(answer)}`,
          ),
        ]),
    ...errorBodyViolations(answer),
  ]);
};

/**
 * The same event POSTed by a tenant with its own credentials after a POST of it was refused (`refused`
 * names that POST, `rule` the rule of its refusal): it must be created. A duplicate (ERR-4001,
 * top-level or in errors[]) means the refused POST stored the event, whatever it answered: the
 * refusal's rule is broken in its effect. Any other answer is judged as a creation.
 */
const createdAfterRefusal = (answer: HttpAnswer, rule: RuleId, refused: string): Judgement<string> =>
  claimedCodes(answer).some((claim) => claim.code === 'ERR-4001')
    ? judgementOf([
        violationOf(
          rule,
          `${refused} stored its event: the same event sent with the tenant's own credentials is a duplicate (${summarise(answer)})`,
        ),
      ])
    : judgeCreation(answer);

/** After a POST refused for its credentials (`refusal`, tenant A named): A's own POST of it is created. */
export const judgeCreatedAfterRefusedPost = (
  answer: HttpAnswer,
  refusal: CredentialRefusal,
): Judgement<string> => {
  const { rule, sent } = CREDENTIAL_REFUSALS[refusal];
  return createdAfterRefusal(answer, rule, `the POST ${sent}`);
};

/**
 * After tenant A's token was used with tenant B's X-Client-Id to POST an event, which must be refused
 * (AUTH-NOT-AUTHORIZED): the event is new to either tenant, stored neither under the client id named
 * nor under the token's owner.
 */
export const judgeCreatedAfterForeignClientPost = (answer: HttpAnswer): Judgement<string> =>
  createdAfterRefusal(answer, 'AUTH-NOT-AUTHORIZED', "the POST with another tenant's X-Client-Id");
