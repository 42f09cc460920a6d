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

/** A timestamp written into a text (ISO 8601, with or without its seconds and zone). */
const TIMESTAMP = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g;
/**
 * A word of letters, digits, `-` or `_` with a digit in it, four characters or more: a trace or support
 * reference (`Quote reference 6CDDAB56BEBF`), a request number, a correlation id.
 */
const REFERENCE = /(?<![\w-])(?=[\w-]*\d)[\w-]{4,}(?![\w-])/g;

/**
 * A text of the answer as it would read about any uuid: the uuid asked for (a text may name it) and
 * the values a deployment writes per request whatever the event (a timestamp, a trace or support
 * reference) left out. Two answers about the same unknown uuid differ in those; the words around them
 * are what could tell that an event exists.
 */
const asAboutAnyUuid = (text: unknown): string =>
  String(text).replace(UUID, '{uuid}').replace(TIMESTAMP, '{time}').replace(REFERENCE, '{ref}');

/**
 * What an answer shows of itself: status, code, title, its detail or message, and the names of its
 * body's fields, each text as it would read about any uuid. A title, or a detail, of its own for
 * another tenant's event tells that the event exists. Other values (a trace id, a timestamp) differ
 * between any two answers and are not compared.
 */
export const lookupShapeOf = (answer: HttpAnswer): string => {
  const body = isPlainObject(answer.json) ? answer.json : {};
  const texts = TEXT_FIELDS.filter((name) => typeof body[name] === 'string').map(
    (name) => ` ${name} "${asAboutAnyUuid(body[name])}"`,
  );
  return `${answer.status} ${String(body.errorCode)} "${asAboutAnyUuid(body.title)}"${texts.join('')} {${Object.keys(body).sort().join(', ')}}`;
};

/**
 * Headers an answer about a stored row carries (its validator, its date, its place): beside a refusal
 * about another tenant's uuid they tell that a row exists, where the answer about an unknown uuid has
 * none. Their values differ per row and are not compared; their presence is.
 */
const ROW_HEADERS = ['etag', 'last-modified', 'location', 'content-location'] as const;
const rowHeadersOf = (answer: HttpAnswer): string => {
  const present = ROW_HEADERS.filter((name) => answer.headers[name] !== undefined);
  return present.length === 0 ? '' : ` with headers ${present.join(', ')}`;
};

/** The answer about another tenant's uuid is the answer about an unknown one, shape for shape. */
export const distinguishableViolations = (
  rule: RuleId,
  foreign: HttpAnswer,
  unknown: HttpAnswer,
): Violation[] => {
  const shapeOf = (answer: HttpAnswer) => `${lookupShapeOf(answer)}${rowHeadersOf(answer)}`;
  const [ofForeign, ofUnknown] = [shapeOf(foreign), shapeOf(unknown)];
  return ofForeign === ofUnknown
    ? []
    : [
        violationOf(
          rule,
          `must be indistinguishable from an unknown uuid: ${ofForeign} against ${ofUnknown}`,
        ),
      ];
};
