/**
 * A value of the wrong shape where a container belongs (an item of multiCurrencyAmounts that is not an
 * object, a payload or a multiCurrencyAmounts of another JSON type) is one failure, which a deployment
 * may report once on the container or once per field the container should hold (GAP-WRONG-JSON-TYPE).
 * The fault kinds and the structural cells alike give its expected failure this reading.
 */
import type { ExpectedError } from '../verdict.ts';

/** The fields 2.1 says each multiCurrencyAmounts item has. */
const ITEM_FIELDS = ['currencyCode', 'amount'] as const;

/** What the misshapen value stands where: an item, an object (payload) or an array. */
export type ContainerKind = 'item' | 'object' | 'array';

/** The expected failure's reading of a wrong shape at `field`: per field inside it, or on it. */
export const wrongShapeReporting = (
  field: string,
  container: ContainerKind,
): Pick<ExpectedError, 'alternativeFields' | 'reportedWithin'> => ({
  reportedWithin: true,
  // An item reported per field may name only its fields, never the item itself.
  ...(container === 'item' ? { alternativeFields: ITEM_FIELDS.map((name) => `${field}.${name}`) } : {}),
});
