/**
 * The k6 summaries in the Allure report: the summary files are the ones load/lib/summary-outputs.ts writes
 * (its own summaryOutputs builds them here), each threshold becomes one Allure test result, labelled
 * like the conformance tests; and the observations summary lists every gap.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { summaryOutputs } from '../../load/lib/summary-outputs.ts';
import type { ThresholdSpec } from '../../load/lib/thresholds.ts';
import { OBSERVATION_CONTENT_TYPE } from '../../run-records/observations.ts';
import { RULES } from '../../spec/index.ts';
import {
  loadThresholdResults,
  observationsSummaryText,
  showObservationsInline,
  writeAllureExtras,
} from './allure-extras.ts';
import { readLoadSummaries } from './load-summaries.ts';

const SPECS: ThresholdSpec[] = [
  {
    metric: 'throttled',
    expression: 'count>0',
    ruleId: 'RATE-LIMIT-429',
    title: 'traffic above the limit gets 429',
  },
  {
    metric: 'control_throttled',
    expression: 'count==0',
    ruleId: 'RATE-LIMIT-PER-TENANT',
    title: 'the other tenant gets no 429',
  },
  { metric: 'server_errors', expression: 'count==0', ruleId: 'LOAD-NO-5XX', title: 'no 5xx under load' },
  {
    metric: 'missing_metric',
    expression: 'p(95)<500',
    ruleId: 'LOAD-LATENCY-CREATE',
    title: 'create within 500 ms',
  },
];

/** A k6 1.x summary ("legacy" data model): one threshold held, one crossed, one never evaluated. */
const K6_DATA = {
  state: { testRunDurationMs: 70_000 },
  metrics: {
    throttled: {
      type: 'counter',
      contains: 'default',
      values: { count: 412, rate: 5.9 },
      thresholds: { 'count>0': { ok: true } },
    },
    control_throttled: {
      type: 'counter',
      contains: 'default',
      values: { count: 3, rate: 0.04 },
      thresholds: { 'count==0': { ok: false } },
    },
    server_errors: { type: 'counter', contains: 'default', values: { count: 0, rate: 0 } },
  },
};

const writeSummary = (folder: string, runId = 'run-20261121100000-abc123', dashboard?: string): string => {
  const outputs = summaryOutputs(K6_DATA, SPECS, {
    script: 'rate-limit',
    reportDir: folder,
    dashboard,
    target: 'https://sandbox.payments.example (sandbox)',
    runId,
    settings: { limit: 1000, windowSeconds: 60 },
    now: new Date('2026-11-21T10:05:00.000Z'),
  });
  for (const [path, text] of Object.entries(outputs)) if (path !== 'stdout') writeFileSync(path, text);
  return join(folder, 'rate-limit.summary.json');
};

