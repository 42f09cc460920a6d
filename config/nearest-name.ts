/**
 * The name a user most likely meant, for "did you mean" hints: the known name closest by edit
 * distance (insertions, deletions, substitutions and swaps of neighbours, as typing slips go), if it
 * is close enough to be a slip rather than another word.
 */

/** Optimal string alignment distance: Levenshtein's with the swap of two neighbouring characters. */
export const editDistance = (a: string, b: string): number => {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
};

/** The closest of `names` to `given`, when at most a third of its length (and 1 at least) away. */
export const nearestName = (given: string, names: readonly string[]): string | undefined => {
  const allowed = Math.max(1, Math.floor(given.length / 3));
  let nearest: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(given, name);
    if (distance <= allowed && (nearest === undefined || distance < nearest.distance))
      nearest = { name, distance };
  }
  return nearest?.name;
};

/** ` (did you mean --segments?)`, or nothing. */
export const didYouMean = (given: string, names: readonly string[], prefix = ''): string => {
  const nearest = nearestName(given, names);
  return nearest === undefined ? '' : ` (did you mean ${prefix}${nearest}?)`;
};
