import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { MUTANTS, type MutantDefinition, VARIANTS } from '../reference/index.ts';
import {
  BEYOND_THE_LOAD_SCRIPT,
  DROPPED_TOLERANCE,
  LATENCY_RULES,
  LOAD_RATE_LIMIT,
  planLoadRuns,
} from './load-plan.ts';
import { isRateLimitMutant } from './plan.ts';

test('LOAD ROWS: rate-limit against every rate-limit mutant and a server of each algorithm; latency against a slowed server and the reference', () => {
  const runs = planLoadRuns();
  const ids = runs.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  // A mutant of an operation the spec does not show (its own `behaviour`) is out of the k6 scripts' reach.
  const rateLimitMutants = MUTANTS.filter(
    (m) => isRateLimitMutant(m) && m.behaviour === undefined && !(m.name in BEYOND_THE_LOAD_SCRIPT),
  );
  expect(MUTANTS.filter((m) => isRateLimitMutant(m) && m.behaviour !== undefined).length).toBeGreaterThan(0);
  expect(rateLimitMutants.length).toBeGreaterThan(5);
  for (const mutant of rateLimitMutants) {
    const run = runs.find((r) => r.id === `load-rate-limit-mutant-${mutant.name}`);
    expect(run, mutant.name).toMatchObject({
      script: 'rate-limit',
      expect: 'catch',
      catchingRules: mutant.catchingRules,
    });
  }
  // No mutant of another area: the scripts check the rate limit and the latency only.
  expect(runs.filter((r) => r.server.kind === 'mutant')).toHaveLength(rateLimitMutants.length);
  const mustPass = runs.filter((r) => r.expect === 'pass').map((r) => r.id);
  expect(mustPass).toEqual([
    'load-latency-reference',
    'load-rate-limit-reference',
    'load-rate-limit-reference-starved-generator',
    'load-rate-limit-variant-sliding-window',
    'load-rate-limit-variant-token-bucket',
    'load-rate-limit-variant-leaf-paths-by-code',
  ]);
  const algorithms = runs
    .filter((r) => r.script === 'rate-limit' && r.server.kind === 'variant')
    .map((r) => VARIANTS.find((v) => v.name === r.server.name)?.behaviour.rateLimitAlgorithm);
  expect(algorithms).toEqual(['sliding-window', 'token-bucket', 'sliding-log']);
  // A generator held to a quarter of the machine, against the conforming reference: and only there.
  expect(runs.filter((r) => r.generatorHold !== undefined).map((r) => r.id)).toEqual([
    'load-rate-limit-reference-starved-generator',
  ]);
  expect(runs.find((r) => r.id === 'load-latency-slowed-under-load')).toMatchObject({
    expect: 'catch',
    catchingRules: LATENCY_RULES,
    msPerRequestInFlight: 150,
  });
  for (const run of runs) {
    expect(run.rateLimit).toEqual(LOAD_RATE_LIMIT);
    expect(run.plannedSeconds).toBeLessThanOrEqual(10);
    // Every row rides out the stalls of a busy 2-core machine (docs/known-limits.md): k6 may drop a
    // few of its planned iterations there, which says nothing about the server.
    expect(run.env.LOAD_DROPPED_TOLERANCE, run.id).toBe(String(DROPPED_TOLERANCE));
  }
});

test('LOAD ROWS: a mutant left out as beyond the script is a rate-limit mutant of the catalog, and gets no row', () => {
  const ids = planLoadRuns().map((r) => r.id);
  for (const name of Object.keys(BEYOND_THE_LOAD_SCRIPT)) {
    const mutant = MUTANTS.find((m) => m.name === name);
    expect(mutant && isRateLimitMutant(mutant), name).toBe(true);
    expect(ids).not.toContain(`load-rate-limit-mutant-${name}`);
  }
});

test('LOAD ROWS: --only selects by the row, or by the server as the suite names it', () => {
  const ids = (only: string[]) => planLoadRuns({ only }).map((r) => r.id);
  expect(ids(['reference'])).toEqual(['load-latency-reference', 'load-rate-limit-reference']);
  expect(ids(['mutant-rate-limit-global'])).toEqual(['load-rate-limit-mutant-rate-limit-global']);
  expect(ids(['load-latency-*'])).toEqual(['load-latency-slowed-under-load', 'load-latency-reference']);
  expect(ids(['variant-token-bucket'])).toEqual(['load-rate-limit-variant-token-bucket']);
  expect(ids(['mutant-dedup-*'])).toEqual([]);
});

test('LOAD ROWS: a new rate-limit mutant or algorithm is picked up from the catalog', () => {
  const mutant: MutantDefinition = {
    name: 'rate-limit-x',
    description: 'x',
    catchingRules: ['RATE-LIMIT-429'],
  };
  const other: MutantDefinition = { name: 'dedup-x', description: 'x', catchingRules: ['DEDUP-EXTERNAL-ID'] };
  const runs = planLoadRuns({}, { mutants: [mutant, other], variants: VARIANTS.slice(0, 1) });
  expect(runs.map((r) => r.id)).toEqual([
    'load-latency-slowed-under-load',
    'load-latency-reference',
    'load-rate-limit-reference',
    'load-rate-limit-reference-starved-generator',
    'load-rate-limit-mutant-rate-limit-x',
  ]);
});
