/**
 * The `field` of an errors[] item. The spec says only "name of the offending field" (GAP-FIELD-PATH);
 * the server keeps a path as segments and writes it in the notation its behaviour chose, each the one
 * a common stack writes: Spring's property paths (dot), ajv's instance paths (pointer), a bare name
 * (leaf), JSONPath, ASP.NET's model-state keys (pascal), FastAPI's `loc` (body-prefixed), and Go's
 * dotted indexes (dot-index).
 */
import type { FieldPathNotation } from './behaviour.ts';

export type PathSegment = string | number;
export type FieldPath = readonly PathSegment[];

/** `payload.channel`, `multiCurrencyAmounts[1].amount`. */
const dot = (path: FieldPath): string =>
  path.reduce<string>(
    (text, segment) =>
      typeof segment === 'number' ? `${text}[${segment}]` : text === '' ? segment : `${text}.${segment}`,
    '',
  );

/** `payload.channel`, `multiCurrencyAmounts.1.amount`. */
const dotIndex = (path: FieldPath): string => path.map(String).join('.');

/** RFC 6901: `~` is written `~0` and `/` is written `~1`. */
const pointer = (path: FieldPath): string =>
  path.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

const leaf = (path: FieldPath): string => {
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const segment = path[index];
    if (typeof segment === 'string') return segment;
  }
  return '';
};

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `$.payload.channel`, `$.multiCurrencyAmounts[1].amount`; other keys in brackets, quoted. */
const jsonPath = (path: FieldPath): string =>
  path.reduce<string>((text, segment) => {
    if (typeof segment === 'number') return `${text}[${segment}]`;
    if (IDENTIFIER.test(segment)) return `${text}.${segment}`;
    return `${text}['${segment.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']`;
  }, '$');

/** `Payload.Channel`, `MultiCurrencyAmounts[1].Amount`. */
const pascal = (path: FieldPath): string =>
  dot(
    path.map((segment) =>
      typeof segment === 'string' ? segment.charAt(0).toUpperCase() + segment.slice(1) : segment,
    ),
  );

export const formatFieldPath = (path: FieldPath, notation: FieldPathNotation): string => {
  switch (notation) {
    case 'dot':
      return dot(path);
    case 'pointer':
      return pointer(path);
    case 'leaf':
      return leaf(path);
    case 'jsonpath':
      return jsonPath(path);
    case 'pascal':
      return pascal(path);
    case 'body-prefixed':
      return dotIndex(['body', ...path]);
    case 'dot-index':
      return dotIndex(path);
  }
};
