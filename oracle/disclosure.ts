/**
 * Another tenant's event is as if it did not exist (part 1): an answer about it reveals nothing of it,
 * and looks exactly like the answer about a uuid nobody holds.
 */
import { type RuleId, UUID_SOURCE } from '../spec/index.ts';
import { type HttpAnswer, isPlainObject } from './http-answer.ts';
import { type Violation, violationOf } from './violation.ts';

const UUID = new RegExp(UUID_SOURCE, 'gi');

/** The answer names none of `secrets` (the other tenant's externalId, say). */
export const revealedSecretViolations = (
  rule: RuleId,
  answer: HttpAnswer,
  secrets: readonly string[],
  message: string,
): Violation[] =>
  secrets.some((secret) => answer.text.includes(secret)) ? [violationOf(rule, message)] : [];

/**
 * What an answer shows of itself: status, code, title and the names of its body's fields, the uuid
 * asked for left out (a title may name it). A title of its own for another tenant's event tells
 * that the event exists.
 */
export const lookupShapeOf = (answer: HttpAnswer): string => {
  const body = isPlainObject(answer.json) ? answer.json : {};
  const title = String(body.title).replace(UUID, '{uuid}');
  return `${answer.status} ${String(body.errorCode)} "${title}" {${Object.keys(body).sort().join(', ')}}`;
};

/** The answer about another tenant's uuid is the answer about an unknown one, shape for shape. */
export const distinguishableViolations = (
  rule: RuleId,
  foreign: HttpAnswer,
  unknown: HttpAnswer,
): Violation[] => {
  const [ofForeign, ofUnknown] = [lookupShapeOf(foreign), lookupShapeOf(unknown)];
  return ofForeign === ofUnknown
    ? []
    : [
        violationOf(
          rule,
          `must be indistinguishable from an unknown uuid: ${ofForeign} against ${ofUnknown}`,
        ),
      ];
};
