/**
 * `fei-kit load capacity` refusing what it cannot run, each in one line with its exit code, before
 * any k6 starts (a fake k6 records whether it was called); and the segment arguments it gives k6.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { samplesFileOf, WHOLE_RUN_NAME } from './lib/segment-manifest.ts';
import { tenantsFileText } from './lib/tenants-file.ts';
import { capacityInstance, segmentArguments } from './run-capacity.ts';
import { fixtureTenants } from './test-support/capacity-fixtures.ts';
import { runLoadChild } from './test-support/run-capacity-child.ts';
import { runLoadInProcess } from './test-support/run-load-in-process.ts';

let work: string;
test.beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'kit-run-capacity-'));
  const fake = join(work, 'k6');
  writeFileSync(fake, `#!/bin/sh\ntouch "${join(work, 'k6-was-called')}"\n`);
  chmodSync(fake, 0o755);
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

const runEnvironment = (env: Record<string, string>): Record<string, string> => ({
  TMPDIR: tmpdir(),
  KIT_IGNORE_DOTENV: 'true',
  K6_BIN: join(work, 'k6'),
  LOAD_REPORT_DIR: join(work, 'out'),
  ...env,
});

const run = (env: Record<string, string>, args: string[] = []) =>
  runLoadChild(['load', 'capacity', ...args], runEnvironment(env), 60_000);

test('segment arguments: equal parts of one sequence, as k6-operator gives its pods', () => {
  expect(segmentArguments(0, 1)).toEqual(['--execution-segment=0:1', '--execution-segment-sequence=0,1']);
  expect(segmentArguments(1, 3)).toEqual([
    '--execution-segment=1/3:2/3',
    '--execution-segment-sequence=0,1/3,2/3,1',
  ]);
});

test('an instance: one k6 run keeps thresholds and the dashboard; each segment runs its part quietly, without either', () => {
  const run = { segmentsDir: '/out/capacity-segments', k6Args: ['--vus', '2'], bundleFile: '/b/capacity.js' };
  expect(capacityInstance(0, 1, run)).toEqual({
    name: WHOLE_RUN_NAME,
    args: [
      'run',
      `--out=csv=${join(run.segmentsDir, samplesFileOf(WHOLE_RUN_NAME))}`,
      '--vus',
      '2',
      run.bundleFile,
    ],
    env: { LOAD_REPORT_DIR: run.segmentsDir, CAPACITY_SEGMENT_NAME: WHOLE_RUN_NAME },
  });
  expect(capacityInstance(1, 3, run)).toEqual({
    name: 'segment-2',
    args: [
      'run',
      ...segmentArguments(1, 3),
      '--no-thresholds',
      '--quiet',
      `--out=csv=${join(run.segmentsDir, samplesFileOf('segment-2'))}`,
      '--vus',
      '2',
      run.bundleFile,
    ],
    env: { K6_WEB_DASHBOARD: 'false', LOAD_REPORT_DIR: run.segmentsDir, CAPACITY_SEGMENT_NAME: 'segment-2' },
  });
});

test('the runner refuses in one line, with its exit code, and never starts k6', async () => {
  test.setTimeout(240_000);
  const tenants = fixtureTenants(2);
  const file = join(work, 'tenants.json');
  writeFileSync(file, tenantsFileText(tenants));
  const live = join(work, 'live.json');
  writeFileSync(
    live,
    tenantsFileText(
      tenants.map((t) => ({ ...t, accessToken: t.accessToken.replace('svc_test_', 'svc_live_') })),
    ),
  );
  const remote = { TARGET_BASE_URL: 'http://127.0.0.1:9' };
  const cases: [Record<string, string>, string[], number, RegExp][] = [
    [{}, ['--segments', '0'], 2, /--segments \(CAPACITY_SEGMENTS\) must be a whole number from 1 to 16/],
    [{ K6_BIN: join(work, 'nope') }, [], 4, /K6_BIN names .*nope, which is not an executable file/],
    [remote, [], 2, /CAPACITY_TENANTS_FILE is required with TARGET_BASE_URL/],
    [
      { ...remote, CAPACITY_TENANTS_FILE: join(work, 'missing.json') },
      [],
      2,
      /missing\.json, which cannot be read/,
    ],
    [
      { ...remote, CAPACITY_TENANTS_FILE: live },
      [],
      2,
      /refusing to run the capacity load script against a production target/,
    ],
    [
      { ...remote, CAPACITY_TENANTS_FILE: file, CAPACITY_SHARE: '3' },
      [],
      2,
      /CAPACITY_SHARE must be between 0.01 and 1/,
    ],
  ];
  // The first case as a user runs the command, the others through its entry in this process (the
  // same lines and exit code, without a Node start-up and the kit's modules each).
  for (const [index, [env, args, code, message]] of cases.entries()) {
    const result =
      index === 0
        ? await run(env, args)
        : await runLoadInProcess('capacity', args, runEnvironment(env)).then((r) => ({
            ...r,
            code: r.status,
          }));
    expect(result.code, JSON.stringify(env)).toBe(code);
    const lines = result.stderr.trim().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^load capacity: /);
    expect(lines[0]).toMatch(message);
    for (const t of tenants) expect(result.stdout + result.stderr).not.toContain(t.accessToken.slice(9));
  }
  expect(existsSync(join(work, 'k6-was-called'))).toBe(false);
});
