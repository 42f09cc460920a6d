/**
 * Amounts. The spec says "number (decimal), greater than 0"; precision and maximum are not shown
 * (GAP-FIELD-LIMITS). A valid amount is therefore a whole number of hundredths, from 0.01 to
 * 99 999 999.99: at most two decimals (what any decimal column or money type keeps) and at most ten
 * digits, what a NUMERIC(10,2) column holds, the smallest a deployment is likely to store money in
 * (a deployment may refuse larger amounts cleanly: @Digits(integer = 8), NUMERIC(10,2)), so that the
 * double, its JSON text and any decimal a deployment stores it in all name the same value and GET can
 * return it unchanged. Fitted to its currency, it has no more decimals than the currency's minor unit
 * either (fitToCurrency). Larger amounts are sent by a hand-written check that takes them kept or
 * refused cleanly (number-literals.ts, MAGNITUDE_LITERALS).
 */
import * as fc from 'fast-check';
import { minorUnitOf } from './iso-codes.ts';
import { type JsonNumberText, jsonNumberText } from './json-body.ts';

export const MIN_AMOUNT = 0.01;
export const MAX_AMOUNT = 99_999_999.99;
const MAX_HUNDREDTHS = Math.round(MAX_AMOUNT * 100);

const hundredths = (min: number, max: number): fc.Arbitrary<number> =>
  fc.integer({ min, max }).map((count) => count / 100);

/** A valid, strictly positive amount: tiny ones, everyday ones, whole ones and very large ones. */
export const positiveAmountArbitrary = (): fc.Arbitrary<number> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(MIN_AMOUNT, 0.1, 1, 100, MAX_AMOUNT) },
    { weight: 2, arbitrary: hundredths(1, 100) },
    { weight: 6, arbitrary: hundredths(1, 10_000_000) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 1_000_000 }) },
    { weight: 1, arbitrary: hundredths(1, MAX_HUNDREDTHS) },
  );

/**
 * Zero or a negative amount: what ERR-3005 and ERR-3008 are about. -0 is zero (toJsonBody writes it
 * as `-0`), and zero also comes as the JSON texts `0.00` and `-0.0`, so a deployment that compares
 * the text or a decimal's scale instead of its value is caught.
 */
export const nonPositiveAmountArbitrary = (): fc.Arbitrary<number | JsonNumberText> =>
  fc.oneof(
    fc.constantFrom<number | JsonNumberText>(
      0,
      -0,
      jsonNumberText('0.00'),
      jsonNumberText('-0.0'),
      -MIN_AMOUNT,
    ),
    hundredths(-10_000_000, -1),
    fc.constantFrom(-1, -MAX_AMOUNT),
  );

/**
 * How many decimals an amount of this currency carries: its minor unit's, at most two. Amount
 * precision is not shown, and a deployment may hold each currency to its ISO 4217 minor unit (no
 * decimals for JPY or BIF): a valid amount never has more.
 */
const decimalsOf = (currencyCode: string): number => Math.min(2, minorUnitOf(currencyCode));

/** A valid amount of the kit's (at most two decimals) fitted to its currency: rounded, and never 0. */
export const fitToCurrency = (amount: number, currencyCode: string): number => {
  const scale = 10 ** decimalsOf(currencyCode);
  // Rounded within the kit's range: the largest amount, 99 999 999.99, rounds down.
  const units = Math.min(Math.round(amount * scale), Math.floor(MAX_AMOUNT * scale));
  return (units > 0 ? units : 1) / scale;
};

/** Another valid amount of the currency, one of its smallest steps from `amount`. */
export const nextAmountOf = (amount: number, currencyCode: string): number => {
  const scale = 10 ** decimalsOf(currencyCode);
  const units = Math.round(amount * scale);
  return (units > 1 ? units - 1 : units + 1) / scale;
};
