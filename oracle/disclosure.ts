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

/** The human-readable texts beside the title that a deployment fills per case (ProblemDetails' detail). */
const TEXT_FIELDS = ['detail', 'message'] as const;

/** A text of the answer, the uuid asked for left out (a text may name it). */
const withoutUuid = (text: unknown): string => String(text).replace(UUID, '{uuid}');

/**
 * What an answer shows of itself: status, code, title, its detail or message, and the names of its
 * body's fields, the uuid asked for left out. A title, or a detail, of its own for another tenant's
 * event tells that the event exists. Other values (a trace id, a timestamp) differ between any two
 * answers and are not compared.
 */
export const lookupShapeOf = (answer: HttpAnswer): string => {
  const body = isPlainObject(answer.json) ? answer.json : {};
  const texts = TEXT_FIELDS.filter((name) => typeof body[name] === 'string').map(
    (name) => ` ${name} "${withoutUuid(body[name])}"`,
  );
  return `${answer.status} ${String(body.errorCode)} "${withoutUuid(body.title)}"${texts.join('')} {${Object.keys(body).sort().join(', ')}}`;
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
