/**
 * An interrupted run (Ctrl-C, or a CI time-out's SIGTERM) stops its workers, keeps what it has, says
 * "incomplete: interrupted" and exits 130 or 143; nothing it writes is ever another run's: the
 * previous run's outputs are cleared when a run starts, and every output carries its run id.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from '../config/index.ts';
import { kitCommandArguments } from '../utilities/kit-root.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { expect, test } from './test-support/kit-test.ts';
import { type ConformanceRun, runConformance } from './test-support/run-conformance.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/**
 * A whole small run, made once: each test starts from a copy of its output folder, as from the
 * outputs a previous run left where the next one writes.
 */
const FIRST_RUN_ID = 'run-first-complete';
let firstRun: { readonly folder: string; readonly run: ConformanceRun };

test.beforeAll(async () => {
  // A whole run, if a small one: the tests' time, not a hook's default, on a busy machine.
  test.setTimeout(180_000);
  const folder = mkdtempSync(join(tmpdir(), 'kit-first-run-'));
  const run = await runConformance({ KIT_OUTPUT_DIR: folder, KIT_RUN_ID: FIRST_RUN_ID }, [
    '--grep',
    'RETRIEVE-UNKNOWN-404',
  ]);
  firstRun = { folder, run };
});

/** A folder holding the first run's outputs, and its environment as that run had it. */
const afterFirstRun = (prefix: string) => {
  const output = mkdtempSync(join(tmpdir(), prefix));
  cpSync(firstRun.folder, output, { recursive: true });
  return { env: { KIT_OUTPUT_DIR: output, KIT_RUN_ID: FIRST_RUN_ID }, first: firstRun.run };
};

for (const [signal, code] of [
  ['SIGINT', EXIT.interrupted],
  ['SIGTERM', EXIT.terminated],
] as const) {
  test(`INTERRUPTED: ${signal} mid-run exits ${code}, the certificate says interrupted, of this run only`, async () => {
    // A whole small run first: its outputs are what a careless kit would show again.
    const { env, first } = afterFirstRun('kit-interrupted-');
    expect(first.code, first.output).toBe(EXIT.ok);
    const paths = outputPaths(env);
    expect(readJson(join(paths.certificate, 'certificate.json')).runId).toBe('run-first-complete');

    const interrupted = await runConformance(
      { ...env, KIT_RUN_ID: 'run-second-interrupted' },
      [],
      (child, sofar) => {
        // Once some checks have run, as a person pressing Ctrl-C would.
        const poll = setInterval(() => {
          if (/✓ +\d+ /.test(sofar())) {
            clearInterval(poll);
            child.kill(signal);
          }
        }, 100);
      },
    );
    expect(interrupted.code, interrupted.output).toBe(code);
    expect(interrupted.output).toContain(`INTERRUPTED (${signal})`);
    expect(interrupted.output).not.toContain('run-first-complete');
    const run = readJson(paths.runInfo);
    expect(run.runId).toBe('run-second-interrupted');
    if (existsSync(paths.results)) {
      const results = readJson(paths.results) as { config: { metadata: { runId: string } } };
      expect(results.config.metadata.runId).toBe('run-second-interrupted');
    }
    const certificate = readJson(join(paths.certificate, 'certificate.json'));
    expect(certificate.runId).toBe('run-second-interrupted');
    expect(certificate.outcome).toBe('incomplete');
    expect(String(certificate.outcomeText)).toMatch(/^Incomplete: interrupted/);
    expect(String(certificate.outcomeText)).not.toMatch(/rules? failed/);
  });
}

test('INTERRUPTED: results of another run are refused, never certified under this one', async () => {
  const { env, first: run } = afterFirstRun('kit-mixed-');
  expect(run.code, run.output).toBe(EXIT.ok);
  // run.json of another run beside this run's results: `fei-kit certificate` refuses to mix them.
  const paths = outputPaths(env);
  const info = readJson(paths.runInfo);
  const { writeFileSync } = await import('node:fs');
  writeFileSync(paths.runInfo, JSON.stringify({ ...info, runId: 'run-mixed-b' }));
  const { spawnSync } = await import('node:child_process');
  const certificate = spawnSync(process.execPath, kitCommandArguments(['certificate']), {
    env: { PATH: process.env.PATH, KIT_IGNORE_DOTENV: 'true', ...env },
    encoding: 'utf8',
  });
  expect(certificate.status).not.toBe(0);
  expect(`${certificate.stdout}${certificate.stderr}`).toMatch(
    /results\.json is of run run-first-complete, .*run\.json of run run-mixed-b: refusing to mix two runs' results/,
  );
});
