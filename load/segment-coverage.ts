/**
 * Whether the execution segments of a merged capacity run make up the whole test exactly once: k6's
 * `--execution-segment` values (`0:1/2`, `1/2:1`, `0.5:1`, `50%:100%`) sorted, each starting where
 * the previous ended, from 0 to 1. A missing pod's segment, or one merged twice, would otherwise pass
 * for a run that sent less, or more, than planned.
 */

/** A segment bound as an exact fraction. */
interface Fraction {
  readonly num: number;
  readonly den: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const reduced = (num: number, den: number): Fraction => {
  const g = gcd(Math.abs(num), Math.abs(den)) || 1;
  return { num: num / g, den: den / g };
};

export const parseBound = (text: string): Fraction | undefined => {
  const value = text.trim();
  let match = /^(\d+)\/(\d+)$/.exec(value);
  if (match) return Number(match[2]) === 0 ? undefined : reduced(Number(match[1]), Number(match[2]));
  match = /^(\d+(?:\.\d+)?)%$/.exec(value);
  const decimal = match ? match[1] : /^\d+(?:\.\d+)?$/.test(value) ? value : undefined;
  if (decimal === undefined) return undefined;
  const [whole = '0', part = ''] = decimal.split('.');
  const den = 10 ** part.length * (match ? 100 : 1);
  return reduced(Number(whole + part), den);
};

const equal = (a: Fraction, b: Fraction): boolean => a.num * b.den === b.num * a.den;
const less = (a: Fraction, b: Fraction): boolean => a.num * b.den < b.num * a.den;

export interface NamedSegment {
  readonly name: string;
  readonly segment: string;
}

/** Undefined when the segments cover 0 to 1 exactly once; else what is wrong, in one line. */
export const coverageProblem = (segments: readonly NamedSegment[]): string | undefined => {
  const parsed: { name: string; from: Fraction; to: Fraction; text: string }[] = [];
  for (const { name, segment } of segments) {
    const [from, to, ...rest] = segment.split(':');
    const a = from === undefined ? undefined : parseBound(from);
    const b = to === undefined ? undefined : parseBound(to);
    if (a === undefined || b === undefined || rest.length > 0 || !less(a, b) || less({ num: 1, den: 1 }, b)) {
      return `${name}: "${segment}" is not an execution segment from:to between 0 and 1`;
    }
    parsed.push({ name, from: a, to: b, text: segment });
  }
  parsed.sort((x, y) => (less(x.from, y.from) ? -1 : less(y.from, x.from) ? 1 : 0));
  let end: Fraction = { num: 0, den: 1 };
  for (const part of parsed) {
    if (less(part.from, end)) return `${part.name} (${part.text}) overlaps another segment: merged twice?`;
    if (!equal(part.from, end))
      return `no segment covers the part of the test before ${part.text}: a missing instance?`;
    end = part.to;
  }
  if (!equal(end, { num: 1, den: 1 })) return 'no segment covers the end of the test: a missing instance?';
  return undefined;
};
