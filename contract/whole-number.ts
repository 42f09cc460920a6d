/**
 * The one reading of a whole-number setting, for every reader of the kit's settings (environment
 * variables, command-line options, the k6 scripts' options): decimal digits only, so that "1e3",
 * "-1", "2.5" and "0x10" are refused rather than read as something the user did not write.
 */

export interface WholeNumberRange {
  readonly min: number;
  /** No upper bound when absent. */
  readonly max?: number;
}

/** The whole number `text` spells within the range, or undefined. */
export const parseWholeNumber = (text: string, { min, max }: WholeNumberRange): number | undefined => {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= min && (max === undefined || value <= max)
    ? value
    : undefined;
};

/** The range as an error message says it: "a whole number from 1 to 64", "a positive whole number". */
export const describeWholeNumber = ({ min, max }: WholeNumberRange): string => {
  if (max !== undefined) return `a whole number from ${min} to ${max}`;
  return min === 1 ? 'a positive whole number' : `a whole number of at least ${min}`;
};
