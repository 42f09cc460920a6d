/**
 * The merged capacity verdict as a small offline page, Markdown and HTML (no script, no outside
 * request): each threshold with its verdict, each endpoint's percentiles, each tenant's planned and
 * sent requests and its 429s. Tenants by name only: no client id, no token.
 */

import { CAPACITY_METRICS } from './lib/capacity-plan.ts';
import { ENDPOINTS } from './lib/latency-plan.ts';
import { runVerdict } from './lib/reach.ts';
import { describeObserved, formatNumber } from './lib/threshold-results.ts';
import type { MergedRun } from './merge-segments.ts';

const MARK = {
  passed: 'passed',
  failed: 'FAILED',
  unknown: 'not evaluated',
  'not-established': 'not established',
} as const;

interface Table {
  readonly title: string;
  readonly head: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

const value = (run: MergedRun, key: string, stat: string): string => {
  const v = run.metrics.get(key)?.values[stat];
  return v === undefined ? '–' : formatNumber(v);
};

export const verdictTables = (run: MergedRun): Table[] => [
  {
    title: 'Thresholds',
    head: ['verdict', 'rule', 'threshold', 'metric', 'observed'],
    rows: run.results.map((r) => [
      MARK[r.verdict],
      r.spec.ruleId,
      r.spec.title,
      `${r.spec.metric} ${r.spec.expression}`,
      r.reason ? `${describeObserved(r)}; ${r.reason}` : describeObserved(r),
    ]),
  },
  {
    title: 'Latency per endpoint (ms)',
    head: ['endpoint', 'requests', 'median', 'p90', 'p95', 'p99', 'max'],
    rows: ENDPOINTS.map((e) => {
      const key = `http_req_duration{endpoint:${e}}`;
      return [
        e,
        value(run, key, 'count'),
        ...['med', 'p(90)', 'p(95)', 'p(99)', 'max'].map((s) => value(run, key, s)),
      ];
    }),
  },
  {
    title: 'Throughput per tenant',
    head: ['tenant', 'limit', 'planned requests', 'sent requests', 'requests/s', '429s'],
    rows: run.manifest.tenants.map((t) => [
      t.name,
      `${t.requestsPerWindow} per ${t.windowSeconds} s`,
      String(t.plannedRequests),
      value(run, `http_reqs{tenant:${t.name}}`, 'count'),
      value(run, `http_reqs{tenant:${t.name}}`, 'rate'),
      value(run, `${CAPACITY_METRICS.throttled}{tenant:${t.name}}`, 'count'),
    ]),
  },
];

const headline = (run: MergedRun): string => {
  const count = (verdicts: readonly string[]) =>
    run.results.filter((r) => verdicts.includes(r.verdict)).length;
  const total = run.results.length;
  const verdicts = {
    passed: `PASSED, all ${total} thresholds held`,
    failed: `FAILED, ${count(['failed', 'unknown'])} of ${total} thresholds crossed or not evaluated`,
    'not-established': `NOT ESTABLISHED, ${count(['not-established'])} of ${total} thresholds could not be judged: the load generator did not reach the planned rate`,
  };
  const verdict = verdicts[runVerdict(run.results)];
  return `capacity run ${run.manifest.runId ?? ''} against ${run.manifest.target}: ${run.segments.length} segment(s) merged, ${formatNumber(run.durationSeconds)} s, ${verdict}`;
};

export const verdictMarkdown = (run: MergedRun): string => {
  const lines = [`# Capacity run: merged verdict`, '', headline(run), ''];
  for (const table of verdictTables(run)) {
    lines.push(
      `## ${table.title}`,
      '',
      `| ${table.head.join(' | ')} |`,
      `|${table.head.map(() => '---').join('|')}|`,
    );
    for (const row of table.rows) lines.push(`| ${row.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
};

const html = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const verdictHtml = (run: MergedRun): string => {
  const tables = verdictTables(run)
    .map(
      (t) =>
        `<h2>${html(t.title)}</h2>\n<table><thead><tr>${t.head.map((h) => `<th>${html(h)}</th>`).join('')}</tr></thead><tbody>\n${t.rows
          .map(
            (r) =>
              `<tr>${r.map((c) => `<td${c === 'FAILED' ? ' class="failed"' : ''}>${html(c)}</td>`).join('')}</tr>`,
          )
          .join('\n')}\n</tbody></table>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Capacity run: merged verdict</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font-family:system-ui,sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:1.5em}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}.failed{color:#b00;font-weight:bold}</style>
</head><body>
<h1>Capacity run: merged verdict</h1>
<p>${html(headline(run))}</p>
${tables}
</body></html>
`;
};
