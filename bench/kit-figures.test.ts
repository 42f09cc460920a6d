import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  type KitFigures,
  markdownOf,
  median,
  projectedRemoteSeconds,
  type RemoteFigure,
  rowsOf,
} from './kit-figures.ts';
import type { Comparison, Measurement } from './reference-bench.ts';

const measurement = (requestsPerSecond: number, cpuMicrosPerRequest: number): Measurement => ({
  label: 'x',
  requestsPerSecond,
  cpuMicrosPerRequest,
  latencyAverageMs: 1,
  latencyP99Ms: 2,
  total: 100,
  errors: 0,
  timeouts: 0,
  non2xx: 0,
});

const comparison = (operation: string, ratio: number): Comparison => ({
  operation,
  reference: measurement(800, 30),
  bare: measurement(1000, 24),
  roundRatios: [ratio],
  ratio,
  cpuRatio: 0.8,
});

const remote: RemoteFigure = {
  seconds: 50,
  code: 0,
  windowSeconds: 6,
  requestsPerWindow: 1000,
  latencyMs: 120,
  throttledOutside: 0,
  planSeconds: 30,
  planRealSeconds: 150,
};

const met: KitFigures = {
  embedded: { seconds: 9.7, code: 0, beforeSeconds: 8.8 },
  remote,
  selfCheck: {
    seconds: 280,
    code: 0,
    servers: 149,
    medianSeconds: { conforming: 17, mutant: 5 },
    summary: 'reference passed, 27/27 variants passed, 121/121 mutants caught',
  },
  reference: [comparison('POST', 0.85), comparison('GET', 0.7)],
  verdicts: [
    {
      target: 'embedded',
      mutants: ['validation-status-422', 'create-returns-200'],
      conforming: { seconds: 20, code: 0, failedRules: 0 },
      broken: { seconds: 23, code: 1, failedRules: 3 },
      rounds: 1,
    },
  ],
  proxy: { requests: 2000, direct: { p50Ms: 0.4, p99Ms: 1.5 }, proxied: { p50Ms: 0.9, p99Ms: 3 } },
};

test('BENCH: the rehearsal is projected to the real window by what the plan adds in waiting for budget', () => {
  expect(projectedRemoteSeconds(remote)).toBe(170);
  // A plan that would shrink the run never makes the projection shorter than the measurement.
  expect(projectedRemoteSeconds({ ...remote, planRealSeconds: 10 })).toBe(50);
});

test('BENCH: median of an odd and an even count, none for an empty list', () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(median([])).toBeUndefined();
});

test('BENCH: every goal is shown met when the figures meet it', () => {
  const verdicts = rowsOf(met)
    .filter((row) => row.goal)
    .map((row) => [row.measure.split(' (')[0], row.verdict]);
  expect(verdicts).toEqual([
    ['conformance run, reference server', 'met'],
    ['conformance run, reference server: growth', 'met'],
    ['the same projected to 1000 per 60 s', 'met'],
    ['time to verdict, reference server: conforming vs broken', 'met'],
    ['self-check, 149 servers', 'met'],
    ['reference POST throughput / bare node:http', 'met'],
    ["certify-client's recording proxy / a direct call, one GET at a time on loopback", 'met'],
  ]);
});

test('BENCH: a figure over its goal, a failed run or a 429 outside @ratelimit is NOT MET; a part left out is not measured', () => {
  const rows = rowsOf({
    embedded: { seconds: 16, code: 0 },
    remote: { ...remote, throttledOutside: 2 },
    selfCheck: { ...(met.selfCheck as NonNullable<KitFigures['selfCheck']>), seconds: 100, code: 1 },
  });
  const goals = rows.filter((row) => row.goal);
  expect(goals.map((row) => row.verdict)).toEqual([
    'NOT MET',
    'not measured',
    'NOT MET',
    'not measured',
    'NOT MET',
    'not measured',
    'not measured',
  ]);
  const slowProxy = rowsOf({
    proxy: { ...(met.proxy as NonNullable<KitFigures['proxy']>), proxied: { p50Ms: 1, p99Ms: 9 } },
  });
  expect(slowProxy.find((row) => row.measure.startsWith("certify-client's"))?.verdict).toBe('NOT MET');
  expect(rows.find((row) => row.measure.startsWith('self-check,'))?.figure).toMatch(
    /exit 1: the run did not pass/,
  );
  expect(rowsOf({}).every((row) => row.verdict === 'not measured')).toBe(true);
});

test('BENCH: the Markdown table has one line per row under its header', () => {
  const rows = rowsOf(met);
  const text = markdownOf(rows, 'Measured now.');
  expect(text).toContain('| measure | figure | goal | verdict |');
  expect(
    text.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| measure')),
  ).toHaveLength(rows.length);
  expect(text).toContain('| 0.85 (reference 800, bare 1000 req/s) | ≥ 0.8 | met |');
  expect(text).toContain(
    'p50 0.90 ms vs 0.40 ms (+0.50 ms, ×2.25); p99 3.00 ms vs 1.50 ms (+1.50 ms, ×2.00)',
  );
});

test("BENCH: the conforming run's growth is its ratio to the time before, held to 1.15; without that time, its ratio to the goal", () => {
  const growth = (embedded: KitFigures['embedded']) =>
    rowsOf({ embedded }).find((row) => row.measure === 'conformance run, reference server: growth');
  expect(growth({ seconds: 9.5, code: 0, beforeSeconds: 8.3 })).toMatchObject({
    figure: '× 1.14: 9.5 s against 8.3 s before',
    verdict: 'met',
  });
  expect(growth({ seconds: 16, code: 0, beforeSeconds: 8.3 })?.verdict).toBe('NOT MET');
  expect(growth({ seconds: 12, code: 0 })).toMatchObject({
    figure: '× 0.80 of the 15 s goal (no time before given)',
    verdict: 'not measured',
  });
  // A run that did not pass measures nothing.
  expect(growth({ seconds: 5, code: 1, beforeSeconds: 8.3 })?.verdict).toBe('not measured');
});
