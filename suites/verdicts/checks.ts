/**
 * The suites' checks: the oracle's judgements (oracle/) handed over with the answer they are about,
 * and what to do about them left to an `Enforce`. A hand-written test settles each in one place
 * (verdicts.ts): a failure recorded on the test and thrown with the exchange, a claim not established
 * marked so, or a pass; a property throws a PropertyViolation that fast-check can shrink, and only the
 * shrunk failure is recorded (property-runner.ts). One set of checks, two ways to act: nothing is
 * judged twice. The judgements name their own rules: a check picks the claim, never the rule.
 */

import {
  type AnswerJudge,
  type ExpectedFailure,
  type GapAnswerOptions,
  type Judgement,
  judgeCreation,
  judgeGapAnswer,
  judgeRetrieval,
  judgeUpdate,
  judgeValidationFailure,
  payloadFieldsLeftOut,
  type RetrievalEvidence,
  type RetrievalJudge,
  type RetrievalOptions,
  refusedBeforeValidation,
  type UpdateJudge,
  type UpdateOutcome,
  type ValidationContext,
  type ValidationEvidence,
  type Violation,
} from '../../oracle/index.ts';
import type { ServiceResponse } from '../transport/service-client.ts';

/** A check of the oracle failed: the violations it found, and a message with the exchange. */
export class RuleViolation extends Error {
  override readonly name: string = 'RuleViolation';
  readonly violations: readonly Violation[];
  constructor(message: string, violations: readonly Violation[]) {
    super(message);
    this.violations = violations;
  }
}

/** What to do with one judgement, shown with the answer it is about (none: a judgement of no answer). */
export type Enforce = (judgement: Judgement<unknown>, response: ServiceResponse | undefined) => void;

export interface Checks {
  /**
   * The one way a check hands over a judgement of the oracle, with the answer it is about; returns
   * what the judgement shows (its evidence) when the claim holds.
   */
  verdict<E>(judgement: Judgement<E>, response?: ServiceResponse): E;
  /** 201 with a UUID; returns the uuid. */
  created(response: ServiceResponse): string;
  /** A refusal the spec states, named for its claim (oracle/stated-refusals.ts). */
  error(response: ServiceResponse, refusal: AnswerJudge): void;
  /** 400 with exactly these failures in errors[] (7.2). */
  validationFailure(
    response: ServiceResponse,
    expected: readonly ExpectedFailure[],
    context?: ValidationContext,
  ): ValidationEvidence;
  /** 200 with the event, every field sent the same; judged for the claim `judge` names (by default RETRIEVE-RETURNS-EVENT). */
  sameEvent(
    response: ServiceResponse,
    sent: object,
    judge?: RetrievalJudge,
    options?: RetrievalOptions,
  ): RetrievalEvidence;
  /** A PUT of a valid body: applied or refused cleanly, for the claim `judge` names (by default UPDATE-APPLIES). */
  update(response: ServiceResponse, judge?: UpdateJudge): UpdateOutcome;
  /**
   * An answer where the spec is silent: any reading, but a non-2xx has the part 7 body, and with
   * `claimsChecked` a refusal claims no stated rule the request does not break.
   */
  gapAnswer(response: ServiceResponse, options?: GapAnswerOptions): void;
  /**
   * A PUT whose body breaks a rule: refused before its body is read (a status move or a final event
   * the deployment does not allow, a gap answer), or refused for its body with exactly these failures.
   */
  refusedUpdate(
    response: ServiceResponse,
    expected: readonly ExpectedFailure[],
    context?: ValidationContext,
  ): void;
}

/** The context of a validation verdict, with the payload fields the request it answers left out. */
export const withSentPayload = (
  response: ServiceResponse,
  context: ValidationContext = {},
): ValidationContext => ({
  ...context,
  payloadFieldsLeftOut: payloadFieldsLeftOut(response.exchange.request.body),
});

export const makeChecks = (enforce: Enforce): Checks => {
  const verdict = <E>(judgement: Judgement<E>, response?: ServiceResponse): E => {
    enforce(judgement, response);
    return judgement.evidence as E;
  };
  return {
    verdict,
    created: (response) => verdict(judgeCreation(response), response),
    error: (response, refusal) => verdict(refusal(response), response),
    validationFailure: (response, expected, context) =>
      verdict(judgeValidationFailure(response, expected, withSentPayload(response, context)), response),
    sameEvent: (response, sent, judge = judgeRetrieval, options = {}) =>
      verdict(judge(response, sent as Record<string, unknown>, options), response),
    update: (response, judge = judgeUpdate) => verdict(judge(response), response),
    gapAnswer: (response, options) => verdict(judgeGapAnswer(response, options), response),
    refusedUpdate: (response, expected, context) => {
      if (refusedBeforeValidation(response)) verdict(judgeGapAnswer(response), response);
      else verdict(judgeValidationFailure(response, expected, withSentPayload(response, context)), response);
    },
  };
};
