/**
 * The behaviour profile: built from a run's outputs only (certificate.json, observations.json, run.json,
 * k6 summaries), the same for two runs against the same server whatever their run ids, uuids and
 * times, tolerant of verdict words it does not know, and found from whatever a person gives
 * (a run folder, a certificate folder, a profile file), with a one-line error for anything else.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { outputPaths } from '../../utilities/output-paths.ts';
import { CERTIFICATE_FILES } from '../certificate/files.ts';
import { newRunInfo } from '../reporters/run-info.ts';
import { buildProfile, type ProfileInputs } from './build.ts';
import { findProfile, profilePathOf, writeProfile } from './files.ts';
import { ProfileError } from './from-outputs.ts';
import { normaliseReading } from './normalise.ts';
import { PROFILE_SCHEMA } from './profile.ts';

const RUN_A = 'run-20261121100000-abc123';
const RUN_B = 'gh-8812-1';

test('PROFILE: readings lose their run ids, externalIds, uuids and times, and keep what the target chose', () => {
  expect(normaliseReading(`PUT onto ${RUN_A}-payin-3f2a gives 400 ERR-4001`, RUN_A)).toBe(
    'PUT onto <external-id> gives 400 ERR-4001',
  );
  expect(normaliseReading(`run ${RUN_B} refused`, RUN_B)).toBe('run <run-id> refused');
  // The kit's default run id shape, even when the run id is not known.
  expect(normaliseReading(`duplicate of run-20250101000000-ffff00-dup-1`)).toBe('duplicate of <external-id>');
  // An externalId built on the run's tag (generators/external-id-tag.ts).
  expect(normaliseReading('PUT onto fk0a1b2c3-payin-0123456789ab gives 400')).toBe(
    'PUT onto <external-id> gives 400',
  );
  expect(normaliseReading('POST of FK0A1B2C3-TWIN-0123456789AB gives 201')).toBe(
    'POST of <external-id> gives 201',
  );
  expect(
    normaliseReading(
      'GET /api/h2h/ingestion/financial-events/0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e01 gives 404',
    ),
  ).toBe('GET /api/h2h/ingestion/financial-events/<uuid> gives 404');
  expect(normaliseReading('GET adds createdAt 2026-11-21T10:00:00.123Z and stamp 1795469343446')).toBe(
    'GET adds createdAt <time> and stamp <time>',
  );
  // What the target chose stays: statuses, codes, field names, counts.
  expect(normaliseReading('externalId of 1026 characters gives 400 ERR-9005', RUN_A)).toBe(
    'externalId of 1026 characters gives 400 ERR-9005',
  );
});

const inputs = (runId: string, uuid: string, extra: Partial<ProfileInputs> = {}): ProfileInputs => ({
  certificate: {
    runId,
    date: '2026-11-21T10:00:00.000Z',
    kitVersion: '0.1.0',
    filters: [],
    target: { baseUrl: 'http://127.0.0.1:41234', environment: 'sandbox', embedded: true },
    rules: [
      { id: 'VAL-AMOUNT-POSITIVE', kind: 'rule', verdict: 'passed' },
      { id: 'GAP-PUT-STATUS', kind: 'gap', verdict: 'passed' },
      { id: 'GAP-422-USE', kind: 'gap', verdict: 'not run' },
    ],
  },
  observations: {
    runId,
    observations: [
      { ruleId: 'GAP-PUT-STATUS', observed: 'PUT answers 200', test: 'UPDATE-APPLIES: PUT succeeds' },
      // The same reading twice (GET and PUT of one test) is one reading.
      { ruleId: 'GAP-FORBIDDEN-TRIGGER', observed: 'gets 403 ERR-1003', test: 'AUTH-NOT-AUTHORIZED: B' },
      { ruleId: 'GAP-FORBIDDEN-TRIGGER', observed: 'gets 403 ERR-1003', test: 'AUTH-NOT-AUTHORIZED: B' },
      {
        ruleId: 'GAP-422-USE',
        observed: `PUT onto ${runId}-taken of ${uuid} gives 400 ERR-4001`,
        test: 'GAP-422-USE: PUT onto a taken externalId',
      },
    ],
  },
  run: undefined,
  loadSummaries: [],
  ...extra,
});

test('PROFILE: two runs against the same server give the same behaviour, whatever their run ids, uuids and ports', () => {
  const one = buildProfile(inputs(RUN_A, '0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e01'));
  const two = buildProfile({
    ...inputs(RUN_B, '7d444840-9dc0-11d1-b245-5ffdce74fad2'),
    certificate: {
      ...inputs(RUN_B, '').certificate,
      target: { baseUrl: 'http://127.0.0.1:50999', environment: 'sandbox', embedded: true },
    },
  });
  expect(one.schema).toBe(PROFILE_SCHEMA);
  expect(JSON.stringify(two.behaviour)).toBe(JSON.stringify(one.behaviour));
  expect(two.run.target).toBe(one.run.target);
  expect(one.run.runId).toBe(RUN_A);
  expect(one.behaviour.readings).toEqual({
    'GAP-422-USE': {
      'GAP-422-USE: PUT onto a taken externalId': ['PUT onto <external-id> of <uuid> gives 400 ERR-4001'],
    },
    'GAP-FORBIDDEN-TRIGGER': { 'AUTH-NOT-AUTHORIZED: B': ['gets 403 ERR-1003'] },
    'GAP-PUT-STATUS': { 'UPDATE-APPLIES: PUT succeeds': ['PUT answers 200'] },
  });
  // Any verdict word is kept as the certificate words it.
  expect(one.behaviour.rules['GAP-422-USE']).toEqual({ kind: 'gap', verdict: 'not run' });
});

const latencySummary = (runId: string) => ({
  script: 'latency',
  runId,
  verdict: 'passed',
  thresholds: [
    {
      ruleId: 'LOAD-LATENCY-CREATE',
      metric: 'http_req_duration{endpoint:create}',
      expression: 'p(95)<500',
      verdict: 'passed',
    },
  ],
  metrics: {
    'http_req_duration{endpoint:create}': {
      values: { 'p(95)': 12.3456, 'p(99)': 20.1, med: 5, max: 80, count: 300 },
    },
    'http_req_duration{endpoint:retrieve}': { values: { 'p(95)': 3.2, 'p(99)': 4 } },
    http_req_duration: { values: { 'p(95)': 9 } },
  },
});

test('PROFILE: the k6 latency percentiles per endpoint and threshold verdicts of the same run count; another run’s do not', () => {
  const profile = buildProfile(
    inputs(RUN_A, '', {
      loadSummaries: [latencySummary(RUN_A), { ...latencySummary('run-other'), script: 'rate-limit' }],
    }),
  );
  expect(profile.behaviour.load).toEqual({
    latency: {
      verdict: 'passed',
      thresholds: { 'LOAD-LATENCY-CREATE http_req_duration{endpoint:create} p(95)<500': 'passed' },
      latency: { create: { med: 5, 'p(95)': 12.35, 'p(99)': 20.1 }, retrieve: { 'p(95)': 3.2, 'p(99)': 4 } },
    },
  });
  expect(profile.notes.join('\n')).toContain('k6 rate-limit summary of another run (run-other) left out');
});

const writeRun = (root: string, runId: string): void => {
  const paths = outputPaths({ KIT_OUTPUT_DIR: root });
  const run = inputs(runId, '0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e01');
  mkdirSync(paths.certificate, { recursive: true });
  mkdirSync(paths.load, { recursive: true });
  mkdirSync(paths.conformance, { recursive: true });
  // The certificate carries much more than a profile reads: it is ignored.
  writeFileSync(
    join(paths.certificate, CERTIFICATE_FILES.json),
    JSON.stringify({ schema: 'x', outcome: 'no-deviation-found', totals: {}, ...run.certificate }),
  );
  writeFileSync(paths.observations, JSON.stringify({ ...run.observations, byRule: {} }));
  writeFileSync(
    paths.runInfo,
    JSON.stringify(
      newRunInfo({
        runId,
        startedAt: '2026-11-21T10:00:00.000Z',
        arguments: ['--grep', 'GAP'],
        target: {
          baseUrl: 'https://staging.example',
          environment: 'sandbox',
          embedded: false,
          clientIds: { A: '0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e01' },
          rateLimit: { requestsPerWindow: 1000, windowSeconds: 60 },
          allowProductionWrites: false,
        },
      }),
    ),
  );
  writeFileSync(
    join(paths.load, 'latency.summary.json'),
    JSON.stringify({
      ...latencySummary(runId),
      thresholds: latencySummary(runId).thresholds.map((t) => ({
        ...t,
        title: 'p95',
        observed: 12.3,
        decidedBy: 'k6',
      })),
      generatedAt: '2026-11-21T10:05:00.000Z',
      target: 'staging',
      settings: {},
    }),
  );
};

test('PROFILE: written beside the certificate, and found from a run folder, its certificate folder or the file', () => {
  const root = mkdtempSync(join(tmpdir(), 'kit-profile-'));
  writeRun(root, RUN_A);
  const paths = outputPaths({ KIT_OUTPUT_DIR: root });
  // A run folder written before profiles existed is profiled from its outputs.
  const built = findProfile(root);
  expect(built.certificateFolder).toBe(paths.certificate);
  const { profile, file } = writeProfile(paths);
  expect(file).toBe(profilePathOf(paths));
  expect(built.profile).toEqual(profile);
  expect(profile.run).toEqual({
    runId: RUN_A,
    startedAt: '2026-11-21T10:00:00.000Z',
    kitVersion: profile.run.kitVersion,
    target: 'https://staging.example (sandbox)',
    filters: ['--grep GAP'],
  });
  expect(profile.behaviour.load.latency?.latency.create).toEqual({ med: 5, 'p(95)': 12.35, 'p(99)': 20.1 });
  expect(profile.notes).toEqual([]);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(profile);
  for (const location of [root, paths.certificate, file]) {
    const found = findProfile(location);
    expect(found.profile, location).toEqual(profile);
    expect(found.certificateFolder, location).toBe(paths.certificate);
  }
});

test('PROFILE: what is not a profile is one line naming the path, never a stack trace', () => {
  const root = mkdtempSync(join(tmpdir(), 'kit-profile-bad-'));
  const cases: [string, RegExp][] = [
    [join(root, 'missing'), /missing does not exist$/],
    [
      root,
      /holds no behaviour profile \(profile\.json, or certificate\/profile\.json\) and no run's certificate$/,
    ],
  ];
  writeFileSync(join(root, 'not-json.json'), '{ half');
  cases.push([join(root, 'not-json.json'), /not-json\.json is not JSON$/]);
  writeFileSync(join(root, 'other.json'), JSON.stringify({ schema: 'conformance-run/v1' }));
  cases.push([join(root, 'other.json'), /other\.json is not a behaviour profile of the kit \(schema: /]);
  const broken = join(root, 'broken-run');
  mkdirSync(join(broken, 'certificate'), { recursive: true });
  writeFileSync(join(broken, 'certificate', CERTIFICATE_FILES.json), JSON.stringify({ rules: 'none' }));
  cases.push([broken, /certificate\.json is not a certificate of the kit \(/]);
  for (const [location, message] of cases) {
    let thrown: unknown;
    try {
      findProfile(location);
    } catch (error) {
      thrown = error;
    }
    expect(thrown, location).toBeInstanceOf(ProfileError);
    expect((thrown as Error).message, location).toMatch(message);
    expect((thrown as Error).message).not.toContain('\n');
  }
});
