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

/**
 * Whether a reported field can name the expected one: the same segments, or a trailing part of them
 * (a leaf notation such as `channel` for `payload.channel`).
 */
export const fieldNames = (reported: string, expected: string): boolean => {
  const got = fieldSegments(reported);
  const want = fieldSegments(expected);
  if (got.length === 0 || got.length > want.length) return false;
  const tail = want.slice(want.length - got.length);
  return tail.every((segment, index) => segment === got[index]);
};

/** The notation a deployment uses, for the GAP-FIELD-PATH observation. */
export const fieldNotation = (reported: string): string => {
  if (reported.startsWith('/')) return 'JSON pointer (/payload/channel)';
  if (reported.startsWith('$')) return 'JSONPath ($.payload.channel)';
  if (/\[\d+\]/.test(reported)) return 'dot with [index] (multiCurrencyAmounts[1].amount)';
  if (reported.includes('.')) return 'dot (payload.channel)';
  return 'leaf or top-level name';
};
