/**
 * Field paths as the expected verdicts name them: dot notation for properties, brackets for array
 * indexes (`payload.channel`, `multiCurrencyAmounts[2].amount`). The spec says only that
 * errors[].field is "the name of the offending field" (GAP-FIELD-PATH), so `fieldPathSegments` also
 * reads the other usual notations (`multiCurrencyAmounts.2.amount`, JSON Pointer
 * `/multiCurrencyAmounts/2/amount`, a leading `$.`) for a suite that compares paths tolerantly.
 */
export type FieldPathSegment = string | number;

const INDEX = /^\d+$/;

/** The segments of a field path in any of the usual notations; numeric segments become numbers. */
export const fieldPathSegments = (path: string): FieldPathSegment[] => {
  const text = path.startsWith('/')
    ? path.slice(1).split('/').join('.')
    : path.replace(/^\$\.?/, '').replace(/\[(\d+)\]/g, '.$1');
  return text
    .split('.')
    .filter((segment) => segment !== '')
    .map((segment) => (INDEX.test(segment) ? Number(segment) : segment));
};

/** The path in the generators' own notation: `a.b[2].c`. */
export const formatFieldPath = (segments: readonly FieldPathSegment[]): string =>
  segments.reduce<string>(
    (path, segment) =>
      typeof segment === 'number' ? `${path}[${segment}]` : path === '' ? segment : `${path}.${segment}`,
    '',
  );

/** Whether one path is the other or lies inside it (`payload` and `payload.channel`). */
export const fieldPathsOverlap = (a: string, b: string): boolean => {
  const sa = fieldPathSegments(a);
  const sb = fieldPathSegments(b);
  const shorter = sa.length <= sb.length ? sa : sb;
  const longer = shorter === sa ? sb : sa;
  return shorter.every((segment, i) => longer[i] === segment);
};

type Container = Record<string | number, unknown>;

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** The container that holds the last segment of a path, or undefined when the path runs through a non-object. */
const parentOf = (root: unknown, segments: readonly FieldPathSegment[]): Container | undefined => {
  let node: unknown = root;
  for (const segment of segments.slice(0, -1)) {
    if (!isContainer(node)) return undefined;
    node = node[segment];
  }
  return isContainer(node) ? node : undefined;
};

/** Sets the value at a path in place; a path through a non-object is left alone. */
export const setAtPath = (root: unknown, path: string, value: unknown): void => {
  const segments = fieldPathSegments(path);
  const last = segments[segments.length - 1];
  const parent = parentOf(root, segments);
  if (parent === undefined || last === undefined) return;
  // Own data property even for names such as `constructor` (never `__proto__`: the generators do not use it).
  Object.defineProperty(parent, last, { value, writable: true, enumerable: true, configurable: true });
};

/** Deletes the property at a path in place; a missing property or a path through a non-object is left alone. */
export const deleteAtPath = (root: unknown, path: string): void => {
  const segments = fieldPathSegments(path);
  const last = segments[segments.length - 1];
  const parent = parentOf(root, segments);
  if (parent === undefined || last === undefined || Array.isArray(parent)) return;
  delete parent[last];
};
