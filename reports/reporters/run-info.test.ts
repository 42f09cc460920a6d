/**
 * The facts of a run as the report shows them: the Allure environment section names the target, its
 * environment, the client ids, the kit version, the run id and the date, and never a token; the JUnit
 * file carries rule ids; allurerc.mjs and the kit agree on where everything goes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestCase } from '@playwright/test/reporter';
import type { Target } from '../../config/index.ts';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { CHECK_RECORD_SCHEMA, checkRecordAttachment } from '../../run-records/check-record.ts';
import type { RuleId } from '../../spec/index.ts';
import { KIT_ROOT, kitCommandArguments } from '../../utilities/kit-root.ts';
import { kitVersion } from '../../utilities/kit-version.ts';
import { historyPathOf, outputPaths, outputRoot } from '../../utilities/output-paths.ts';
import { fixtureRun } from '../test-support/report-fixtures.ts';
import { describeTarget, environmentInfo, runFilters, toProperties } from './run-info.ts';
import { annotateRuleIds, githubExecutor } from './run-reporter.ts';

const TOKENS = {
  A: 'svc_test_RunInfoTenantA0123456789abcdef',
  B: 'svc_test_RunInfoTenantB0123456789abcdef',
  RATE_LIMIT: 'svc_test_RunInfoRateLimit0123456789ab',
};

const target: Target = {
  baseUrl: 'https://sandbox.payments.example',
  embedded: false,
  environment: 'sandbox',
  tokenPrefixes: { sandbox: 'svc_test_', production: 'svc_live_' },
  tenantA: { name: 'A', clientId: '0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e01', accessToken: TOKENS.A },
  tenantB: { name: 'B', clientId: '7e0f5f0c-5b7a-4a55-8e57-1f1d2c7b9e02', accessToken: TOKENS.B },
  rateLimitTenant: {
    name: 'RATE_LIMIT',
    clientId: '5d8e4a1b-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
    accessToken: TOKENS.RATE_LIMIT,
  },
  limits: {
    A: { requestsPerWindow: 1000, windowSeconds: 60 },
    B: { requestsPerWindow: 1000, windowSeconds: 60 },
    RATE_LIMIT: { requestsPerWindow: 1000, windowSeconds: 60 },
  },
  allowProductionWrites: false,
  runId: 'run-20261121100000-abc123',
};

test('ENVIRONMENT: the Allure environment names target, environment, client ids, version, run id, date', () => {
  const info = fixtureRun({ target: describeTarget(target), arguments: ['--grep', 'AUTH-'] });
  const environment = environmentInfo(info);
  expect(environment).toMatchObject({
    'Target base URL': 'https://sandbox.payments.example',
    Environment: 'sandbox',
    'Tenant A client id': '0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e01',
    'Tenant B client id': '7e0f5f0c-5b7a-4a55-8e57-1f1d2c7b9e02',
    'Rate-limit tenant client id': '5d8e4a1b-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
    'Rate limit': '1000 requests per 60 s',
    'Kit version': kitVersion(),
    'Run id': 'run-20261121100000-abc123',
    Date: '2026-11-21T10:00:00.000Z',
    Filters: '--grep AUTH-',
  });
  expect(kitVersion()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  const everything = `${JSON.stringify(info)}${toProperties(environment)}`;
  for (const token of Object.values(TOKENS)) {
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(token.slice('svc_test_'.length));
  }
  expect(everything).not.toMatch(/svc_(test|live)_/);
  const embedded = environmentInfo(
    fixtureRun({ target: { ...describeTarget(target), embedded: true, clientIds: { A: 'a' } } }),
  );
  expect(embedded.Environment).toBe('sandbox (reference server)');
  expect(embedded['Tenant B client id']).toBe('not configured');
  const raised = environmentInfo(
    fixtureRun({
      target: describeTarget({
        ...target,
        limits: { ...target.limits, A: { requestsPerWindow: 5000, windowSeconds: 60 } },
      }),
    }),
  );
  expect(raised['Rate limit']).toBe(
    'A: 5000 requests per 60 s, B: 1000 requests per 60 s, RATE_LIMIT: 1000 requests per 60 s',
  );
});

test('ENVIRONMENT: properties are escaped so that Allure reads back the same keys and values', () => {
  const text = toProperties({
    'Target base URL': 'http://127.0.0.1:8080',
    'Run id': 'run-1',
    Note: 'a=b: c # ü\nnext',
  });
  expect(text).toBe(
    'Target\\ base\\ URL=http://127.0.0.1:8080\nRun\\ id=run-1\nNote=a=b: c # \\u00fc\\nnext\n',
  );
});

test('ENVIRONMENT: the filters of a run are named; a whole run has none', () => {
  expect(runFilters({ arguments: [] })).toEqual([]);
  expect(runFilters({ arguments: ['--workers=2', '--retries', '1', '--trace', 'on'] })).toEqual([]);
  expect(
    runFilters({
      arguments: ['-g', 'AUTH', '--shard=1/3', 'suites/auth.spec.ts', '--project', 'conformance'],
    }),
  ).toEqual(['-g AUTH', '--shard 1/3', '--project conformance', 'file filter suites/auth.spec.ts']);
});

test('JUNIT: every test gets a `rule` annotation for each rule its check record names, once', () => {
  const attemptOf = (ruleIds: readonly RuleId[]) => {
    const { name, contentType, body } = checkRecordAttachment({
      schema: CHECK_RECORD_SCHEMA,
      ruleIds: [...ruleIds],
      attempt: { retry: 0, repeatEachIndex: 0, workerIndex: 0 },
      status: 'passed',
      violations: [],
    });
    return { attachments: [{ name, contentType, body: Buffer.from(body) }] };
  };
  const tests = [
    // The title is not read: the record says which rules the check checks.
    {
      ruleIds: ['VAL-TYPE-ENUM'],
      title: 'VAL-TYPE-ENUM: reworded',
      annotations: [{ type: 'issue', description: 'x' }],
    },
    {
      ruleIds: ['VAL-BODY-SHAPE', 'VAL-STATUS-400'],
      title: 'VAL-BODY-SHAPE, VAL-STATUS-400: x',
      annotations: [],
    },
    {
      ruleIds: ['AUTH-TOKEN-MISSING'],
      title: 'AUTH-TOKEN-MISSING: an attempt with no record',
      annotations: [],
    },
  ] as unknown as TestCase[];
  const attempts = [
    attemptOf(['AUTH-TOKEN-MISSING']),
    attemptOf(['VAL-BODY-SHAPE', 'VAL-STATUS-400']),
    { attachments: [] },
  ];
  for (const round of [1, 2]) {
    expect(
      tests.map((test, index) => annotateRuleIds(test, attempts[index] as { attachments: [] })),
      `round ${round}`,
    ).toEqual([1, 2, 0]);
  }
  expect(tests.map((t) => t.annotations.filter((a) => a.type === 'rule').map((a) => a.description))).toEqual([
    ['AUTH-TOKEN-MISSING'],
    ['VAL-BODY-SHAPE', 'VAL-STATUS-400'],
    [],
  ]);
});

test('ENVIRONMENT: on GitHub Actions the report links back to the workflow run', () => {
  expect(githubExecutor({})).toBeUndefined();
  expect(
    githubExecutor({
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: 'acme/kit',
      GITHUB_RUN_ID: '42',
      GITHUB_RUN_NUMBER: '7',
      GITHUB_WORKFLOW: 'conformance',
    }),
  ).toEqual({
    name: 'GitHub Actions',
    type: 'github',
    buildName: 'conformance #7',
    buildUrl: 'https://github.com/acme/kit/actions/runs/42',
  });
});

test('PATHS: allurerc.mjs writes where the kit reads, history included, under KIT_OUTPUT_DIR too', () => {
  const root = mkdtempSync(join(tmpdir(), 'kit-allurerc-'));
  const probe = `import(${JSON.stringify(pathToFileURL(join(KIT_ROOT, 'allurerc.mjs')).href)}).then((m) => console.log(JSON.stringify({ output: m.default.output, historyPath: m.default.historyPath, plugins: Object.keys(m.default.plugins) })))`;
  const ask = (env: Record<string, string>) => {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as { output: string; historyPath: string; plugins: string[] };
  };
  const defaults = ask({});
  expect(defaults.output).toBe(outputPaths({}).allureReport);
  expect(defaults.historyPath).toBe(outputPaths({}).history);
  expect(defaults.output).toBe(resolve('fei-kit-output/allure-report'));
  expect(defaults.plugins).toEqual(['awesome']);
  const moved = ask({ KIT_OUTPUT_DIR: root, ALLURE_HISTORY_PATH: join(root, 'restored.jsonl') });
  expect(moved.output).toBe(outputPaths({ KIT_OUTPUT_DIR: root }).allureReport);
  expect(moved.historyPath).toBe(join(root, 'restored.jsonl'));
  expect(
    historyPathOf(outputRoot({ KIT_OUTPUT_DIR: root }), {
      ALLURE_HISTORY_PATH: join(root, 'restored.jsonl'),
    }),
  ).toBe(moved.historyPath);
});

test('REPORT: `fei-kit report` with no results says so in one line and exits 2, building nothing', () => {
  const root = mkdtempSync(join(tmpdir(), 'kit-report-empty-'));
  const result = spawnSync(process.execPath, kitCommandArguments(['report']), {
    env: { PATH: process.env.PATH, KIT_OUTPUT_DIR: root },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status).toBe(2);
  const output = `${result.stdout}${result.stderr}`.trim();
  expect(output.split('\n')).toHaveLength(1);
  expect(output).toMatch(/^report: no results to build a report from: .*run `fei-kit conformance` first$/);
  expect(existsSync(join(root, 'allure-report'))).toBe(false);
  expect(readdirSync(root)).toEqual([]);
});
