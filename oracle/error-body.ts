/**
 * Part 7: "Every non-2xx response has a structured JSON body", of the 7.1 shape (integer `status`
 * equal to the HTTP status, `errorCode` ERR-nnnn, string `title`); the 429's shape is not shown
 * (GAP-429-BODY), so it must only be a JSON object, whose errorCode, if it has one, is none of 7.3's. The response's Content-Type is not stated: a body
 * that parses is JSON whatever the header says. And a simple error of a given code: the status 7.3
 * gives that code, and the code itself.
 */
import { ERROR_CODES, type ErrorCode, type RuleId } from '../spec/index.ts';
import { type HttpAnswer, isPlainObject, isSuccess, summarise } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { explainMismatch, type SimpleErrorBody, simpleErrorBodySchema } from './response-schemas.ts';
import { type Violation, violationOf } from './violation.ts';

const MAX_SHOWN = 80;

/** The first bytes of a body, for a message about what came back instead of JSON. */
export const bodyPreview = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return 'an empty body';
  return `"${flat.length > MAX_SHOWN ? `${flat.slice(0, MAX_SHOWN)}…` : flat}"`;
};

const describeNonJson = (answer: HttpAnswer): string =>
  `HTTP ${answer.status} (${answer.headers['content-type'] ?? 'no Content-Type'}) with ${bodyPreview(answer.text)}, not a JSON body`;

/** The part 7 body of a non-2xx answer, or undefined when it is not one. */
export const readErrorBody = (answer: HttpAnswer): SimpleErrorBody | undefined => {
  const parsed = simpleErrorBodySchema.safeParse(answer.json);
  return parsed.success && parsed.data.status === answer.status ? parsed.data : undefined;
};

/**
 * A 429's errorCode, whatever its shape, claims none of 7.3's conditions: clients branch on errorCode
 * (part 7), and one of those codes sends them down the branch of a fault that did not happen (ERR-5001,
 * "should not retry", for a throttled request that should).
 */
const statedCodeOn429 = (errorCode: unknown): Violation[] => {
  const fact = typeof errorCode === 'string' ? ERROR_CODES[errorCode as ErrorCode] : undefined;
  return fact === undefined
    ? []
    : [
        violationOf(
          'ERROR-BODY-SHAPE',
          `HTTP 429 with errorCode ${fact.code}, the code 7.3 gives to "${fact.condition}" (HTTP ${fact.httpStatus}): a throttled request is none of those`,
        ),
      ];
};

/** ERROR-BODY-SHAPE violations of an answer; none for a 2xx. */
export const errorBodyViolations = (answer: HttpAnswer): Violation[] => {
  if (isSuccess(answer.status)) return [];
  if (answer.json === undefined) return [violationOf('ERROR-BODY-SHAPE', describeNonJson(answer))];
  if (answer.status === 429) {
    if (!isPlainObject(answer.json))
      return [violationOf('ERROR-BODY-SHAPE', `HTTP 429 whose body is JSON but not an object`)];
    return statedCodeOn429(answer.json.errorCode);
  }
  const parsed = simpleErrorBodySchema.safeParse(answer.json);
  if (!parsed.success) {
    return [
      violationOf(
        'ERROR-BODY-SHAPE',
        `HTTP ${answer.status} body lacks the part 7 fields: ${explainMismatch(parsed.error)}`,
      ),
    ];
  }
  if (parsed.data.status !== answer.status) {
    return [
      violationOf(
        'ERROR-BODY-SHAPE',
        `HTTP ${answer.status} body says status ${parsed.data.status}: it must equal the HTTP status`,
      ),
    ];
  }
  return [];
};

/** An answer held to part 7's error body (ERROR-BODY-SHAPE); a 2xx holds. */
export const judgeErrorBody = (answer: HttpAnswer): Judgement => judgementOf(errorBodyViolations(answer));

/** A simple error of a code (7.3): its status and its code, credited to `rule`; the body's shape to ERROR-BODY-SHAPE. */
export const errorViolations = (answer: HttpAnswer, code: ErrorCode, rule: RuleId): Violation[] => {
  const status = ERROR_CODES[code].httpStatus;
  const violations: Violation[] = [];
  if (answer.status !== status) {
    violations.push(violationOf(rule, `expected HTTP ${status} ${code}, got ${summarise(answer)}`));
  }
  const shape = errorBodyViolations(answer);
  for (const violation of shape) violations.push(violation);
  const body = isPlainObject(answer.json) ? answer.json : undefined;
  if (answer.status === status && shape.length === 0 && body?.errorCode !== code) {
    violations.push(violationOf(rule, `expected errorCode ${code}, got ${String(body?.errorCode)}`));
  }
  return violations;
};
