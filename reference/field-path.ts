/**
 * The `field` of an errors[] item. The spec says only "name of the offending field" (GAP-FIELD-PATH);
 * the server keeps a path as segments and writes it in the notation its behaviour chose.
 */
import type { FieldPathNotation } from './behaviour.ts';

export type PathSegment = string | number;
export type FieldPath = readonly PathSegment[];

const dot = (path: FieldPath): string =>
  path.reduce<string>(
    (text, segment) =>
      typeof segment === 'number' ? `${text}[${segment}]` : text === '' ? segment : `${text}.${segment}`,
    '',
  );

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

export const formatFieldPath = (path: FieldPath, notation: FieldPathNotation): string => {
  switch (notation) {
    case 'dot':
      return dot(path);
    case 'pointer':
      return pointer(path);
    case 'leaf':
      return leaf(path);
  }
};
