/**
 * The literal forms a JSON number can take at an amount, which JavaScript cannot write (toJsonBody
 * writes a JsonNumberText as its text). Each list is sent whole by a fixed check in every run, at the
 * event's amount and at an item's amount; properties only add combinations.
 * - zero in every spelling: ERR-3005 / ERR-3008 (2.1: "zero or negative");
 * - positive values of at most two decimals in other spellings (exponents, trailing zeros): accepted
 *   and read back as the same number;
 * - many decimals, whose precision is not shown (GAP-FIELD-LIMITS): accepted and kept, or refused
 *   cleanly; never a 5xx (a column of two decimals rounds or refuses; it does not fail);
 * - very large values, from just over a NUMERIC(10,2) column to 21 digits, possibly over a
 *   deployment's column, whose maximum is not shown: an amount accepted is kept; any refusal is a
 *   reading, a 5xx too (a decimal column's overflow), as for any body over a limit not shown.
 */
import { type JsonNumberText, jsonNumberText } from './json-body.ts';

export const ZERO_LITERALS: readonly JsonNumberText[] = Object.freeze(
  ['0', '-0', '0.00', '-0.0', '0E+2', '0e-10', '0.0E-5'].map(jsonNumberText),
);

export const POSITIVE_LITERALS: readonly JsonNumberText[] = Object.freeze(
  ['1e2', '1E+2', '12.50', '5E-1', '1.50e1', '100.0'].map(jsonNumberText),
);

export const PRECISION_LITERALS: readonly JsonNumberText[] = Object.freeze(
  ['1E-7', '0.123456789', '12.3456789'].map(jsonNumberText),
);

export const MAGNITUDE_LITERALS: readonly JsonNumberText[] = Object.freeze(
  ['9999999999.99', '999999999999.99', '1e15', '98765432109876543210.5', '1.5e21'].map(jsonNumberText),
);

/**
 * The same list at every position: the k-th body holds literal k at the amount and the next ones at
 * the items, so that each literal stands once at the event's amount and once at least at an item's.
 */
export const rotatedLiterals = (
  literals: readonly JsonNumberText[],
  items: number,
): readonly { amount: JsonNumberText; items: readonly JsonNumberText[] }[] =>
  literals.map((amount, k) => ({
    amount,
    items: Array.from({ length: items }, (_, i) => literals[(k + 1 + i) % literals.length] as JsonNumberText),
  }));
