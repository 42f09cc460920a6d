/**
 * errors[].field is "the name of the offending field"; its notation is not shown (GAP-FIELD-PATH).
 * These helpers read every notation a deployment's stack is likely to produce: `payload.channel`
 * (Spring, Joi, zod), `/payload/channel` and `#/payload/channel` (JSON pointer, ajv), `$.payload.channel`
 * (JSONPath, System.Text.Json), `Payload.Channel` (PascalCase properties), `body.payload.channel` or
 * `FinancialEvent.payload.channel` (a root segment first: FastAPI, go-playground/validator),
 * `body -> payload -> channel`, `multiCurrencyAmounts[1].amount`, `multiCurrencyAmounts.1.amount`,
 * `payload['channel']`, and a bare leaf name (`channel`).
 */
import { EVENT_FIELDS, MULTI_CURRENCY_AMOUNT_FIELDS, PAYLOAD_FIELDS } from '../spec/index.ts';

/** A path as its segments: `multiCurrencyAmounts[1].amount` → ['multiCurrencyAmounts', '1', 'amount']. */
export const fieldSegments = (path: string): string[] =>
  path
    .trim()
    .replace(/^#/, '')
    .replace(/^\$/, '')
    .replace(/\[\s*\*?\s*\]/g, '')
    .replace(/\[\s*(\d+)\s*\]/g, '.$1')
    .replace(/\[\s*['"]?([^\]'"]+)['"]?\s*\]/g, '.$1')
    .split(/\s*->\s*|[./]/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');

const isIndex = (segment: string): boolean => /^\d+$/.test(segment);

/** Names a field of the event can have at some depth: a root segment is none of these. */
const FIELD_NAMES: ReadonlySet<string> = new Set(
  [...EVENT_FIELDS, ...PAYLOAD_FIELDS, ...MULTI_CURRENCY_AMOUNT_FIELDS].map((name) => name.toLowerCase()),
);

const isRootSegment = (segment: string): boolean => !isIndex(segment) && !FIELD_NAMES.has(segment);

const lower = (segments: readonly string[]): string[] => segments.map((s) => s.toLowerCase());

const endsWith = (path: readonly string[], tail: readonly string[]): boolean =>
  tail.length > 0 &&
  tail.length <= path.length &&
  path.slice(path.length - tail.length).every((segment, index) => segment === tail[index]);

/**
 * Whether a reported field can name the expected one, letter case aside:
 * - the same segments, or a trailing part of them (a leaf notation: `channel` for `payload.channel`);
 *   an array item has no name of its own, so the name of its array names it too
 *   (`multiCurrencyAmounts` for an item `multiCurrencyAmounts[0]` that is not an object);
 * - or the same segments after a root that names no field (`body.payload.channel`, `$.amount`).
 */
export const fieldNames = (reported: string, expected: string): boolean => {
  const got = lower(fieldSegments(reported));
  const want = lower(fieldSegments(expected));
  const named = [...want];
  while (named.length > 1 && isIndex(named.at(-1) as string)) named.pop();
  // An item's field named without the item's index: the name of the field, not of its instance.
  const unindexed = want.filter((segment) => !isIndex(segment));
  if (endsWith(want, got) || endsWith(named, got) || endsWith(unindexed, got)) return true;
  for (const target of [want, named, unindexed]) {
    if (got.length > target.length && endsWith(got, target)) {
      if (got.slice(0, got.length - target.length).every(isRootSegment)) return true;
    }
  }
  return false;
};

/** The notation a deployment uses, for the GAP-FIELD-PATH observation. */
export const fieldNotation = (reported: string): string => {
  const text = reported.trim();
  if (text.startsWith('#/') || text.startsWith('/')) return 'JSON pointer (/payload/channel)';
  if (text.startsWith('$')) return 'JSONPath ($.payload.channel)';
  if (text.includes('->')) return 'arrows (payload -> channel)';
  const segments = fieldSegments(text);
  if (segments.length > 1 && isRootSegment((segments[0] as string).toLowerCase()))
    return 'dot after a root name (body.payload.channel)';
  if (/^[A-Z]/.test(text)) return 'PascalCase (Payload.Channel)';
  if (/\[\d+\]/.test(text)) return 'dot with [index] (multiCurrencyAmounts[1].amount)';
  if (/\.\d+(\.|$)/.test(text)) return 'dot with .index (multiCurrencyAmounts.1.amount)';
  if (text.includes('.')) return 'dot (payload.channel)';
  return 'leaf or top-level name';
};

/**
 * Whether a reported field names the expected one or a field inside it (`multiCurrencyAmounts[0]`
 * holds `multiCurrencyAmounts[0].amount`, in any notation, the leaf one included).
 */
export const fieldLiesWithin = (reported: string, expected: string): boolean => {
  if (fieldNames(reported, expected)) return true;
  const got = lower(fieldSegments(reported));
  const want = lower(fieldSegments(expected));
  for (let start = 0; start + want.length < got.length; start += 1) {
    if (got.slice(0, start).every(isRootSegment) && want.every((segment, i) => got[start + i] === segment))
      return true;
  }
  // A leaf notation names a field inside only by its own name.
  return [...FIELD_NAMES].some((name) => fieldNames(reported, `${expected}.${name}`));
};
