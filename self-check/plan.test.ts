/** The self-check's plan, its reading of Playwright's JSON report, and the catalog's coverage of the spec. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { DEPLOYMENTS, MUTANTS, VARIANTS } from '../reference/index.ts';
import { checkRecordAttachment } from '../run-records/check-record.ts';
import { ruleAnnotations, ruleTagPatternOf } from '../run-records/rule-annotations.ts';
import { RULES } from '../spec/index.ts';
import { isRateLimitMutant, planRuns, UNTHROTTLED_LIMIT } from './plan.ts';
import { resultsOfReport } from './results.ts';
import { playwrightArguments, runEnvironment } from './run-server.ts';

test('SELF-CHECK: the plan runs the reference, every variant, every mutant and every deployment, each with the right checks', () => {
  const runs = planRuns();
  expect(runs).toHaveLength(1 + VARIANTS.length + MUTANTS.length + DEPLOYMENTS.length);
  expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
  const byId = new Map(runs.map((r) => [r.id, r]));
  expect(byId.get('reference')?.projects).toEqual(['conformance', 'ratelimit']);
  expect(byId.get('reference')?.stages).toHaveLength(1);
  expect(byId.get('reference')?.env).toEqual({});
  for (const variant of VARIANTS) expect(byId.get(`variant-${variant.name}`)?.projects).toHaveLength(2);
  // A deployment gets every check, and must fail exactly the rules it deviates from.
  for (const deployment of DEPLOYMENTS) {
    const run = byId.get(`deployment-${deployment.name}`);
    expect(run?.projects).toEqual(['conformance', 'ratelimit']);
    expect(run?.server.expectedFailures).toEqual(deployment.deviatesFrom);
    expect(run && runEnvironment(run, '/tmp/out', '/tmp/out/r.json').REFERENCE_DEPLOYMENT).toBe(
      deployment.name,
    );
  }

  const rateLimit = byId.get('mutant-rate-limit-global');
  expect(rateLimit?.projects).toEqual(['ratelimit']);
  expect(rateLimit?.env).toEqual({});
  const validation = byId.get('mutant-amount-zero-accepted');
  expect(validation?.projects).toEqual(['conformance']);
  expect(validation?.env.RATE_LIMIT_PER_MINUTE).toBe(UNTHROTTLED_LIMIT);
  expect(validation?.stages.map((s) => s.label)).toEqual([
    'checks of its declared rules',
    'every other check',
  ]);
  // Longest first: the full runs of the reference and the variants lead.
  expect(runs.slice(0, 1 + VARIANTS.length).every((r) => r.server.kind !== 'mutant')).toBe(true);

  const full = planRuns({ full: true, only: ['mutant-amount-*'] });
  expect(full.length).toBeGreaterThan(1);
  for (const run of full) {
    expect(run.id).toMatch(/^mutant-amount-/);
    expect(run.projects).toEqual(['conformance', 'ratelimit']);
    expect(run.stages).toHaveLength(1);
  }
  expect(planRuns({ mutantPropertyRuns: 7, only: ['amount-zero-accepted'] })[0]?.env.FC_RUNS).toBe('7');
});

test('SELF-CHECK: a stage selects checks by their rules’ tags, never by their titles', () => {
  const [first] = planRuns({ only: ['mutant-amount-zero-accepted'] });
  expect(first?.stages[0]?.grep).toBe(ruleTagPatternOf(['VAL-AMOUNT-POSITIVE']));
  const pattern = new RegExp(ruleTagPatternOf(['VAL-STATUS-ENUM', 'RATE-LIMIT-429']), 'i');
  // Playwright matches --grep against "project file describe title tags".
  expect(
    pattern.test('conformance validation.spec.ts POST field validation x @validation @VAL-STATUS-ENUM'),
  ).toBe(true);
  expect(pattern.test('ratelimit rate-limit.spec.ts rate limit inside a fresh window @RATE-LIMIT-429')).toBe(
    true,
  );
  // A title that names a rule is text for people: only the tag selects.
  expect(pattern.test('conformance x.spec.ts VAL-STATUS-ENUM: POST with x @VAL-STATUS-400')).toBe(false);
  expect(pattern.test('conformance x.spec.ts not the same rule @VAL-STATUS-ENUMS')).toBe(false);

  const args = playwrightArguments({ projects: ['conformance'] }, { label: 'x', grepInvert: 'A' });
  expect(args).toEqual(expect.arrayContaining(['--project', 'conformance', '--grep-invert', 'A']));
  expect(args).toEqual(expect.arrayContaining(['--workers=1', '--retries=0', '--reporter=json']));
  expect(args).not.toContain('--grep');
});

test("SELF-CHECK: a run's environment drops the user's target and names the mutant or variant", () => {
  const parent = {
    PATH: '/bin',
    TARGET_BASE_URL: 'https://staging.example.test',
    TENANT_A_ACCESS_TOKEN: 'svc_test_secret',
    RATE_LIMIT_PER_MINUTE: '50',
    FC_SEED: '42',
    REFERENCE_VARIANT: 'put-no-content',
  };
  const env = runEnvironment(
    {
      server: { kind: 'mutant', name: 'dedup-missing', description: '', catchingRules: [] },
      env: { FC_RUNS: '5' },
    },
    '/out/mutant-dedup-missing',
    '/out/mutant-dedup-missing/results-1.json',
    parent,
  );
  expect(env).toMatchObject({
    PATH: '/bin',
    KIT_IGNORE_DOTENV: 'true',
    KIT_OUTPUT_DIR: '/out/mutant-dedup-missing',
    PLAYWRIGHT_JSON_OUTPUT_NAME: '/out/mutant-dedup-missing/results-1.json',
    REFERENCE_MUTANT: 'dedup-missing',
    FC_RUNS: '5',
  });
  for (const gone of [
    'TARGET_BASE_URL',
    'TENANT_A_ACCESS_TOKEN',
    'RATE_LIMIT_PER_MINUTE',
    'FC_SEED',
    'REFERENCE_VARIANT',
  ])
    expect(env[gone], gone).toBeUndefined();
});

test("SELF-CHECK: Playwright's JSON report is read back as one outcome per check, credited by its violations", () => {
  const spec = (title: string, status: string, results: unknown[], annotations: unknown[] = []) => ({
    title,
    file: 'auth.spec.ts',
    tags: [],
    tests: [{ projectName: 'conformance', status, expectedStatus: 'passed', annotations, results }],
  });
  const record = checkRecordAttachment({
    schema: 'check-record/v1',
    ruleIds: ['AUTH-TOKEN-MISSING'],
    attempt: { retry: 0, repeatEachIndex: 0, workerIndex: 0 },
    status: 'failed',
    violations: [
      { rule: 'AUTH-TOKEN-MISSING', message: 'expected HTTP 401 ERR-1001, got HTTP 401' },
      { rule: 'ERROR-BODY-SHAPE', message: 'HTTP 401 (text/html) with "x", not a JSON body' },
    ],
  });
  const results = resultsOfReport({
    errors: [{ message: '\u001b[31mError: global setup failed\u001b[39m\n    at x' }],
    suites: [
      {
        title: 'auth.spec.ts',
        file: 'auth.spec.ts',
        specs: [],
        suites: [
          {
            title: 'GET headers',
            file: 'auth.spec.ts',
            specs: [
              spec('AUTH-TOKEN-MISSING: GET without X-Access-Token gives 401 ERR-1001', 'unexpected', [
                {
                  status: 'failed',
                  errors: [{ message: 'RuleViolation: AUTH-TOKEN-MISSING: expected HTTP 401 ERR-1001' }],
                  // results.json holds an attachment's body in base64.
                  attachments: [{ ...record, body: Buffer.from(record.body).toString('base64') }],
                },
              ]),
              spec(
                'RETRIEVE-UNKNOWN-404: GET of an unknown uuid',
                'expected',
                [{ status: 'passed' }],
                ruleAnnotations('RETRIEVE-UNKNOWN-404'),
              ),
              spec('a title with no rule id', 'skipped', [{ status: 'skipped' }]),
              spec(
                'DEDUP-CONCURRENT: flaky',
                'flaky',
                [{ status: 'failed' }, { status: 'passed' }],
                ruleAnnotations('DEDUP-CONCURRENT'),
              ),
              spec(
                'UPDATE-APPLIES, UPDATE-VALIDATES: failed outside the oracle',
                'unexpected',
                [{ status: 'failed', errors: [{ message: 'TypeError: x is undefined\n    at y' }] }],
                ruleAnnotations(['UPDATE-APPLIES', 'UPDATE-VALIDATES']),
              ),
            ],
          },
        ],
      },
    ],
  } as unknown as Parameters<typeof resultsOfReport>[0]);
  expect(results.errors).toEqual(['Error: global setup failed']);
  // In the certificate's stable order: by file, then full title.
  const byTitle = new Map(results.tests.map((t) => [t.title, t]));
  expect(results.tests.map((t) => [t.ruleId, t.outcome, t.file])).toEqual([
    [undefined, 'skipped', 'auth.spec.ts'],
    ['AUTH-TOKEN-MISSING', 'failed', 'auth.spec.ts'],
    ['DEDUP-CONCURRENT', 'passed', 'auth.spec.ts'],
    ['RETRIEVE-UNKNOWN-404', 'passed', 'auth.spec.ts'],
    ['UPDATE-APPLIES', 'failed', 'auth.spec.ts'],
  ]);
  const missing = byTitle.get('AUTH-TOKEN-MISSING: GET without X-Access-Token gives 401 ERR-1001');
  expect(missing?.failedRules).toEqual(['AUTH-TOKEN-MISSING', 'ERROR-BODY-SHAPE']);
  expect(missing?.error).toBe('AUTH-TOKEN-MISSING: expected HTTP 401 ERR-1001, got HTTP 401');
  expect(byTitle.get('RETRIEVE-UNKNOWN-404: GET of an unknown uuid')?.failedRules).toEqual([]);
  // A failure that recorded no violation is the kit's fault: it fails the run but credits no rule.
  const outside = byTitle.get('UPDATE-APPLIES, UPDATE-VALIDATES: failed outside the oracle');
  expect(outside?.failedRules).toEqual([]);
  expect(outside?.error).toBe('TypeError: x is undefined');
});

test('SELF-CHECK: the catalog: at least 40 mutants covering every checkable rule, at least 8 variants', () => {
  expect(MUTANTS.length).toBeGreaterThanOrEqual(40);
  expect(VARIANTS.length).toBeGreaterThanOrEqual(8);
  const declared = new Set(MUTANTS.flatMap((m) => m.catchingRules));
  const uncovered = RULES.filter(
    (r) => r.kind === 'rule' && !r.notCheckableRemotely && !declared.has(r.id),
  ).map((r) => r.id);
  expect(uncovered, 'stated rules that no mutant breaks').toEqual([]);
  // The rate limit has mutants of its own, which get the rate-limit checks.
  expect(MUTANTS.filter(isRateLimitMutant).length).toBeGreaterThanOrEqual(5);
});
