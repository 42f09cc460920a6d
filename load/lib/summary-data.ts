/**
 * What k6 hands to `handleSummary`, read as metrics whichever format it comes in. k6 1.x and 2.x pass
 * a map of metrics by name, each with its `values` and k6's own verdict per threshold expression
 * (`thresholds: { expr: { ok } }`); the machine-readable summary format has `results.metrics` as an
 * array and no verdicts. Both are read here, and any metric-shaped object nested deeper is found too.
 * Pure: no k6 import, no Node API.
 */

export interface MetricSummary {
  readonly name: string;
  readonly type: string | undefined;
  readonly contains: string | undefined;
  readonly values: Readonly<Record<string, number>>;
  /** k6's own verdict per threshold expression, where the summary carries it. */
  readonly thresholds: Readonly<Record<string, boolean>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const numbersOf = (value: unknown): Record<string, number> => {
  const out: Record<string, number> = {};
  if (!isRecord(value)) return out;
  for (const [key, entry] of Object.entries(value)) if (typeof entry === 'number') out[key] = entry;
  return out;
};

const verdictsOf = (value: unknown): Record<string, boolean> => {
  const out: Record<string, boolean> = {};
  if (!isRecord(value)) return out;
  for (const [expression, entry] of Object.entries(value)) {
    if (typeof entry === 'boolean') out[expression] = entry;
    else if (isRecord(entry) && typeof entry.ok === 'boolean') out[expression] = entry.ok;
  }
  return out;
};

const metricFrom = (name: string, raw: unknown): MetricSummary => {
  const record = isRecord(raw) ? raw : {};
  return {
    name,
    type: typeof record.type === 'string' ? record.type : undefined,
    contains: typeof record.contains === 'string' ? record.contains : undefined,
    values: numbersOf(record.values),
    thresholds: verdictsOf(record.thresholds),
  };
};

const METRIC_TYPES = new Set(['counter', 'gauge', 'rate', 'trend']);

const isMetric = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) && typeof value.type === 'string' && METRIC_TYPES.has(value.type) && isRecord(value.values);

/** Any metric-shaped object (a `type` and `values`) nested anywhere, keyed by its `name` or its property. */
const findNestedMetrics = (
  value: unknown,
  key: string,
  into: Map<string, MetricSummary>,
  depth: number,
): void => {
  if (depth > 6) return;
  if (isMetric(value)) {
    const name = typeof value.name === 'string' ? value.name : key;
    if (!into.has(name)) into.set(name, metricFrom(name, value));
    return;
  }
  if (Array.isArray(value)) {
    for (const entry of value) findNestedMetrics(entry, key, into, depth + 1);
  } else if (isRecord(value)) {
    for (const [childKey, child] of Object.entries(value))
      findNestedMetrics(child, childKey, into, depth + 1);
  }
};

/** Every metric and sub-metric of a k6 summary object, by key, whichever format it is in. */
export const collectMetrics = (data: unknown): Map<string, MetricSummary> => {
  const metrics = new Map<string, MetricSummary>();
  if (!isRecord(data)) return metrics;
  const results = isRecord(data.results) ? data.results : undefined;
  const source = data.metrics ?? results?.metrics;
  if (Array.isArray(source)) {
    for (const entry of source) {
      if (isRecord(entry) && typeof entry.name === 'string')
        metrics.set(entry.name, metricFrom(entry.name, entry));
    }
  } else if (isRecord(source)) {
    for (const [name, entry] of Object.entries(source)) {
      if (isRecord(entry) && isRecord(entry.values)) metrics.set(name, metricFrom(name, entry));
    }
  }
  // Formats that group metrics (by category, scenario or group) still hold metric-shaped objects.
  if (metrics.size === 0) findNestedMetrics(data, '', metrics, 0);
  return metrics;
};

/** The test run's duration in seconds, from either summary format. */
export const runDurationSeconds = (data: unknown): number => {
  if (!isRecord(data)) return 0;
  const state = isRecord(data.state) ? data.state : undefined;
  if (typeof state?.testRunDurationMs === 'number') return state.testRunDurationMs / 1000;
  const config = isRecord(data.config) ? data.config : undefined;
  if (typeof config?.duration === 'number') return config.duration;
  return 0;
};
