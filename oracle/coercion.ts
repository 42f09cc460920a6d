/**
 * What a deployment may store for a value that was only a reading of a gap (GAP-WRONG-JSON-TYPE,
 * GAP-REQUIRED-FIELDS): a scalar coerced to the field's type spells the same value (42 as "42", "12.50"
 * as 12.5, true as "true" or, for an amount, 1), and a null or empty value may come back absent or
 * null. A null, or a value not sent, at `multiCurrencyAmounts` or `payload` (`field`) may also come
 * back as `[]` or `{}`: a typed entity's list and nested object are never null (JPA, Entity
 * Framework). Anything else is a change of what was sent.
 */
import { compareAmount } from './amounts.ts';

/** The empty value a typed entity shows for each of its containers, written as JSON. */
const EMPTY_CONTAINERS: Readonly<Record<string, string>> = { multiCurrencyAmounts: '[]', payload: '{}' };

export const keepsReadValue = (got: unknown, sent: unknown, field?: string): boolean => {
  if (got === undefined || got === null) return sent === null || sent === '' || sent === undefined;
  // A typed entity may show an object of its own fields, each null: empty, as `{}` is.
  const allNull =
    typeof got === 'object' && !Array.isArray(got) && Object.values(got).every((value) => value === null);
  const emptyContainer =
    field !== undefined &&
    (JSON.stringify(got) === EMPTY_CONTAINERS[field] || (field === 'payload' && allNull));
  if (emptyContainer && (sent === null || sent === undefined)) return true;
  if (got === sent) return true;
  if (typeof sent === 'number' || typeof sent === 'boolean') {
    if (typeof got === 'string') return got === String(sent);
    if (typeof got === 'number' && typeof sent === 'boolean') return got === Number(sent);
    return false;
  }
  if (typeof sent === 'string') return compareAmount(got, sent) !== 'different';
  return false;
};
