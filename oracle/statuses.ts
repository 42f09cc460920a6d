/**
 * Where the spec narrows an answer to a few statuses (a valid event is created: 201; a malformed body
 * is a 400; a token with another client id is refused: 401 or 403; a throttle is a 429 and nothing
 * else is), any other status breaks the rule that says so. Each is a part of a judgement, not one: it
 * returns the violations a `Judgement` of another file is made of, under the rule and words it is given.
 */

import type { RuleId } from '../spec/index.ts';
import { readErrorBody } from './error-body.ts';
import type { HttpAnswer } from './http-answer.ts';
import { type Violation, violationOf } from './violation.ts';

export const THROTTLED_STATUS = 429;

/** The answer's status is one of `allowed`. */
export const statusOutsideViolations = (
  rule: RuleId,
  answer: HttpAnswer,
  allowed: readonly number[],
  message: string,
): Violation[] => (allowed.includes(answer.status) ? [] : [violationOf(rule, message)]);

/** The answer is an error: a 4xx or a 5xx. */
export const nonErrorStatusViolations = (rule: RuleId, answer: HttpAnswer, message: string): Violation[] =>
  answer.status >= 400 ? [] : [violationOf(rule, message)];

/** The answer is a refusal of the request itself: a 4xx. */
export const nonClientErrorStatusViolations = (
  rule: RuleId,
  answer: HttpAnswer,
  message: string,
): Violation[] => (answer.status >= 400 && answer.status < 500 ? [] : [violationOf(rule, message)]);

/** The request was not throttled: anything but a 429. */
export const throttledViolations = (rule: RuleId, answer: HttpAnswer, message: string): Violation[] =>
  answer.status === THROTTLED_STATUS ? [violationOf(rule, message)] : [];

/** Whatever the answer, it does not claim `errorCode` (a refusal for another reason may be a reading). */
export const claimedCodeViolations = (
  rule: RuleId,
  answer: HttpAnswer,
  errorCode: string,
  message: string,
): Violation[] => (readErrorBody(answer)?.errorCode === errorCode ? [violationOf(rule, message)] : []);
