/**
 * Amounts are decimals (part 2: "number (decimal)"). The one comparison the kit makes of them: the
 * value a deployment returns against the value sent, as numbers, so that 12.5, 12.50 and 1.25e1 are
 * the same amount. GET's body is not shown, so an amount returned as a decimal string ("12.50") is a
 * reading, accepted and recorded; a different value is never the same amount.
 */
import { isPlainObject } from './http-answer.ts';

export type AmountComparison = 'same-number' | 'same-as-string' | 'different';

const DECIMAL_TEXT = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/**
 * Amount precision is not shown: a deployment may keep a decimal of more digits than a double holds
 * (and return one a double rounds a last digit differently) or keep the double itself. Values within a
 * few units in the last place of a double are the same amount; a float32, or an amount rounded to
 * fewer decimals than were sent, is not.
 */
const SAME_AMOUNT_RELATIVE = 4 * Number.EPSILON;

const sameValue = (got: number, wanted: number): boolean =>
  got === wanted ||
  Math.abs(got - wanted) <= SAME_AMOUNT_RELATIVE * Math.max(Math.abs(got), Math.abs(wanted));

/** How a returned amount compares with the one sent (a number, or the exact JSON text the kit wrote). */
export const compareAmount = (got: unknown, sent: unknown): AmountComparison => {
  const wanted = typeof sent === 'number' ? sent : Number(sent);
  if (typeof got === 'number') return sameValue(got, wanted) ? 'same-number' : 'different';
  if (typeof got === 'string' && DECIMAL_TEXT.test(got))
    return sameValue(Number(got), wanted) ? 'same-as-string' : 'different';
  return 'different';
};

/** The key under which a value is an amount: `amount` of the event and of a multiCurrencyAmounts item. */
export const AMOUNT_KEY = 'amount';

/** Whether an object holds an amount given as a string anywhere (the reading GAP-GET-BODY records). */
export const hasStringAmount = (value: unknown): boolean => {
  if (Array.isArray(value)) return value.some(hasStringAmount);
  if (!isPlainObject(value)) return false;
  return Object.entries(value).some(([key, inner]) =>
    key === AMOUNT_KEY ? typeof inner === 'string' : hasStringAmount(inner),
  );
};
