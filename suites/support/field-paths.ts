/**
 * errors[].field is "the name of the offending field"; its notation for nested fields is not shown
 * (GAP-FIELD-PATH). These helpers read any notation a deployment may choose: `payload.channel`,
 * `/payload/channel`, `payload/channel`, `channel`, `multiCurrencyAmounts[1].amount`,
 * `multiCurrencyAmounts.1.amount`, `$.payload.channel`, …
 */

/** A path as its segments: `multiCurrencyAmounts[1].amount` → ['multiCurrencyAmounts', '1', 'amount']. */
export const fieldSegments = (path: string): string[] =>
  path
    .trim()
    .replace(/^\$\.?/, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')
    .split(/[./]/)
    .filter((segment) => segment !== '');

const isIndex = (segment: string): boolean => /^\d+$/.test(segment);

/**
 * Whether a reported field can name the expected one: the same segments, or a trailing part of them
 * (a leaf notation such as `channel` for `payload.channel`). An array item has no name of its own, so
 * the name of its array names it too: a leaf notation reports `multiCurrencyAmounts` for an item
 * `multiCurrencyAmounts[0]` that is not an object.
 */
export const fieldNames = (reported: string, expected: string): boolean => {
  const got = fieldSegments(reported);
  const want = fieldSegments(expected);
  const named = [...want];
  while (named.length > 1 && isIndex(named.at(-1) as string)) named.pop();
  const endsWith = (path: readonly string[]): boolean =>
    got.length > 0 &&
    got.length <= path.length &&
    path.slice(path.length - got.length).every((segment, index) => segment === got[index]);
  return endsWith(want) || endsWith(named);
};

/** The notation a deployment uses, for the GAP-FIELD-PATH observation. */
export const fieldNotation = (reported: string): string => {
  if (reported.startsWith('/')) return 'JSON pointer (/payload/channel)';
  if (reported.startsWith('$')) return 'JSONPath ($.payload.channel)';
  if (/\[\d+\]/.test(reported)) return 'dot with [index] (multiCurrencyAmounts[1].amount)';
  if (reported.includes('.')) return 'dot (payload.channel)';
  return 'leaf or top-level name';
};
