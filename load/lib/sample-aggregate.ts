/**
 * k6's metrics rebuilt from raw samples, for judging thresholds over several k6 instances at once:
 * each sample (metric name, value, tags) goes to every metric or sub-metric key (`name{tag:value}`)
 * it matches, and the aggregations come out as k6 computes them, percentiles included (k6's own
 * linear interpolation between the two nearest ranks), so a merged run is judged on exactly what one
 * instance would have seen. Pure: no k6 import, no Node API.
 */
import type { MetricSummary } from './summary-data.ts';

export type MetricType = 'counter' | 'rate' | 'trend' | 'gauge';

export interface Selector {
  readonly key: string;
  readonly name: string;
  readonly tags: readonly (readonly [string, string])[];
}

/** `http_req_duration{endpoint:create,tenant:t001}` as its metric name and tag filters. */
export const parseSelector = (key: string): Selector => {
  const open = key.indexOf('{');
  if (open === -1) return { key, name: key, tags: [] };
  if (!key.endsWith('}')) throw new Error(`malformed metric key ${key}`);
  const tags = key
    .slice(open + 1, -1)
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part): readonly [string, string] => {
      const colon = part.indexOf(':');
      if (colon === -1) throw new Error(`malformed metric key ${key}`);
      return [part.slice(0, colon).trim(), part.slice(colon + 1).trim()];
    });
  return { key, name: key.slice(0, open), tags };
};

/** k6's percentile of sorted values: linear interpolation at rank p × (n − 1); 0 with no value. */
export const k6Percentile = (sorted: ArrayLike<number>, p: number): number => {
  const n = sorted.length;
  if (n === 0) return 0;
  if (n === 1) return sorted[0] as number;
  const rank = p * (n - 1);
  const low = sorted[Math.floor(rank)] as number;
  const high = sorted[Math.ceil(rank)] as number;
  return low + (high - low) * (rank - Math.floor(rank));
};

class Accumulator {
  count = 0;
  sum = 0;
  nonZero = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  last = 0;
  values: number[] = [];

  readonly type: MetricType;
  constructor(type: MetricType) {
    this.type = type;
  }

  add(value: number): void {
    this.count += 1;
    this.sum += value;
    if (value !== 0) this.nonZero += 1;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
    this.last = value;
    if (this.type === 'trend') this.values.push(value);
  }

  summary(durationSeconds: number): Record<string, number> {
    switch (this.type) {
      case 'counter':
        return { count: this.sum, rate: durationSeconds > 0 ? this.sum / durationSeconds : 0 };
      case 'rate':
        return {
          rate: this.count === 0 ? 0 : this.nonZero / this.count,
          passes: this.nonZero,
          fails: this.count - this.nonZero,
        };
      case 'gauge':
        return this.count === 0 ? { value: 0 } : { value: this.last, min: this.min, max: this.max };
      case 'trend': {
        const sorted = Float64Array.from(this.values).sort();
        const empty = this.count === 0;
        return {
          count: this.count,
          avg: empty ? 0 : this.sum / this.count,
          min: empty ? 0 : this.min,
          med: k6Percentile(sorted, 0.5),
          max: empty ? 0 : this.max,
          'p(90)': k6Percentile(sorted, 0.9),
          'p(95)': k6Percentile(sorted, 0.95),
          'p(99)': k6Percentile(sorted, 0.99),
        };
      }
    }
  }
}

/** Collects samples into the metrics `keys` name; unknown metric names are ignored. */
export class SampleAggregator {
  readonly #byName = new Map<string, { selector: Selector; acc: Accumulator }[]>();
  readonly #types: Readonly<Record<string, string>>;

  constructor(keys: Iterable<string>, types: Readonly<Record<string, string>>) {
    this.#types = types;
    for (const key of new Set(keys)) {
      const selector = parseSelector(key);
      const type = types[selector.name];
      if (type !== 'counter' && type !== 'rate' && type !== 'trend' && type !== 'gauge') {
        throw new Error(`no known type for metric ${selector.name}`);
      }
      const list = this.#byName.get(selector.name) ?? [];
      list.push({ selector, acc: new Accumulator(type) });
      this.#byName.set(selector.name, list);
    }
  }

  /** Whether samples of this metric name matter (so the caller may skip parsing the rest). */
  wants(name: string): boolean {
    return this.#byName.has(name);
  }

  add(name: string, value: number, tagOf: (tag: string) => string | undefined): void {
    for (const { selector, acc } of this.#byName.get(name) ?? []) {
      if (selector.tags.every(([tag, expected]) => tagOf(tag) === expected)) acc.add(value);
    }
  }

  /** Every key's metric, in the shape of a k6 summary's (no k6 verdicts: the kit judges). */
  metrics(durationSeconds: number): Map<string, MetricSummary> {
    const out = new Map<string, MetricSummary>();
    for (const list of this.#byName.values()) {
      for (const { selector, acc } of list) {
        out.set(selector.key, {
          name: selector.key,
          type: this.#types[selector.name],
          contains: acc.type === 'trend' && selector.name.endsWith('_duration') ? 'time' : undefined,
          values: acc.summary(durationSeconds),
          thresholds: {},
        });
      }
    }
    return out;
  }
}

/** One line of k6's CSV output split into fields (a field with a comma or quote comes quoted). */
export const csvFields = (line: string): string[] => {
  if (!line.includes('"')) return line.split(',');
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i] as string;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
};

/** k6's `extra_tags` column (`endpoint=create&tenant=t001`) as a lookup. */
export const extraTagsOf = (value: string): Map<string, string> => {
  const tags = new Map<string, string>();
  if (value === '') return tags;
  for (const pair of value.split('&')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    };
    tags.set(decode(pair.slice(0, eq)), decode(pair.slice(eq + 1)));
  }
  return tags;
};
