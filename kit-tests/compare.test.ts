/**
 * The release gate end to end, as a user runs it: a run against the reference server kept as the
 * baseline, then a run against a reference variant that reads several gaps differently (exactly those
 * gaps are reported, old reading → new reading with the test that observed it; exit 5 under
 * KIT_FAIL_ON_DRIFT=true, 0 without), and the same server again (nothing reported, exit 0). Each run is
 * a few tests only (--grep), in an output folder of its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from '../config/index.ts';
import { DRIFT_TAG, markDriftInAllureResults } from '../reports/release-gate/allure-drift.ts';
import type { ComparisonFile } from '../reports/release-gate/comparison-file.ts';
import { kitCommandArguments } from '../utilities/kit-root.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { expect, test } from './test-support/kit-test.ts';
import { runCliInProcess } from './test-support/run-cli-in-process.ts';
import { runConformance } from './test-support/run-conformance.ts';

/** Four tests: three whose observations the variant reads differently, one it reads the same. */
const GREP = [
  'UPDATE-APPLIES: each kind of PUT',
  'GAP-NON-UUID-PATH',
  "AUTH-NOT-AUTHORIZED: a valid token with an unknown tenant's",
  'GAP-ORIGINAL-STATUS-VALUES',
].join('|');

const PUT_TEST =
  'UPDATE-APPLIES: each kind of PUT is applied and visible through GET, or refused cleanly; at least one applies';
const NON_UUID_TEST =
  'ERROR-BODY-SHAPE, GAP-NON-UUID-PATH: GET with a path id that is not a UUID is refused with a structured error';
const FORBIDDEN_TEST = "AUTH-NOT-AUTHORIZED: a valid token with an unknown tenant's X-Client-Id is refused";

const EXPECTED_CHANGES = [
  [
    'GAP-FORBIDDEN-TRIGGER',
    FORBIDDEN_TEST,
    'a valid token with another client id gets 403 ERR-1003',
    'a valid token with another client id gets 401 ERR-1002',
  ],
  [
    'GAP-NON-UUID-PATH',
    NON_UUID_TEST,
    'GET /not-a-uuid gives 404 ERR-4002',
    'GET /not-a-uuid gives 400 ERR-9006',
  ],
  ['GAP-PUT-BODY', PUT_TEST, 'PUT answers with the updated event', 'PUT answers with no body'],
  ['GAP-PUT-STATUS', PUT_TEST, 'PUT answers 200', 'PUT answers 204'],
];

const folder = (name: string): string => mkdtempSync(join(tmpdir(), `kit-gate-${name}-`));

