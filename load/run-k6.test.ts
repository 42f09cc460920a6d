import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT, readTargetContract } from '../config/index.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { KIT_ROOT as REPO_ROOT } from '../utilities/kit-root.ts';
import { K6_INSTALL_DOCS } from './find-k6.ts';
import { EMBEDDED_LOAD_RATE_LIMIT, embeddedLoadLimits } from './run-k6.ts';
import { CLIENT_IDS, productionEnv, remoteEnv, TOKENS } from './test-support/env-fixtures.ts';
import { runLoadChild } from './test-support/run-capacity-child.ts';
import { runLoadInProcess } from './test-support/run-load-in-process.ts';

/**
 * The runner is run as npm would run it, in a child process, with a fake k6 written here (a small
 * node script that records its argv and environment): what the runner hands k6, which a real run
 * cannot show. The real k6 runs the scripts in k6-real-run.test.ts.
 */

interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

interface FakeRecord {
  readonly argv: string[];
  readonly env: Record<string, string | undefined>;
  readonly cwd: string;
}

let work: string;

test.beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'kit-run-k6-'));
});

test.afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

const emptyDir = (): string => {
  const dir = join(work, 'empty-path');
  mkdirSync(dir, { recursive: true });
  return dir;
};

/** A fake k6: records argv and env to FAKE_K6_RECORD, exits FAKE_K6_EXIT. */
const writeFakeK6 = (dir: string): string => {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'k6');
  writeFileSync(
    file,
    `#!${process.execPath}
const fs = require('node:fs');
const record = { argv: process.argv.slice(2), env: { ...process.env }, cwd: process.cwd() };
fs.writeFileSync(process.env.FAKE_K6_RECORD, JSON.stringify(record));
process.stdout.write('fake k6: done\\n');
process.exit(Number(process.env.FAKE_K6_EXIT || '0'));
`,
  );
  chmodSync(file, 0o755);
  return file;
};

const runRunner = (args: string[], env: Record<string, string>): Promise<RunResult> =>
  runLoadChild(
    ['load', ...args],
    {
      TMPDIR: tmpdir(),
      KIT_IGNORE_DOTENV: 'true',
      LOAD_DIST_DIR: join(work, 'dist'),
      LOAD_REPORT_DIR: join(work, 'reports'),
      ...env,
    },
    40_000,
  );

/**
 * The same runner called in this process (load/test-support/run-load-in-process.ts), for the refusals
 * that end before k6 starts; each kind of fact keeps a spawned command above or below.
 */
const runRunnerInProcess = (script: 'rate-limit' | 'latency', env: Record<string, string>) =>
  runLoadInProcess(script, [], {
    TMPDIR: tmpdir(),
    KIT_IGNORE_DOTENV: 'true',
    LOAD_DIST_DIR: join(work, 'dist'),
    LOAD_REPORT_DIR: join(work, 'reports'),
    ...env,
  });

const lines = (text: string): string[] => text.split('\n').filter((line) => line.trim() !== '');

