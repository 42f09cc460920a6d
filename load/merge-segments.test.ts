import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { csvFields, extraTagsOf, k6Percentile, parseSelector } from './lib/sample-aggregate.ts';
import type { ThresholdSpec } from './lib/thresholds.ts';
import { mergedVerdictCode, writeMergedReports } from './merge-cli.ts';
import { mergeSegments } from './merge-segments.ts';
import { coverageProblem } from './segment-coverage.ts';
import { type Sample, writeSegment } from './test-support/capacity-fixtures.ts';

let root: string;
test.beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kit-merge-'));
});
test.afterEach(() => rmSync(root, { recursive: true, force: true }));

const DROPPED: ThresholdSpec = {
  metric: 'dropped_iterations',
  expression: 'count<=10',
  ruleId: 'LOAD-OPEN-MODEL',
  title: 'at most 10 planned iterations dropped',
};
const P95: ThresholdSpec = {
  metric: 'http_req_duration{endpoint:create}',
  expression: 'p(95)<100',
  ruleId: 'LOAD-LATENCY-CREATE',
  title: 'create: 95% within 100 ms',
};
const THROTTLED: ThresholdSpec = {
  metric: 'capacity_throttled{tenant:t001}',
  expression: 'count==0',
  ruleId: 'RATE-LIMIT-429',
  title: 'tenant t001 never throttled',
};

const durations = (values: readonly number[], endpoint = 'create'): Sample[] =>
  values.map((value) => ({ metric: 'http_req_duration', value, tags: { endpoint, tenant: 't001' } }));
const dropped = (n: number): Sample[] =>
  Array.from({ length: n }, () => ({ metric: 'dropped_iterations', value: 1 }));

