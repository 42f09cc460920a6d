/**
 * The pools a fault draws its breaking value from, each value labelled with what makes it wrong (the
 * label shows in the fault's description).
 */
import * as fc from 'fast-check';

export interface Labelled {
  readonly value: unknown;
  readonly label?: string;
}

export const labelledFrom = (pools: Readonly<Record<string, readonly unknown[]>>): fc.Arbitrary<Labelled> =>
  fc.oneof(
    ...Object.entries(pools)
      .filter(([, values]) => values.length > 0)
      .map(([label, values]) => fc.constantFrom(...values).map((value): Labelled => ({ value, label }))),
  );

export const plain = (arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<Labelled> =>
  arbitrary.map((value): Labelled => ({ value }));

/** Near misses of an enum value: case, spaces, separators, one letter more or less, a look-alike letter. */
const nearMisses = (allowed: readonly string[]): Record<string, readonly string[]> => {
  const variants = (value: string): Record<string, string> => ({
    lowercase: value.toLowerCase(),
    capitalized: `${value.charAt(0)}${value.slice(1).toLowerCase()}`,
    leadingSpace: ` ${value}`,
    trailingSpace: `${value} `,
    hyphen: value.replace(/_/g, '-'),
    noSeparator: value.replace(/_/g, ''),
    plural: `${value}S`,
    truncated: value.slice(0, -1),
    // Cyrillic А (U+0410) or О (U+041E) for the first Latin A or O.
    homoglyph: /[AO]/.test(value)
      ? value.replace(/[AO]/, (c) => (c === 'A' ? '\u0410' : '\u041E'))
      : `${value}\u0410`,
  });
  const pools: Record<string, string[]> = {};
  for (const value of allowed) {
    for (const [label, variant] of Object.entries(variants(value))) {
      if (allowed.includes(variant)) continue;
      const pool = pools[label] ?? [];
      if (!pool.includes(variant)) pool.push(variant);
      pools[label] = pool;
    }
  }
  return pools;
};

/** A string outside an enum: a near miss of an allowed value, another vocabulary's word, or empty. */
export const enumFaultValues = (
  allowed: readonly string[],
  others: readonly string[],
): fc.Arbitrary<Labelled> => labelledFrom({ ...nearMisses(allowed), other: others, empty: [''] });

/*
 * Wrong JSON types that no stack reads as the right one. Many coerce scalars (Jackson and pydantic
 * read "12.50" as an amount and 42 as a string, ASP.NET Core reads numbers from strings): what a
 * deployment does with such a value is a reading of GAP-WRONG-JSON-TYPE, which the hand-written gap
 * checks observe, so the generators only send an array or an object where a scalar belongs.
 */
export const wrongTypesForScalar = (example: string | number): fc.Arbitrary<Labelled> =>
  labelledFrom({
    array: [[], [example]],
    object: [{}, { value: example }],
  });