test('K6: each threshold of a summary is an Allure test: passed, failed or broken, labelled by its rule', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kit-k6-'));
  writeSummary(folder);
  const { summaries, problems } = readLoadSummaries(folder);
  expect(problems).toEqual([]);
  expect(summaries.map((s) => s.script)).toEqual(['rate-limit']);
  let n = 0;
  const results = loadThresholdResults(summaries[0] as (typeof summaries)[number], () => `uuid-${++n}`);
  expect(results.map((r) => [r.name, r.status])).toEqual([
    ['RATE-LIMIT-429: traffic above the limit gets 429 [throttled count>0]', 'passed'],
    ['RATE-LIMIT-PER-TENANT: the other tenant gets no 429 [control_throttled count==0]', 'failed'],
    ['LOAD-NO-5XX: no 5xx under load [server_errors count==0]', 'passed'],
    ['LOAD-LATENCY-CREATE: create within 500 ms [missing_metric p(95)<500]', 'broken'],
  ]);
  const [passed, failed, , broken] = results;
  const labels = (r: typeof passed) => Object.fromEntries((r?.labels ?? []).map((l) => [l.name, l.value]));
  expect(labels(passed)).toMatchObject({
    epic: '8. Limits',
    feature: 'ratelimit',
    story: 'RATE-LIMIT-429',
    severity: 'normal',
    parentSuite: 'load (k6)',
    suite: 'rate-limit',
    framework: 'k6',
  });
  expect(labels(broken)).toMatchObject({
    epic: 'Load (k6): the load run itself',
    story: 'LOAD-LATENCY-CREATE',
  });
  expect(failed?.statusDetails.message).toBe(
    'threshold crossed: control_throttled count==0 (observed 3, decided by k6)',
  );
  expect(broken?.statusDetails.message).toContain('not evaluated');
  expect(failed?.parameters).toContainEqual({ name: 'observed', value: '3' });
  expect(passed?.links).toEqual([{ name: 'rule RATE-LIMIT-429', url: 'spec/rules.ts#RATE-LIMIT-429' }]);
  // Each result has its own copy of the summary: Allure links an attachment file to one result only.
  expect(passed?.attachments).toEqual([
    { name: 'rate-limit.summary.json', source: 'uuid-1-attachment.json', type: 'application/json' },
  ]);
  expect(failed?.attachments[0]?.source).toBe('uuid-2-attachment.json');
  expect(passed?.stop).toBe(Date.parse('2026-11-21T10:05:00.000Z'));
  expect(passed?.start).toBe(Date.parse('2026-11-21T10:05:00.000Z') - 70_000);
  // The same threshold keeps its history id from run to run: that is what gives it a trend.
  const again = loadThresholdResults(summaries[0] as (typeof summaries)[number]);
  expect(again.map((r) => r.historyId)).toEqual(results.map((r) => r.historyId));
  expect(new Set(results.map((r) => r.historyId)).size).toBe(results.length);
});

test('K6: a run’s web dashboard is named by each of its thresholds and carried once by the report', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kit-k6-dashboard-'));
  writeSummary(folder, 'run-20261121100000-abc123', 'rate-limit.html');
  // Named by the summary but not there (k6 wrote none): neither attached nor linked.
  const [without] = readLoadSummaries(folder).summaries;
  expect(without?.dashboard).toBe('rate-limit.html');
  expect(without?.dashboardFile).toBeUndefined();
  writeFileSync(join(folder, 'rate-limit.html'), '<!doctype html><title>k6 dashboard</title>');
  const [summary] = readLoadSummaries(folder).summaries;
  expect(summary?.dashboardFile).toBe(join(folder, 'rate-limit.html'));
  for (const result of loadThresholdResults(summary as NonNullable<typeof summary>)) {
    expect(result.links).toContainEqual({
      name: 'k6 web dashboard of the run: load/rate-limit.html, beside this report',
      url: 'load/rate-limit.html',
    });
  }
  expect(
    loadThresholdResults(without as NonNullable<typeof without>).flatMap((r) => r.links.map((l) => l.url)),
  ).not.toContain('load/rate-limit.html');
  // The report carries the dashboard once, as a global attachment; each result its own summary copy.
  const extras = join(folder, 'extra');
  writeAllureExtras({
    folder: extras,
    summaries: readLoadSummaries(folder).summaries,
    observations: undefined,
    globalFiles: [],
  });
  const files = readdirSync(extras);
  const results = files.filter((f) => f.endsWith('-result.json'));
  expect(files.filter((f) => f.endsWith('-attachment.json'))).toHaveLength(results.length);
  const globals = JSON.parse(
    readFileSync(join(extras, files.find((f) => f.endsWith('-globals.json')) as string), 'utf8'),
  ) as { attachments: { name: string; source: string; type: string }[] };
  const dashboard = globals.attachments.find((a) => a.type === 'text/html');
  expect(dashboard?.name).toBe('k6 web dashboard: rate-limit.html');
  expect(readFileSync(join(extras, dashboard?.source as string), 'utf8')).toContain('k6 dashboard');
});