const compareCli = (args: readonly string[], env: Record<string, string> = {}) => {
  const result = spawnSync(process.execPath, kitCommandArguments(['compare', ...args]), {
    env: { PATH: process.env.PATH, KIT_IGNORE_DOTENV: 'true', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
};

/** The same through the command line's entry in this process: no process start-up for a quick refusal. */
const compareInProcess = async (args: readonly string[], env: Record<string, string> = {}) => {
  const result = await runCliInProcess(['compare', ...args], { KIT_IGNORE_DOTENV: 'true', ...env });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
};

const readComparison = (root: string): ComparisonFile =>
  JSON.parse(
    readFileSync(join(outputPaths({ KIT_OUTPUT_DIR: root }).certificate, 'comparison.json'), 'utf8'),
  );

test.describe('release gate', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  const baseline = folder('baseline');

  test.beforeAll(async () => {
    // A whole run, if a small one: the tests' time, not a hook's default, on a busy machine.
    test.setTimeout(180_000);
    const run = await runConformance({ KIT_OUTPUT_DIR: baseline }, ['--grep', GREP]);
    expect(run.code, run.output).toBe(EXIT.ok);
    expect(run.output).toContain('4 passed');
  });

  test('GATE: a variant reading gaps differently: exactly those gaps reported, exit 5 with KIT_FAIL_ON_DRIFT=true, 0 without', async () => {
    const current = folder('variant');
    const run = await runConformance(
      {
        KIT_OUTPUT_DIR: current,
        REFERENCE_VARIANT: 'every-gap-the-other-way',
        KIT_BASELINE: baseline,
        KIT_FAIL_ON_DRIFT: 'true',
      },
      ['--grep', GREP],
    );
    expect(run.code, run.output).toBe(EXIT.drift);
    expect(run.output).toContain('4 passed');
    expect(run.output).toContain(
      'compare: gap readings: 4 changes in 4 gaps, over 4 tests that observed in both runs',
    );
    for (const [gap, title, from, to] of EXPECTED_CHANGES) {
      expect(run.output).toContain(`compare:   ${gap}: ${from} → ${to}\n`);
      expect(run.output).toContain(`compare:     observed by "${title}"`);
    }
    expect(run.output).toMatch(/compare: DRIFT: .*exit 5/);

    const comparison = readComparison(current);
    expect(
      comparison.readings.changed.flatMap((c) => c.changes.map((p) => [c.gap, c.test, p.from, p.to])),
    ).toEqual(EXPECTED_CHANGES);
    expect(comparison.rules.newlyFailing).toEqual([]);
    expect(comparison.exitCode).toBe(EXIT.drift);

    // The certificate has its section; the Allure results of the run mark exactly the three tests.
    const certificate = readFileSync(
      join(outputPaths({ KIT_OUTPUT_DIR: current }).certificate, 'certificate.md'),
      'utf8',
    );
    expect(certificate).toContain('## Changed since the baseline');
    expect(certificate).toContain(
      '| `GAP-PUT-STATUS` | reading changed | PUT answers 200 | PUT answers 204 |',
    );
    const results = outputPaths({ KIT_OUTPUT_DIR: current }).allureResults;
    expect(markDriftInAllureResults(results, comparison)).toBe(3);
    expect(markDriftInAllureResults(results, comparison)).toBe(0);
    const tagged = spawnSync('grep', ['-l', `"value":"${DRIFT_TAG}"`, '-r', results], { encoding: 'utf8' })
      .stdout.trim()
      .split('\n')
      .map((file) => JSON.parse(readFileSync(file, 'utf8')) as { name: string; description: string })
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(tagged.map((r) => r.name)).toEqual([FORBIDDEN_TEST, NON_UUID_TEST, PUT_TEST]);
    expect(tagged[2]?.description).toContain('- GAP-PUT-STATUS: PUT answers 200 → PUT answers 204');

    // The same two runs through `fei-kit compare`: reported only without KIT_FAIL_ON_DRIFT, exit 5 with it.
    const reported = compareCli([baseline, current]);
    expect(reported.code, reported.output).toBe(EXIT.ok);
    expect(reported.output).toContain(
      'compare:   GAP-NON-UUID-PATH: GET /not-a-uuid gives 404 ERR-4002 → GET /not-a-uuid gives 400 ERR-9006',
    );
    expect(reported.output).toMatch(/compare: DRIFT: .*reported only, exit 0/);
    const profileFile = join(outputPaths({ KIT_OUTPUT_DIR: baseline }).certificate, 'profile.json');
    const gated = compareCli([profileFile, current], { KIT_FAIL_ON_DRIFT: 'true' });
    expect(gated.code, gated.output).toBe(EXIT.drift);
  });

  test('GATE: the same server twice: no change reported, exit 0 even with KIT_FAIL_ON_DRIFT=true', async () => {
    const current = folder('same');
    const run = await runConformance(
      { KIT_OUTPUT_DIR: current, KIT_BASELINE: baseline, KIT_FAIL_ON_DRIFT: 'true' },
      ['--grep', GREP],
    );
    expect(run.code, run.output).toBe(EXIT.ok);
    expect(run.output).toContain(
      'compare: rules and gaps: 0 newly failing, 0 newly passing, 0 otherwise changed',
    );
    expect(run.output).toContain('compare: gap readings: no change, over 4 tests that observed in both runs');
    expect(run.output).toMatch(/compare: UNCHANGED: .*\(exit 0\)/);
    expect(readComparison(current).outcome).toBe('unchanged');
  });
});

test('GATE: a baseline that cannot be read stops the run before any test, in one line, exit 9 (never 1)', async () => {
  const missing = join(folder('none'), 'nothing-here');
  const run = await runConformance({ KIT_OUTPUT_DIR: folder('unused'), KIT_BASELINE: missing });
  expect(run.code).toBe(EXIT.comparisonUnreadable);
  expect(run.output.trim()).toMatch(
    /^conformance: BASELINE UNREADABLE: KIT_BASELINE: .*nothing-here does not exist; nothing was sent$/,
  );
  const cli = compareCli([missing]);
  expect(cli.code).toBe(EXIT.comparisonUnreadable);
  expect(cli.output.trim()).toMatch(/^compare: NOT COMPARED: baseline: .*nothing-here does not exist$/);
  const notJson = join(folder('garbled'), 'profile.json');
  writeFileSync(notJson, '{ not json');
  const garbled = await compareInProcess([notJson]);
  expect(garbled.code, garbled.output).toBe(EXIT.comparisonUnreadable);
  expect(garbled.output.trim()).toMatch(/^compare: NOT COMPARED: baseline: .*profile\.json is not JSON$/);
  const bad = await compareInProcess([], { KIT_FAIL_ON_DRIFT: 'sometimes' });
  expect(bad.output.trim()).toBe(
    'compare: configuration error: KIT_FAIL_ON_DRIFT must be true or false; got "sometimes"',
  );
  expect(bad.code).toBe(EXIT.badConfiguration);
});
