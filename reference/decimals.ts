/**
 * Decimal views of a JSON number: how many decimals it was written with (the shortest form that reads
 * back as the same number, which is what JSON.stringify and a client's encoder write), and the same
 * value as a plain decimal string.
 */

/** The number as a plain decimal string (no exponent), exactly as its shortest form reads. */
export const plainDecimal = (value: number): string => {
  const text = String(value);
  const exponentAt = text.search(/e/i);
  if (exponentAt < 0) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, exponentAt);
  const exponent = Number(text.slice(exponentAt + 1));
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + exponent;
  const plain =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${plain}` : plain;
};

/** How many decimals the number has (1.5 → 1, 12 → 0, 1e-7 → 7). */
export const decimalsOf = (value: number): number => {
  const plain = plainDecimal(value);
  const point = plain.indexOf('.');
  return point < 0 ? 0 : plain.length - point - 1;
};

/** A decimal string of at least two decimals that reads back as exactly this number ("12.50", "1.239"). */
export const decimalString = (value: number): string => {
  const plain = plainDecimal(value);
  const point = plain.indexOf('.');
  if (point < 0) return `${plain}.00`;
  const decimals = plain.length - point - 1;
  return decimals >= 2 ? plain : `${plain}${'0'.repeat(2 - decimals)}`;
};