test('K6: the extras folder holds the thresholds, the summary and the global attachments, anew each time', () => {
  const load = mkdtempSync(join(tmpdir(), 'kit-k6-load-'));
  const extras = join(mkdtempSync(join(tmpdir(), 'kit-k6-extras-')), 'extra');
  writeSummary(load);
  writeFileSync(join(load, 'broken.summary.json'), '{"not": "a summary"}');
  const certificate = join(load, 'certificate.md');
  writeFileSync(certificate, '# certificate');
  const { summaries, problems } = readLoadSummaries(load);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^broken\.summary\.json: not a k6 summary/);
  const write = () =>
    writeAllureExtras({
      folder: extras,
      summaries,
      observations: { runId: 'r', observations: [], byRule: { 'GAP-PUT-STATUS': { 'PUT answers 200': 3 } } },
      globalFiles: [
        { path: certificate, name: 'Conformance certificate (Markdown)', type: 'text/markdown' },
        { path: join(load, 'absent.json'), name: 'absent', type: 'application/json' },
      ],
    });
  expect(write()).toEqual({ thresholds: 4 });
  expect(write()).toEqual({ thresholds: 4 });
  const files = readdirSync(extras);
  expect(files.filter((f) => f.endsWith('-result.json'))).toHaveLength(4);
  const globals = files.filter((f) => f.endsWith('-globals.json'));
  expect(globals).toHaveLength(1);
  const { attachments } = JSON.parse(readFileSync(join(extras, globals[0] as string), 'utf8')) as {
    attachments: { name: string; source: string; type: string }[];
  };
  expect(attachments.map((a) => [a.name, a.type])).toEqual([
    ['Observations: what the target did where the spec is silent', 'text/plain'],
    ['Conformance certificate (Markdown)', 'text/markdown'],
  ]);
  for (const attachment of attachments) expect(files).toContain(attachment.source);
  expect(readFileSync(join(extras, attachments[1]?.source as string), 'utf8')).toBe('# certificate');
});

test('OBSERVATIONS: the summary lists every gap of the catalog, with its readings or "not observed"', () => {
  const text = observationsSummaryText({
    runId: 'run-1',
    observations: [],
    byRule: { 'GAP-PUT-STATUS': { 'PUT answers 204': 1, 'PUT answers 200': 2 } },
  });
  expect(text.split('\n')[0]).toBe('Observations of run run-1: what the target did where the spec is silent');
  for (const gap of RULES.filter((r) => r.kind === 'gap')) expect(text).toContain(`${gap.id}: ${gap.title}`);
  expect(text).toContain(
    "GAP-PUT-STATUS: PUT's success status\n  - PUT answers 200 (2 observations)\n  - PUT answers 204 (1 observation)",
  );
  expect(text).toContain('GAP-429-BODY: The body of a 429\n  not observed in this run');
});

test('OBSERVATIONS: the observations attached by the suites are shown inline, as JSON', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kit-observations-'));
  const result = {
    uuid: 'u',
    attachments: [{ name: 'HTTP 01', type: 'text/plain', source: 'a.txt' }],
    steps: [
      {
        name: 'observation',
        attachments: [{ name: 'observation GAP-X', type: OBSERVATION_CONTENT_TYPE, source: 'b' }],
        steps: [],
      },
      {
        name: 'After Hooks',
        attachments: [],
        steps: [{ attachments: [{ type: OBSERVATION_CONTENT_TYPE, source: 'c' }] }],
      },
    ],
  };
  writeFileSync(join(folder, 'u-result.json'), JSON.stringify(result));
  writeFileSync(join(folder, 'environment.properties'), 'a=b\n');
  expect(showObservationsInline(folder)).toBe(2);
  expect(showObservationsInline(folder)).toBe(0);
  const text = readFileSync(join(folder, 'u-result.json'), 'utf8');
  expect(text).not.toContain(OBSERVATION_CONTENT_TYPE);
  expect(JSON.parse(text).steps[0].attachments[0]).toEqual({
    name: 'observation GAP-X',
    type: 'application/json',
    source: 'b',
  });
  expect(JSON.parse(text).attachments[0].type).toBe('text/plain');
});
