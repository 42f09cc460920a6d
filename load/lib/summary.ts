/**
 * What a load script's `handleSummary` returns: a text summary for stdout, a JSON summary and a JUnit
 * file (one testcase per threshold, a crossed threshold is a failure) under reports/output/load/, so
 * CI and the Allure report can take the load verdicts in. Pure: no k6 import, no Node API.
 *
 * k6 has changed the shape of the summary object between versions (1.x "legacy" map of metrics with
 * `thresholds: { expr: { ok } }`, the machine-readable format of 1.5+/2.x with `results.metrics` as an
 * array and no per-threshold verdict). Both are read: k6's own verdict is used where the summary has
 * it, and otherwise the threshold is evaluated here from the metric's values.
 */
import { compare, parseExpression, type ThresholdSpec } from './thresholds.ts';

export interface MetricSummary {
  readonly name: string;
  readonly type: string | undefined;
  readonly contains: string | undefined;
  readonly values: Readonly<Record<string, number>>;
  /** k6's own verdict per threshold expression, where the summary carries it. */
  readonly thresholds: Readonly<Record<string, boolean>>;
}

export type Verdict = 'passed' | 'failed' | 'unknown';

export interface ThresholdResult {
  readonly spec: ThresholdSpec;
  readonly verdict: Verdict;
  /** The metric's value for the expression's aggregation (count, rate, p(95)…), when known. */
  readonly observed: number | undefined;
  /** Who decided: k6 (from the summary) or the kit (evaluated here), or nobody (metric absent). */
  readonly decidedBy: 'k6' | 'kit' | 'none';
}

export interface SummaryContext {
  readonly script: string;
  /** Where the JSON and JUnit files go, relative to k6's working directory or absolute. */
  readonly reportDir: string;
  /** The target as a report may show it (describeTarget): never a token. */
  readonly target: string;
  readonly runId: string | undefined;
  /** Extra facts for the JSON summary and the text header (window, limit, share…). */
  readonly settings: Readonly<Record<string, string | number | boolean>>;
  readonly now: Date;
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

export const evaluateThreshold = (
  spec: ThresholdSpec,
  metrics: Map<string, MetricSummary>,
): ThresholdResult => {
  const parsed = parseExpression(spec.expression);
  const metric = metrics.get(spec.metric);
  const observed = parsed && metric ? metric.values[parsed.aggregation] : undefined;
  const k6Verdict = metric?.thresholds[spec.expression];
  if (k6Verdict !== undefined) {
    return { spec, verdict: k6Verdict ? 'passed' : 'failed', observed, decidedBy: 'k6' };
  }
  if (parsed === undefined) return { spec, verdict: 'unknown', observed, decidedBy: 'none' };
  if (observed !== undefined) {
    return {
      spec,
      verdict: compare(observed, parsed.operator, parsed.value) ? 'passed' : 'failed',
      observed,
      decidedBy: 'kit',
    };
  }
  // A counter that never got a sample is absent from some summaries: its count is 0.
  if (metric === undefined && parsed.aggregation === 'count') {
    return {
      spec,
      verdict: compare(0, parsed.operator, parsed.value) ? 'passed' : 'failed',
      observed: 0,
      decidedBy: 'kit',
    };
  }
  return { spec, verdict: 'unknown', observed: undefined, decidedBy: 'none' };
};

export const evaluateThresholds = (data: unknown, specs: readonly ThresholdSpec[]): ThresholdResult[] => {
  const metrics = collectMetrics(data);
  return specs.map((spec) => evaluateThreshold(spec, metrics));
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

const formatNumber = (value: number): string =>
  Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);

export const describeObserved = (result: ThresholdResult): string => {
  const parsed = parseExpression(result.spec.expression);
  if (result.observed === undefined || parsed === undefined) return 'no value in the summary';
  return `${parsed.aggregation}=${formatNumber(result.observed)}`;
};

/** Text fit for an XML attribute or element: escaped, and without the control characters XML 1.0 forbids. */
export const xmlText = (value: string): string => {
  let clean = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) clean += char;
  }
  return clean
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
};

export const testcaseName = (spec: ThresholdSpec): string =>
  `${spec.ruleId}: ${spec.title} [${spec.metric} ${spec.expression}]`;