const readRecord = (): FakeRecord | undefined => {
  const file = join(work, 'record.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FakeRecord) : undefined;
};

const ALL_TOKENS = [
  ...Object.values(TOKENS),
  ...Object.values(TOKENS).map((t) => t.replace('svc_test_', 'svc_live_')),
];

const expectNoToken = (text: string): void => {
  for (const token of ALL_TOKENS) expect(text).not.toContain(token);
};

test.describe('load runner without k6', () => {
  test('no K6_BIN and no k6 on PATH: one loud line with the install docs, exit 4', async () => {
    // A remote target spawned as a user runs it; the embedded target (no contract) in this process.
    const remote = await runRunner(['latency'], { ...remoteEnv(), PATH: emptyDir() });
    const embedded = await runRunnerInProcess('latency', { PATH: emptyDir() });
    for (const result of [remote, { ...embedded, code: embedded.status }]) {
      expect(result.code).toBe(EXIT.k6Missing);
      expect(lines(result.stdout)).toEqual([]);
      const errorLines = lines(result.stderr);
      expect(errorLines).toHaveLength(1);
      expect(errorLines[0]).toContain('load latency: K6 NOT FOUND: k6 is not on PATH and K6_BIN is not set');
      expect(errorLines[0]).toContain(K6_INSTALL_DOCS);
      expectNoToken(result.stdout + result.stderr);
    }
  });

  test('K6_BIN naming no executable file: the same kind of line, exit 4', async () => {
    const result = await runRunnerInProcess('rate-limit', {
      ...remoteEnv(),
      PATH: emptyDir(),
      K6_BIN: join(work, 'no-such-k6'),
    });
    expect(result.status).toBe(EXIT.k6Missing);
    expect(lines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain(
      `K6_BIN names ${join(work, 'no-such-k6')}, which is not an executable file`,
    );
  });
});

test.describe('load runner with a fake k6', () => {
  test('K6_BIN: k6 run gets the bundle, the env carries the target and the dashboard, no token in argv or output, crossed thresholds exit 1', async () => {
    const k6 = writeFakeK6(join(work, 'bin'));
    // A previous run's reports of the script are removed: k6 writes none this time.
    mkdirSync(join(work, 'reports'), { recursive: true });
    for (const name of ['latency.summary.json', 'latency.junit.xml', 'latency.html', 'rate-limit.html'])
      writeFileSync(join(work, 'reports', name), 'old');
    const result = await runRunner(['latency', '--quiet'], {
      ...remoteEnv({ LOAD_SHARE: '0.5' }),
      PATH: emptyDir(),
      K6_BIN: k6,
      FAKE_K6_RECORD: join(work, 'record.json'),
      FAKE_K6_EXIT: '99',
    });
    // k6's 99 (thresholds crossed) is the kit's deviation, 1.
    expect(result.code).toBe(EXIT.deviation);
    const record = readRecord();
    if (!record) throw new Error(`the fake k6 was not run: ${result.stderr}`);
    const bundle = join(work, 'dist', 'latency.js');
    expect(record.argv).toEqual(['run', '--quiet', bundle]);
    expect(readFileSync(bundle, 'utf8')).toContain(
      '// Generated by load/bundle.ts from load/scripts/latency.ts',
    );
    expect(record.cwd).toBe(REPO_ROOT);
    expect(record.env).toMatchObject({
      TARGET_BASE_URL: 'http://127.0.0.1:9',
      TENANT_A_CLIENT_ID: CLIENT_IDS.A,
      TENANT_A_ACCESS_TOKEN: TOKENS.A,
      RATE_LIMIT_ACCESS_TOKEN: TOKENS.RATE_LIMIT,
      RATE_LIMIT_PER_MINUTE: '10',
      RATE_LIMIT_WINDOW_SECONDS: '5',
      KIT_RUN_ID: 'run-loadtest-1',
      LOAD_SHARE: '0.5',
      LOAD_REPORT_DIR: join(work, 'reports'),
      K6_NO_USAGE_REPORT: 'true',
      // k6's web dashboard, exported beside the other reports; a point a second for a short run; no port.
      K6_WEB_DASHBOARD: 'true',
      K6_WEB_DASHBOARD_EXPORT: join(work, 'reports', 'latency.html'),
      K6_WEB_DASHBOARD_PERIOD: '1s',
      K6_WEB_DASHBOARD_PORT: '-1',
    });
    expect(existsSync(join(work, 'reports'))).toBe(true);
    expect(readdirSync(join(work, 'reports'))).toEqual(['rate-limit.html']);
    expectNoToken(record.argv.join(' '));
    expectNoToken(result.stdout + result.stderr);
    expect(result.stdout).toContain(`load latency: k6 run`);
    expect(result.stdout).toContain('against http://127.0.0.1:9 (sandbox), run run-loadtest-1');
    expect(result.stdout).toContain('fake k6: done');
    expect(result.stdout).toContain('load latency: k6 exited with 99 (a threshold failed)');
  });
});

test('the reference server of a load run: 100 per 2 s for every tenant, unless a limit variable says otherwise', () => {
  const limitsOf = (env: Record<string, string>) => {
    const contract = readTargetContract(env);
    if (contract.kind !== 'embedded') throw new Error('expected the embedded contract');
    return embeddedLoadLimits(contract.limits, env);
  };
  expect(limitsOf({})).toEqual({
    A: EMBEDDED_LOAD_RATE_LIMIT,
    B: EMBEDDED_LOAD_RATE_LIMIT,
    RATE_LIMIT: EMBEDDED_LOAD_RATE_LIMIT,
  });
  expect(limitsOf({ RATE_LIMIT_PER_MINUTE: '40', RATE_LIMIT_TENANT_WINDOW_SECONDS: '4' })).toEqual({
    A: { requestsPerWindow: 40, windowSeconds: 2 },
    B: { requestsPerWindow: 40, windowSeconds: 2 },
    RATE_LIMIT: { requestsPerWindow: 40, windowSeconds: 4 },
  });
});

test.describe('load runner refusals', () => {
  test('a production target is refused before k6 runs, unless ALLOW_PRODUCTION_LOAD=true', async () => {
    const k6 = writeFakeK6(join(work, 'bin'));
    const common = { PATH: emptyDir(), K6_BIN: k6, FAKE_K6_RECORD: join(work, 'record.json') };
    const refused = await runRunnerInProcess('rate-limit', { ...productionEnv(), ...common });
    expect(refused.status).toBe(EXIT.badConfiguration);
    expect(lines(refused.stderr)).toHaveLength(1);
    expect(refused.stderr).toContain(
      'refusing to run the rate-limit load script against a production target',
    );
    expect(readRecord()).toBeUndefined();
    expectNoToken(refused.stdout + refused.stderr);

    const allowed = await runRunner(['latency'], {
      ...productionEnv({ ALLOW_PRODUCTION_LOAD: 'true' }),
      ...common,
    });
    expect(allowed.code).toBe(EXIT.ok);
    expect(readRecord()?.env.ALLOW_PRODUCTION_LOAD).toBe('true');
  });

  test('a malformed contract is one configuration line and exit 2', async () => {
    const result = await runRunnerInProcess('latency', {
      ...remoteEnv({ TARGET_BASE_URL: 'ftp://example.test' }),
      PATH: emptyDir(),
    });
    expect(result.status).toBe(EXIT.badConfiguration);
    expect(lines(result.stderr)).toEqual([
      'load latency: configuration error: TARGET_BASE_URL must be an http:// or https:// address',
    ]);
  });

  test('rate-limit against a deployment without the rate-limit tenant is refused, exit 2', async () => {
    const k6 = writeFakeK6(join(work, 'bin'));
    const result = await runRunnerInProcess('rate-limit', {
      ...remoteEnv({ RATE_LIMIT_CLIENT_ID: undefined, RATE_LIMIT_ACCESS_TOKEN: undefined }),
      PATH: emptyDir(),
      K6_BIN: k6,
      FAKE_K6_RECORD: join(work, 'record.json'),
    });
    expect(result.status).toBe(EXIT.badConfiguration);
    expect(result.stderr).toContain('RATE_LIMIT_CLIENT_ID and RATE_LIMIT_ACCESS_TOKEN are required');
    expect(readRecord()).toBeUndefined();
  });

  test('an unknown script name is a usage line and exit 2', async () => {
    const result = await runRunner(['soak'], { PATH: emptyDir() });
    expect(result.code).toBe(EXIT.badConfiguration);
    expect(result.stderr).toContain(
      'fei-kit: unknown command "load soak"; load takes one of: rate-limit, latency, capacity, merge, tenants, k6-operator, bundle',
    );
  });
});
