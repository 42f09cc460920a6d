/**
 * Part 4: "PUT is the way to update an existing event"; its status, its response body and its request
 * rules are not shown (GAP-PUT-STATUS, GAP-PUT-BODY, GAP-STATUS-TRANSITIONS). So a PUT of a valid body
 * is judged as either
 * - applied: any 2xx, with a JSON body when it has one ("Bodies are JSON"); GET must then show it, or
 * - refused cleanly: a 4xx with the part 7 body that claims no stated rule the body does not break
 *   (a deployment may hold some fields immutable or some transitions final); GET must then show the
 *   event unchanged.
 * Anything else (a 404 or 401 for an event and credentials that exist, a 5xx, a redirect) breaks the
 * rule the PUT is checking. That PUT can update at all is checked by the caller: some update of a
 * hand-written set must be applied.
 */
import type { RuleId } from '../spec/index.ts';
import { errorBodyViolations } from './error-body.ts';
import { type HttpAnswer, isPlainObject, isSuccess, summarise } from './http-answer.ts';
import { type Judgement, judgementOf, notEstablished } from './judgement.ts';
import { type ClaimOptions, falseClaimViolations } from './refusal-claims.ts';
import { violationOf } from './violation.ts';

export type UpdateOutcome = 'applied' | 'refused' | 'broken';

/** A PUT of a valid body, judged; its evidence is the outcome. */
export type UpdateJudge = (answer: HttpAnswer) => Judgement<UpdateOutcome>;

/** Statuses a refusal of a valid update cannot have: the event exists, the credentials are valid. */
const NOT_A_REFUSAL = new Set([401, 404, 429]);

/** A valid PUT for `rule` (the claim it is about); a refusal's true claims (`claims`) are no violation. */
const updateFor =
  (rule: RuleId, claims: ClaimOptions = {}): UpdateJudge =>
  (answer) => {
    if (isSuccess(answer.status)) {
      const hasBody = answer.status !== 204 && answer.text.trim() !== '';
      return judgementOf(
        hasBody && answer.json === undefined
          ? [violationOf(rule, `the PUT answered ${answer.status} with a body that is not JSON`)]
          : [],
        'applied',
      );
    }
    const shape = errorBodyViolations(answer);
    if (answer.status >= 400 && answer.status < 500 && !NOT_A_REFUSAL.has(answer.status)) {
      return judgementOf(
        [
          ...falseClaimViolations(answer, 'a valid PUT', {
            creditValidationClaimsTo: 'UPDATE-VALIDATES',
            ...claims,
          }),
          ...shape,
        ],
        'refused',
      );
    }
    return judgementOf(
      [
        violationOf(
          rule,
          `a valid PUT must be applied (2xx) or refused cleanly (4xx with the part 7 body); got ${summarise(answer)}`,
        ),
        ...shape,
      ],
      'broken',
    );
  };

/** A valid PUT: applied, or refused cleanly (UPDATE-APPLIES). */
export const judgeUpdate: UpdateJudge = updateFor('UPDATE-APPLIES');

/**
 * A valid PUT that gives an event an externalId another event of the tenant holds: a refusal may say
 * so (ERR-4001, true here); anything but applied or refused cleanly breaks DEDUP-EXTERNAL-ID.
 */
export const judgeExternalIdTakeover: UpdateJudge = updateFor('DEDUP-EXTERNAL-ID', {
  trueClaims: ['ERR-4001'],
});

/**
 * UPDATE-UNKNOWN-404: a PUT of an unknown uuid is applied to no event, whatever its body carries (a
 * uuid field among it): refused with a 4xx, whether the body's fault or the path's is reported first.
 */
export const judgeUnknownUpdateNotApplied = (answer: HttpAnswer): Judgement =>
  judgementOf(
    answer.status >= 400 && answer.status < 500
      ? []
      : [
          violationOf(
            'UPDATE-UNKNOWN-404',
            `a PUT of an unknown uuid must be refused (404 ERR-4002, or a 4xx for its body); got ${summarise(answer)}`,
          ),
        ],
  );

/** What a PUT's success answer holds, for GAP-PUT-BODY: no body, the event, {uuid}, or another body. */
export const describeUpdateAnswer = (answer: HttpAnswer, uuid: string): string => {
  if (answer.text.trim() === '') return 'no body';
  const body = answer.json;
  if (!isPlainObject(body)) return 'a body that is not a JSON object';
  if ('externalId' in body) return 'the updated event';
  if (body.uuid === uuid && Object.keys(body).length === 1) return '{uuid}';
  const holder = Object.entries(body).find(([, v]) => isPlainObject(v) && 'externalId' in v);
  if (holder) return `the updated event under "${holder[0]}"`;
  return `another body (${Object.keys(body).sort().join(', ') || 'empty object'})`;
};

/** How a PUT's headers differed from the spec's, in words, for the two sentences of a comparison. */
export interface OtherHeaders {
  /** `X-Client-Id in upper case`, `the tenant's headers named in lower case`. */
  readonly sent: string;
  /** `the tenant's own spelling`, `them named as the spec spells them`. */
  readonly usual: string;
  /** Why the first was the tenant's PUT: `header names are case-insensitive in HTTP`. */
  readonly why: string;
  /** `under either spelling`, `whatever its headers' names`. */
  readonly either: string;
}

/**
 * A valid PUT refused cleanly under headers the deployment must take as the tenant's usual ones: the
 * same PUT under the usual headers (`own`) tells a reading from a fault. Applied there, the first was
 * the tenant's PUT too and had to apply (UPDATE-APPLIES: a handler that reads a header as sent, an
 * owner or a content type read as absent); refused there too, the deployment refuses the change itself
 * (PUT's rules are not shown) and the check's premise is not met.
 */
export const judgeUpdateUnderOtherHeaders = (headers: OtherHeaders, own: UpdateOutcome): Judgement =>
  own === 'applied'
    ? judgementOf([
        violationOf(
          'UPDATE-APPLIES',
          `a PUT with ${headers.sent} was refused, and the same PUT with ${headers.usual} applied: ${headers.why}`,
        ),
      ])
    : notEstablished(
        'premise-not-met',
        `the deployment refused the update this check needs (an amount changed), ${headers.either} (${own})`,
      );

/** The comparison for another spelling of the tenant's X-Client-Id, one the deployment takes as the tenant. */
export const judgeUpdateUnderSpelling = (spelling: string, own: UpdateOutcome): Judgement =>
  judgeUpdateUnderOtherHeaders(
    {
      sent: `X-Client-Id ${spelling}`,
      usual: "the tenant's own spelling",
      why: "the spelling names the tenant (its GET is served as the tenant's)",
      either: 'under either spelling',
    },
    own,
  );
