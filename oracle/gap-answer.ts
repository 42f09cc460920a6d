/**
 * Where the spec is silent on what a request gets (an unknown top-level field, an unusual
 * originalStatus, a 1000-character externalId, another route), every answer is a reading: accepted,
 * refused or even failed. What the spec does say still holds: every non-2xx answer has the part 7
 * body (ERROR-BODY-SHAPE), and a refusal claims no stated rule the request does not break.
 *
 * A 5xx is a reading only where the spec does not answer the request at all (a body over a limit it
 * does not show, another route). Where it does, whichever reading applies (an event with a coercible
 * scalar is created or refused, a document edge is read or refused as malformed), a 5xx replaced that
 * answer and breaks `serverErrorBreaks`.
 */
import type { RuleId } from '../spec/index.ts';
import { errorBodyViolations } from './error-body.ts';
import { type HttpAnswer, isServerError, isSuccess, summarise } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { type ClaimOptions, falseClaimViolations } from './refusal-claims.ts';
import { violationOf } from './violation.ts';

export interface GapAnswerOptions extends ClaimOptions {
  /** What the request is, when its refusal's claims are checked (`an event with an unusual originalStatus`). */
  readonly claimsChecked?: string;
  /** The rule whose answer a 5xx replaces, where the spec answers the request (201 or a refusal). */
  readonly serverErrorBreaks?: RuleId;
}

export const judgeGapAnswer = (answer: HttpAnswer, options: GapAnswerOptions = {}): Judgement =>
  judgementOf([
    ...(options.serverErrorBreaks !== undefined && isServerError(answer.status)
      ? [
          violationOf(
            options.serverErrorBreaks,
            `a server error (${summarise(answer)}) where the spec answers${options.claimsChecked ? ` ${options.claimsChecked}` : ' this request'}: created or refused, never a 5xx`,
          ),
        ]
      : []),
    ...errorBodyViolations(answer),
    ...(options.claimsChecked !== undefined && !isSuccess(answer.status)
      ? falseClaimViolations(answer, options.claimsChecked, options)
      : []),
  ]);