test.describe('merging segments', () => {
  test('a threshold only the merged whole breaks: each segment alone passes, together they fail', async () => {
    const specs = [DROPPED, P95, THROTTLED];
    const one = [...durations([10, 20, 30]), ...dropped(6)];
    const two = [...durations([15, 25, 35]), ...dropped(6)];
    // Each segment judged as if it were the whole run: 6 dropped, within 10.
    writeSegment(join(root, 'alone-1'), 'a', '0:1', specs, one);
    writeSegment(join(root, 'alone-2'), 'b', '0:1', specs, two);
    for (const folder of ['alone-1', 'alone-2']) {
      const alone = await mergeSegments([join(root, folder)]);
      expect(alone.results.map((r) => r.verdict)).toEqual(['passed', 'passed', 'passed']);
      expect(mergedVerdictCode(alone)).toBe(0);
    }
    // The same samples as the two halves of one run: 12 dropped.
    writeSegment(join(root, 'pod-1'), 'pod-1', '0:1/2', specs, one);
    writeSegment(join(root, 'pod-2'), 'pod-2', '1/2:1', specs, two);
    const whole = await mergeSegments([join(root, 'pod-1'), join(root, 'pod-2')]);
    expect(whole.results.map((r) => [r.spec.metric, r.verdict, r.observed])).toEqual([
      ['dropped_iterations', 'failed', 12],
      ['http_req_duration{endpoint:create}', 'passed', k6Percentile([10, 15, 20, 25, 30, 35], 0.95)],
      ['capacity_throttled{tenant:t001}', 'passed', 0],
    ]);
    expect(whole.results.every((r) => r.decidedBy === 'kit')).toBe(true);
    expect(mergedVerdictCode(whole)).toBe(1);
  });

  test('percentiles are taken over all samples at once, as k6 takes them, not averaged per segment', async () => {
    const specs = [P95];
    // A fast segment and a slow one: the whole's p95 is no mean of theirs.
    const fast = Array.from({ length: 95 }, (_, i) => 1 + i / 100);
    const slow = [200, 210, 220, 230, 240];
    writeSegment(join(root, 'p'), 'fast', '0:0.5', specs, durations(fast));
    writeSegment(join(root, 'p'), 'slow', '0.5:1', specs, durations(slow));
    const run = await mergeSegments([join(root, 'p')]);
    const all = [...fast, ...slow].sort((a, b) => a - b);
    expect(run.metrics.get(P95.metric)?.values['p(95)']).toBeCloseTo(k6Percentile(all, 0.95), 9);
    // p(95) at rank 0.95 × 99 = 94.05: between the fastest segment's last value and 200.
    expect(k6Percentile(all, 0.95)).toBeCloseTo(1.94 + (200 - 1.94) * 0.05, 9);
    expect(run.results[0]?.verdict).toBe('passed');
    expect(run.metrics.get(P95.metric)?.values.count).toBe(100);
  });

  test('samples of other endpoints, tenants and metrics do not count toward a sub-metric', async () => {
    const specs = [P95, THROTTLED];
    writeSegment(join(root, 'x'), 'x', '0:1', specs, [
      ...durations([5, 5, 5]),
      ...durations([900, 900], 'update'),
      { metric: 'capacity_throttled', value: 1, tags: { tenant: 't002' } },
      { metric: 'http_req_waiting', value: 999, tags: { endpoint: 'create' } },
    ]);
    const run = await mergeSegments([join(root, 'x')]);
    expect(run.results.map((r) => [r.verdict, r.observed])).toEqual([
      ['passed', 5],
      ['passed', 0],
    ]);
  });

  test('the merge refuses segments that are not one whole run, in one line', async () => {
    const specs = [DROPPED];
    writeSegment(join(root, 'a'), 'pod-1', '0:1/3', specs, []);
    writeSegment(join(root, 'a'), 'pod-3', '2/3:1', specs, []);
    await expect(mergeSegments([join(root, 'a')])).rejects.toThrow(/before 2\/3:1: a missing instance/);
    writeSegment(join(root, 'a'), 'pod-2', '1/3:2/3', specs, []);
    await expect(mergeSegments([join(root, 'a')])).resolves.toBeDefined();
    writeSegment(join(root, 'b'), 'pod-2-again', '1/3:2/3', specs, []);
    await expect(mergeSegments([join(root, 'a'), join(root, 'b')])).rejects.toThrow(
      /overlaps another segment/,
    );
    writeSegment(join(root, 'c'), 'other-plan', '0:1', [P95], []);
    await expect(mergeSegments([join(root, 'a'), join(root, 'c')])).rejects.toThrow(/different plans/);
    await expect(mergeSegments([join(root, 'nowhere')])).rejects.toThrow(/is not a folder/);
    await expect(mergeSegments([root])).rejects.toThrow(/no \*\.segment\.json/);
    writeSegment(join(root, 'd'), 'bad', '0:1', specs, []);
    writeFileSync(join(root, 'd', 'bad.samples.csv.gz'), gzipSync('not,a,k6,file\n'));
    await expect(mergeSegments([join(root, 'd')])).rejects.toThrow(/not k6's CSV output/);
  });

  test('the merged reports: the load summary format, JUnit and the verdict page, no tenant secret', async () => {
    writeSegment(
      join(root, 's'),
      'whole',
      '0:1',
      [P95, THROTTLED],
      [
        ...durations([10, 20]),
        { metric: 'capacity_throttled', value: 1, tags: { tenant: 't001' } },
        { metric: 'http_reqs', value: 1, tags: { tenant: 't001', endpoint: 'create' } },
      ],
    );
    const run = await mergeSegments([join(root, 's')]);
    const files = writeMergedReports(run, join(root, 'out'), new Date('2026-11-24T00:00:00Z'));
    expect(files.map((f) => f.slice(join(root, 'out').length + 1))).toEqual([
      'capacity.summary.json',
      'capacity.junit.xml',
      'capacity.verdict.md',
      'capacity.verdict.html',
    ]);
    const { readFileSync } = await import('node:fs');
    const summary = JSON.parse(readFileSync(files[0] as string, 'utf8'));
    expect(summary).toMatchObject({ script: 'capacity', verdict: 'failed', runId: 'run-synthetic-1' });
    expect(readFileSync(files[1] as string, 'utf8')).toContain('<failure');
    const page = readFileSync(files[2] as string, 'utf8');
    expect(page).toContain('| t001 | 600 per 60 s | 100 | 1 |');
    expect(readFileSync(files[3] as string, 'utf8')).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
  });
});

test.describe('merge helpers', () => {
  test("k6's percentile: linear interpolation between the nearest ranks", () => {
    expect(k6Percentile([], 0.95)).toBe(0);
    expect(k6Percentile([7], 0.95)).toBe(7);
    expect(k6Percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(k6Percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)).toBeCloseTo(9.55, 12);
  });

  test('metric keys, CSV fields and extra tags as k6 writes them', () => {
    expect(parseSelector('http_req_duration{endpoint:create,tenant:t-1}')).toEqual({
      key: 'http_req_duration{endpoint:create,tenant:t-1}',
      name: 'http_req_duration',
      tags: [
        ['endpoint', 'create'],
        ['tenant', 't-1'],
      ],
    });
    expect(csvFields('a,"b,c",,"f""g"')).toEqual(['a', 'b,c', '', 'f"g']);
    expect([...extraTagsOf('endpoint=create&tenant=t%201')]).toEqual([
      ['endpoint', 'create'],
      ['tenant', 't 1'],
    ]);
  });

  test('segment coverage accepts every notation k6 does', () => {
    expect(coverageProblem([{ name: 'w', segment: '0:1' }])).toBeUndefined();
    expect(
      coverageProblem([
        { name: 'b', segment: '50%:100%' },
        { name: 'a', segment: '0:0.5' },
      ]),
    ).toBeUndefined();
    expect(coverageProblem([{ name: 'a', segment: '0:1/2' }])).toMatch(/end of the test/);
    expect(coverageProblem([{ name: 'a', segment: '1:0' }])).toMatch(/not an execution segment/);
  });
});
