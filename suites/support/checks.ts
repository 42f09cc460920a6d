/**
 * The suites' checks: the oracle's judgements (oracle/) applied to a response, with what to do about
 * the violations left to an `Enforce`. A hand-written test records each violation on the test (an
 * annotation the certificate and the self-check read) and fails at once with the exchange; a
 * property throws a PropertyViolation that fast-check can shrink, and only the shrunk failure is
 * recorded (property-runner.ts). One set of checks, two ways to act: nothing is judged twice.
 */

import {
  type ClaimOptions,
  type ExpectedFailure,
  errorViolations,
  type GapAnswerOptions,
  judgeCreation,
  judgeGapAnswer,
  judgeListedItem,
  judgeListingText,
  judgeRetrieval,
  judgeUpdate,
  judgeValidationFailure,
  type RetrievalJudgement,
  type RetrievalOptions,
  type UpdateOutcome,
  type ValidationContext,
  type ValidationJudgement,
  type Violation,
} from '../../oracle/index.ts';
import type { ErrorCode, RuleId } from '../../spec/index.ts';
import type { ServiceResponse } from './service-client.ts';

/** A check of the oracle failed: the violations it found, and a message with the exchange. */
export class RuleViolation extends Error {
  override readonly name: string = 'RuleViolation';
  readonly violations: readonly Violation[];
  constructor(message: string, violations: readonly Violation[]) {
    super(message);
    this.violations = violations;
  }
}

/**
 * What to do with the violations of one response (none: nothing), and the rules whose part of it the
 * judgement reached besides those it found broken (held): what a check that fails here still judged.
 */
export type Enforce = (
  violations: readonly Violation[],
  response: ServiceResponse | undefined,
  judged?: readonly RuleId[],
) => void;

export interface Checks {
  /** 201 with a UUID; returns the uuid. */
  created(response: ServiceResponse): string;
  /** A simple error of a code, credited to the rule the test checks. */
  error(response: ServiceResponse, code: ErrorCode, rule: RuleId): void;
  /** 400 with exactly these failures in errors[] (7.2). */
  validationFailure(
    response: ServiceResponse,
    expected: readonly ExpectedFailure[],
    context?: ValidationContext,
  ): ValidationJudgement;
  /** 200 with the event, every field sent the same; violations credited to `rule`. */
  sameEvent(
    response: ServiceResponse,
    sent: object,
    rule?: RuleId,
    options?: RetrievalOptions,
  ): RetrievalJudgement;
  /** A PUT of a valid body: applied or refused cleanly. */
  update(response: ServiceResponse, rule?: RuleId, claims?: ClaimOptions): UpdateOutcome;
  /**
   * An answer where the spec is silent: any reading, but a non-2xx has the part 7 body, and with
   * `claimsChecked` a refusal claims no stated rule the request does not break.
   */
  gapAnswer(response: ServiceResponse, options?: GapAnswerOptions): void;
  /** An item a listing shows at `where`, read back by the caller: its own (ISOLATION-LISTING). */
  listedItem(where: string, uuid: string, readBackAsCaller: ServiceResponse): void;
  /** A listing page, whatever its shape: it names none of the other tenant's events the check knows. */
  listingText(where: string, response: ServiceResponse, othersEvents: readonly string[]): void;
  /** The violations a named judgement of the oracle found, shown with the answer they are about. */
  verdict(violations: readonly Violation[], response?: ServiceResponse): void;
}

export const makeChecks = (enforce: Enforce): Checks => ({
  created(response) {
    const judgement = judgeCreation(response);
    enforce(judgement.violations, response);
    return judgement.uuid as string;
  },
  error(response, code, rule) {
    enforce(errorViolations(response, code, rule), response);
  },
  validationFailure(response, expected, context) {
    const judgement = judgeValidationFailure(response, expected, context);
    enforce(judgement.violations, response, judgement.judged);
    return judgement;
  },
  sameEvent(response, sent, rule, options) {
    const judgement = judgeRetrieval(response, sent as Record<string, unknown>, rule, options);
    enforce(judgement.violations, response);
    return judgement;
  },
  update(response, rule, claims) {
    const judgement = judgeUpdate(response, rule, claims);
    enforce(judgement.violations, response);
    return judgement.outcome;
  },
  gapAnswer(response, options) {
    enforce(judgeGapAnswer(response, options), response);
  },
  listedItem(where, uuid, readBackAsCaller) {
    enforce(judgeListedItem(where, uuid, readBackAsCaller), readBackAsCaller);
  },
  listingText(where, response, othersEvents) {
    enforce(judgeListingText(where, response, othersEvents), response);
  },
  verdict(violations, response) {
    enforce(violations, response);
  },
});
