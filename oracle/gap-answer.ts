/**
 * Where the spec is silent on what a request gets (an unknown top-level field, an unusual
 * originalStatus, a 1000-character externalId, another route), every answer is a reading: accepted,
 * refused or even failed. What the spec does say still holds: every non-2xx answer has the part 7
 * body (ERROR-BODY-SHAPE), and a refusal claims no stated rule the request does not break.
 *
 * A 5xx is a reading only where the spec does not answer the request at all (a body over a limit it
 * does not show, another route). Where it does, whichever reading applies (an event with a coercible
 * scalar is created or refused, a document edge is read or refused as malformed), a 5xx replaced that
 * answer and breaks the rule of that answer (`specAnswers`).
 */
import type { RuleId } from '../spec/index.ts';
import { errorBodyViolations } from './error-body.ts';
import { type HttpAnswer, isServerError, isSuccess, summarise } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { type ClaimOptions, falseClaimViolations } from './refusal-claims.ts';
import { violationOf } from './violation.ts';

/**
 * Where the spec does answer a request a gap surrounds, what it answers; a 5xx in place of that answer
 * breaks the rule that gives it.
 */
const ANSWER_OF_THE_SPEC = {
  /** A JSON document at an edge of the format: read, or refused as malformed (REQUEST-MALFORMED-400). */
  'read-or-malformed': 'REQUEST-MALFORMED-400',
  /** An event missing fields: created, or refused with every failure (VAL-ALL-FAILURES). */
  'created-or-every-failure': 'VAL-ALL-FAILURES',
  /** An amount in a form a stack may coerce: created, or refused for the amount (VAL-AMOUNT-POSITIVE). */
  'amount-read-or-refused': 'VAL-AMOUNT-POSITIVE',
  /** An externalId in a form a stack may coerce: created, or refused for it (VAL-EXTERNAL-ID-REQUIRED). */
  'external-id-read-or-refused': 'VAL-EXTERNAL-ID-REQUIRED',
  /**
   * A valid event with values of a kind a deployment may limit (characters, lengths: GAP-FIELD-LIMITS):
   * created (CREATE-RETURNS-UUID), or refused under a limit of its own.
   */
  'valid-event-created-or-refused': 'CREATE-RETURNS-UUID',
} as const satisfies Record<string, RuleId>;

export type AnswerOfTheSpec = keyof typeof ANSWER_OF_THE_SPEC;

export interface GapAnswerOptions extends ClaimOptions {
  /** What the request is, when its refusal's claims are checked (`an event with an unusual originalStatus`). */
  readonly claimsChecked?: string;
  /** Where the spec answers the request (201 or a refusal), what it answers: a 5xx replaced it. */
  readonly specAnswers?: AnswerOfTheSpec;
}

export const judgeGapAnswer = (answer: HttpAnswer, options: GapAnswerOptions = {}): Judgement =>
  judgementOf([
    ...(options.specAnswers !== undefined && isServerError(answer.status)
      ? [
          violationOf(
            ANSWER_OF_THE_SPEC[options.specAnswers],
            `a server error (${summarise(answer)}) where the spec answers${options.claimsChecked ? ` ${options.claimsChecked}` : ' this request'}: created or refused, never a 5xx`,
          ),
        ]
      : []),
    ...errorBodyViolations(answer),
    ...(options.claimsChecked !== undefined && !isSuccess(answer.status)
      ? falseClaimViolations(answer, options.claimsChecked, options)
      : []),
  ]);
