import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../config/index.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { runBenchCommand as benchInProcess } from './bench.ts';
import { runBenchCommand } from './test-support/run-script.ts';

/**
 * `fei-kit bench` end to end on its cheapest part, not a timed test: it must end well and write the
 * table, with the parts left out shown as not measured. The figures are the machine's.
 */
const bench = async (env: NodeJS.ProcessEnv) => {
  const run = await runBenchCommand(['bench'], env);
  return { code: run.code, output: run.stdout + run.stderr };
};

/**
 * The properties at their least, one run each (the tenants' model one sequence): the test is about the
 * bench's row and table, not the properties' strength, and their runs are about half of a whole run's
 * checks. The bench hands the setting to the run it times, as it hands a user's.
 */
const LEAST_PROPERTIES = { FC_RUNS: '1' };

test('BENCH: fei-kit bench with BENCH_PARTS=embedded times the embedded run and writes the table', async () => {
  // A whole conformance run: about 30 s alone, several times that beside the other kit tests.
  test.setTimeout(300_000);
  const outputDir = mkdtempSync(join(tmpdir(), 'kit-bench-'));
  const run = await bench({ BENCH_PARTS: 'embedded', KIT_OUTPUT_DIR: outputDir, ...LEAST_PROPERTIES });
  expect(run.code, run.output).toBe(0);
  expect(run.output).toMatch(
    /^bench: conformance run, reference server \(wall\): \d+\.\d s \(goal ≤ 15 s: (met|NOT MET)\)$/m,
  );
  const table = readFileSync(join(outputDir, 'bench', 'bench.md'), 'utf8');
  expect(table).toMatch(
    /\| conformance run, reference server \(wall\) \| \d+\.\d s \| ≤ 15 s \| (met|NOT MET) \|/,
  );
  expect(table).toContain('| self-check (wall) | not measured | ≤ 300 s | not measured |');
  const json = JSON.parse(readFileSync(join(outputDir, 'bench', 'bench.json'), 'utf8')) as {
    figures: { embedded?: { code: number } };
    problems: string[];
  };
  expect(json.figures.embedded?.code).toBe(0);
  expect(json.problems).toEqual([]);
  // The run's tokens stay out of what the bench prints.
  expect(run.output).not.toMatch(/svc_(test|live)_/);
});

test('BENCH: an unknown part is refused as a configuration error (one line, exit 2) before anything is measured', async () => {
  // The bench's own entry in this process, no start-up: the command line turns a ConfigError into
  // `bench: configuration error: …` and exit 2 for every command (kit-tests/command-line.test.ts).
  const saved = process.env.BENCH_PARTS;
  const said: string[] = [];
  process.env.BENCH_PARTS = 'embedded,warp';
  try {
    const refused = await benchInProcess((line) => said.push(line)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toBe(
      'BENCH_PARTS: unknown part warp; the parts are embedded, quick, npm-test, remote, verdict, self-check, reference, proxy, capacity, race, rate-limit-memory, impact, far',
    );
    expect(said).toEqual([]);
  } finally {
    if (saved === undefined) delete process.env.BENCH_PARTS;
    else process.env.BENCH_PARTS = saved;
  }
});
