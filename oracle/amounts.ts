/**
 * Amounts are decimals (part 2: "number (decimal)"). The one comparison the kit makes of them: the
 * value a deployment returns against the value sent, as numbers, so that 12.5, 12.50 and 1.25e1 are
 * the same amount. GET's body is not shown, so an amount returned as a decimal string ("12.50") is a
 * reading, accepted and recorded; a different value is never the same amount.
 */
import { isPlainObject } from './http-answer.ts';

export type AmountComparison = 'same-number' | 'same-as-string' | 'different';

const DECIMAL_TEXT = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** How a returned amount compares with the one sent (a number, or the exact JSON text the kit wrote). */
export const compareAmount = (got: unknown, sent: unknown): AmountComparison => {
  const wanted = typeof sent === 'number' ? sent : Number(sent);
  if (typeof got === 'number') return got === wanted ? 'same-number' : 'different';
  if (typeof got === 'string' && DECIMAL_TEXT.test(got))
    return Number(got) === wanted ? 'same-as-string' : 'different';
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
