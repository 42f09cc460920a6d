/**
 * What a deployment may store for a value that was only a reading of a gap (GAP-WRONG-JSON-TYPE,
 * GAP-REQUIRED-FIELDS): a scalar coerced to the field's type spells the same value (42 as "42", "12.50"
 * as 12.5, true as "true" or, for an amount, 1), and a null or empty value may come back absent or
 * null. Anything else is a change of what was sent.
 */
import { compareAmount } from './amounts.ts';

export const keepsReadValue = (got: unknown, sent: unknown): boolean => {
  if (got === undefined || got === null) return sent === null || sent === '' || sent === undefined;
  if (got === sent) return true;
  if (typeof sent === 'number' || typeof sent === 'boolean') {
    if (typeof got === 'string') return got === String(sent);
    if (typeof got === 'number' && typeof sent === 'boolean') return got === Number(sent);
    return false;
  }
  if (typeof sent === 'string') return compareAmount(got, sent) !== 'different';
  return false;
};
