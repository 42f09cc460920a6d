/**
 * Where the spec is silent on what a request gets (an unknown top-level field, an unusual
 * originalStatus, a 1000-character externalId, another route), every answer is a reading: accepted,
 * refused or even failed. What the spec does say still holds: every non-2xx answer has the part 7
 * body (ERROR-BODY-SHAPE), and a refusal claims no stated rule the request does not break.
 */
import { errorBodyViolations } from './error-body.ts';
import { type HttpAnswer, isSuccess } from './http-answer.ts';
import { type ClaimOptions, falseClaimViolations } from './refusal-claims.ts';
import type { Violation } from './violation.ts';

export interface GapAnswerOptions extends ClaimOptions {
  /** What the request is, when its refusal's claims are checked (`an event with an unusual originalStatus`). */
  readonly claimsChecked?: string;
}

export const judgeGapAnswer = (answer: HttpAnswer, options: GapAnswerOptions = {}): Violation[] => [
  ...errorBodyViolations(answer),
  ...(options.claimsChecked !== undefined && !isSuccess(answer.status)
    ? falseClaimViolations(answer, options.claimsChecked, options)
    : []),
];