export const junitXml = (
  results: readonly ThresholdResult[],
  context: SummaryContext,
  seconds: number,
): string => {
  const failures = results.filter((r) => r.verdict === 'failed').length;
  const errors = results.filter((r) => r.verdict === 'unknown').length;
  const suite = `load.${context.script}`;
  const time = seconds.toFixed(3);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlText(`k6 ${context.script}`)}" tests="${results.length}" failures="${failures}" errors="${errors}" time="${time}">`,
    `  <testsuite name="${xmlText(suite)}" tests="${results.length}" failures="${failures}" errors="${errors}" skipped="0" time="${time}" timestamp="${context.now.toISOString()}">`,
    '    <properties>',
    `      <property name="target" value="${xmlText(context.target)}"/>`,
    ...(context.runId ? [`      <property name="runId" value="${xmlText(context.runId)}"/>`] : []),
    ...Object.entries(context.settings).map(
      ([name, value]) => `      <property name="${xmlText(name)}" value="${xmlText(String(value))}"/>`,
    ),
    '    </properties>',
  ];
  for (const result of results) {
    const open = `    <testcase classname="${xmlText(`${suite}.${result.spec.metric}`)}" name="${xmlText(testcaseName(result.spec))}" time="0">`;
    const observed = describeObserved(result);
    if (result.verdict === 'passed') {
      lines.push(`${open}`, `      <system-out>${xmlText(observed)}</system-out>`, '    </testcase>');
    } else if (result.verdict === 'failed') {
      const message = `threshold crossed: ${result.spec.metric} ${result.spec.expression} (${observed})`;
      lines.push(
        open,
        `      <failure type="threshold" message="${xmlText(message)}">${xmlText(`${message}; decided by ${result.decidedBy}`)}</failure>`,
        '    </testcase>',
      );
    } else {
      const message = `the k6 summary has no value for ${result.spec.metric} ${result.spec.expression}`;
      lines.push(open, `      <error type="summary" message="${xmlText(message)}"/>`, '    </testcase>');
    }
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
};

const isTime = (metric: MetricSummary): boolean => metric.contains === 'time';

const describeValues = (metric: MetricSummary): string =>
  Object.entries(metric.values)
    .map(([key, value]) => `${key}=${formatNumber(value)}${isTime(metric) && key !== 'count' ? 'ms' : ''}`)
    .join(' ');

export const textSummary = (
  results: readonly ThresholdResult[],
  metrics: Map<string, MetricSummary>,
  context: SummaryContext,
  seconds: number,
  files: readonly string[],
): string => {
  const failed = results.filter((r) => r.verdict !== 'passed');
  const settings = Object.entries(context.settings)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
  const lines = [
    '',
    `  load/${context.script} against ${context.target}${context.runId ? `, run ${context.runId}` : ''}, ${formatNumber(seconds)}s`,
    `  ${settings}`,
    '',
    '  THRESHOLDS',
  ];
  for (const result of results) {
    const mark = result.verdict === 'passed' ? '✓' : result.verdict === 'failed' ? '✗' : '?';
    lines.push(`    ${mark} ${result.spec.ruleId}: ${result.spec.title}`);
    lines.push(`        ${result.spec.metric} ${result.spec.expression}: ${describeObserved(result)}`);
  }
  lines.push('', '  METRICS');
  const names = [...metrics.keys()].sort();
  const width = Math.min(60, Math.max(0, ...names.map((name) => name.length)) + 2);
  for (const name of names) {
    const metric = metrics.get(name) as MetricSummary;
    lines.push(`    ${name.padEnd(width, '.')} ${describeValues(metric)}`);
  }
  lines.push(
    '',
    failed.length === 0
      ? `  VERDICT: PASSED, all ${results.length} thresholds held`
      : `  VERDICT: FAILED, ${failed.length} of ${results.length} thresholds crossed or not evaluated`,
    `  reports: ${files.join(', ')}`,
    '',
  );
  return lines.join('\n');
};

const joinPath = (dir: string, file: string): string => `${dir.replace(/\/+$/, '')}/${file}`;

/** The map `handleSummary` returns: stdout text, `<script>.summary.json` and `<script>.junit.xml`. */
export const summaryOutputs = (
  data: unknown,
  specs: readonly ThresholdSpec[],
  context: SummaryContext,
): Record<string, string> => {
  const metrics = collectMetrics(data);
  const results = specs.map((spec) => evaluateThreshold(spec, metrics));
  const seconds = runDurationSeconds(data);
  const jsonPath = joinPath(context.reportDir, `${context.script}.summary.json`);
  const junitPath = joinPath(context.reportDir, `${context.script}.junit.xml`);
  const passed = results.every((r) => r.verdict === 'passed');
  const report = {
    script: context.script,
    generatedAt: context.now.toISOString(),
    target: context.target,
    runId: context.runId,
    settings: context.settings,
    durationSeconds: seconds,
    verdict: passed ? 'passed' : 'failed',
    thresholds: results.map((r) => ({
      ruleId: r.spec.ruleId,
      title: r.spec.title,
      metric: r.spec.metric,
      expression: r.spec.expression,
      verdict: r.verdict,
      observed: r.observed ?? null,
      decidedBy: r.decidedBy,
    })),
    metrics: Object.fromEntries(
      [...metrics.entries()].map(([name, m]) => [name, { type: m.type, values: m.values }]),
    ),
  };
  return {
    stdout: textSummary(results, metrics, context, seconds, [junitPath, jsonPath]),
    [jsonPath]: `${JSON.stringify(report, null, 2)}\n`,
    [junitPath]: junitXml(results, context, seconds),
  };
};

/** The report folder: LOAD_REPORT_DIR (the runner sets an absolute one) or reports/output/load. */
export const REPORT_DIR_DEFAULT = 'reports/output/load';
