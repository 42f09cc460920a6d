/**
 * Requests the service cannot read as an event: a body that is not JSON, a JSON document that is not
 * an object, an empty body, a path id that is not a UUID. 7.4 makes the first a 400
 * (REQUEST-MALFORMED-400); where the spec leaves a reading open (GAP-422-USE) the statuses it allows
 * come from `spec/`, and each judgement names its rule and says what broke it.
 */
import { ERROR_CODES, ruleById, UNPROCESSABLE_STATUS } from '../spec/index.ts';
import { readErrorBody } from './error-body.ts';
import type { ExpectedFailure } from './expected-failure.ts';
import type { HttpAnswer } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import {
  nonClientErrorStatusViolations,
  nonErrorStatusViolations,
  statusOutsideViolations,
} from './statuses.ts';

const MALFORMED = ruleById('REQUEST-MALFORMED-400').httpStatus as number;
const NOT_FOUND = ERROR_CODES['ERR-4002'].httpStatus;

/** How a message names an answer: its status and, when it has one, its code. */
const statusAndCode = (answer: HttpAnswer): string =>
  `${answer.status} ${readErrorBody(answer)?.errorCode ?? ''}`.trim();

/** REQUEST-MALFORMED-400: a POST body that is not JSON (`label` says which) gets 400. */
export const judgeMalformedBody = (answer: HttpAnswer, label: string): Judgement =>
  judgementOf(
    statusOutsideViolations(
      'REQUEST-MALFORMED-400',
      answer,
      [MALFORMED],
      `${label}: a malformed request is a 400 (7.4); got HTTP ${answer.status}`,
    ),
  );

/** REQUEST-MALFORMED-400: a PUT body that is not JSON gets 400 too. */
export const judgeMalformedUpdateBody = (answer: HttpAnswer, label: string): Judgement =>
  judgeMalformedBody(answer, `PUT with ${label}`);

/** REQUEST-MALFORMED-400: a JSON document `raw` that is not an object is malformed (400) or invalid (422). */
export const judgeNonObjectBody = (answer: HttpAnswer, raw: string): Judgement =>
  judgementOf(
    statusOutsideViolations(
      'REQUEST-MALFORMED-400',
      answer,
      [MALFORMED, UNPROCESSABLE_STATUS],
      `${raw}: an event must be a JSON object: malformed (400) or invalid (422); got HTTP ${answer.status}`,
    ),
  );

/** REQUEST-MALFORMED-400: an empty body is not JSON: 400, or 422 read as a missing body. */
export const judgeEmptyBody = (answer: HttpAnswer): Judgement =>
  judgementOf(
    statusOutsideViolations(
      'REQUEST-MALFORMED-400',
      answer,
      [MALFORMED, UNPROCESSABLE_STATUS],
      `an empty body is not JSON: 400 (or 422, a missing body); got ${statusAndCode(answer)}`,
    ),
  );

/**
 * A document refused before validation (a parser's limit, a depth): a clean 4xx, credited to the
 * first rule the document was built to break.
 */
export const judgeRefusedDocument = (answer: HttpAnswer, expected: readonly ExpectedFailure[]): Judgement =>
  judgementOf(
    nonClientErrorStatusViolations(
      expected[0]?.ruleId ?? 'VAL-PAYLOAD-UNKNOWN-PROPERTY',
      answer,
      `the body must be refused; got ${statusAndCode(answer)}`,
    ),
  );

/** ERROR-BODY-SHAPE: a request made to fail (`label` says how) gets an error status. */
export const judgeErrorAnswer = (answer: HttpAnswer, label: string): Judgement =>
  judgementOf(nonErrorStatusViolations('ERROR-BODY-SHAPE', answer, `${label}: expected an error status`));

/** RETRIEVE-UNKNOWN-404: a path id that is not a UUID names no event: 400, 404 or 422. */
export const judgeNonUuidPathId = (answer: HttpAnswer): Judgement =>
  judgementOf(
    statusOutsideViolations(
      'RETRIEVE-UNKNOWN-404',
      answer,
      [MALFORMED, NOT_FOUND, UNPROCESSABLE_STATUS],
      `a path id that is not a UUID names no event: expected 400, 404 or 422, got HTTP ${answer.status}`,
    ),
  );
