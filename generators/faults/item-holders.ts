/**
 * What a deployment may name instead of a multiCurrencyAmounts item's currencyCode or amount
 * (GAP-FIELD-PATH): the item (a constraint on the item as a whole, FluentValidation's RuleForEach) or
 * the list (the row of 2.1 that states both codes). One item of errors[] on the list may stand for
 * every failure of its code in it (oracle/failure-matching.ts).
 */
const ITEM_FIELD = /^(multiCurrencyAmounts\[\d+\])\.(currencyCode|amount)$/;

/** The item and the list holding an item's field, or undefined for any other field. */
export const itemHolders = (field: string): readonly string[] | undefined => {
  const item = ITEM_FIELD.exec(field)?.[1];
  return item === undefined ? undefined : [item, 'multiCurrencyAmounts'];
};
