/**
 * The certificate from fixture results: every kind of verdict, honesty (a rule nobody checked is never
 * "passed"), a stable order (two certificates diff cleanly), no token in any of its files, and the
 * command's exit codes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { EXIT } from '../../config/index.ts';
import { type TestOutcome, testOutcomes } from '../../run-records/check-record-reader.ts';
import { RULES } from '../../spec/index.ts';
import { kitCommandArguments } from '../../utilities/kit-root.ts';
import { outputPaths } from '../../utilities/output-paths.ts';
import {
  certificateInput,
  type FixtureTest,
  fixtureReport,
  fixtureRun,
  PRODUCTION_TARGET,
} from '../test-support/report-fixtures.ts';
import { buildCertificate, type RuleEntry, VERDICTS } from './certificate.ts';
import { renderHtml, renderMarkdown } from './render.ts';
import { listsWholeSuite, writeCertificate } from './write-certificate.ts';

const TOKEN = 'svc_test_CertificateFixtureSecret0123456789';

const input = certificateInput;

const entry = (rules: readonly RuleEntry[], id: string): RuleEntry => {
  const found = rules.find((r) => r.id === id);
  if (!found) throw new Error(`no entry ${id}`);
  return found;
};

const listing = (tests: readonly FixtureTest[]): TestOutcome[] => testOutcomes(fixtureReport(tests));

test('CERTIFICATE: an error-body failure inside a validation test is credited to ERROR-BODY-SHAPE', () => {
  const certificate = buildCertificate(
    input([
      {
        ruleIds: ['VAL-AMOUNT-POSITIVE'],
        title: 'VAL-AMOUNT-POSITIVE: POST with amount zero gives 400 ERR-3005',
        status: 'failed',
        error:
          'RuleViolation: ERROR-BODY-SHAPE: HTTP 400 (text/html) with "<h1>Bad Request</h1>", not a JSON body',
        violations: ['ERROR-BODY-SHAPE: HTTP 400 (text/html) with "<h1>Bad Request</h1>", not a JSON body'],
      },
      {
        ruleIds: ['ERROR-BODY-SHAPE'],
        title: 'ERROR-BODY-SHAPE: header and lookup errors have JSON bodies',
        status: 'passed',
      },
      {
        ruleIds: ['VAL-STATUS-ENUM'],
        title: 'VAL-STATUS-ENUM: every status of the spec is accepted',
        status: 'passed',
      },
    ]),
  );
  expect(entry(certificate.rules, 'ERROR-BODY-SHAPE')).toMatchObject({ verdict: 'failed' });
  expect(entry(certificate.rules, 'ERROR-BODY-SHAPE').reason).toContain('1 violation in 1 test');
  expect(entry(certificate.rules, 'ERROR-BODY-SHAPE').tests.map((t) => t.title)).toContain(
    'VAL-AMOUNT-POSITIVE: POST with amount zero gives 400 ERR-3005',
  );
  // The validation rule was not shown broken: its only check stopped at another rule's violation.
  expect(entry(certificate.rules, 'VAL-AMOUNT-POSITIVE')).toMatchObject({ verdict: 'inconclusive' });
  expect(entry(certificate.rules, 'VAL-AMOUNT-POSITIVE').reason).toContain('ERROR-BODY-SHAPE');
  expect(certificate.outcome).toBe('deviation-found');
  expect(certificate.outcomeText).toContain('1 rule failed');
});

test('CERTIFICATE: a test of several rules credits each; a cut-short property is inconclusive', () => {
  const certificate = buildCertificate(
    input([
      {
        ruleIds: ['VAL-BODY-SHAPE', 'VAL-STATUS-400'],
        title: 'VAL-BODY-SHAPE, VAL-STATUS-400: a validation body',
        status: 'passed',
      },
      {
        ruleIds: ['UPDATE-APPLIES', 'UPDATE-VALIDATES'],
        title: 'UPDATE-APPLIES, UPDATE-VALIDATES: PUT changing the type',
        status: 'failed',
        violations: [
          'VAL-PAYOUT-NO-PAYIN-FIELDS: a valid PUT was refused with ERR-3010, which it does not break',
        ],
      },
      {
        ruleIds: ['RETRIEVE-RETURNS-EVENT'],
        title: 'RETRIEVE-RETURNS-EVENT: every valid event comes back',
        status: 'skipped',
        inconclusive: 'the property completed 3 of its 200 runs before the time limit',
      },
    ]),
  );
  expect(entry(certificate.rules, 'VAL-BODY-SHAPE').verdict).toBe('passed');
  expect(entry(certificate.rules, 'VAL-STATUS-400').verdict).toBe('passed');
  expect(entry(certificate.rules, 'VAL-PAYOUT-NO-PAYIN-FIELDS').verdict).toBe('failed');
  expect(entry(certificate.rules, 'UPDATE-APPLIES').verdict).toBe('inconclusive');
  expect(entry(certificate.rules, 'RETRIEVE-RETURNS-EVENT')).toMatchObject({
    verdict: 'inconclusive',
    reason:
      '1 check could not make the claim: the property completed 3 of its 200 runs before the time limit',
  });
  const withoutTheFailure = buildCertificate(
    input([
      {
        ruleIds: ['VAL-BODY-SHAPE', 'VAL-STATUS-400'],
        title: 'VAL-BODY-SHAPE, VAL-STATUS-400: a validation body',
        status: 'passed',
      },
      {
        ruleIds: ['RETRIEVE-RETURNS-EVENT'],
        title: 'RETRIEVE-RETURNS-EVENT: every valid event comes back',
        status: 'skipped',
        inconclusive: 'x',
      },
    ]),
  );
  expect(withoutTheFailure.outcome).toBe('incomplete');
  expect(withoutTheFailure.outcomeText).toContain('inconclusive');
});

test('CERTIFICATE: every verdict kind, each with its reason', () => {
  const certificate = buildCertificate(
    input(
      [
        {
          ruleIds: ['AUTH-TOKEN-MISSING'],
          title: 'AUTH-TOKEN-MISSING: POST without a token gives 401',
          status: 'passed',
          describe: 'POST',
        },
        {
          ruleIds: ['AUTH-TOKEN-MISSING'],
          title: 'AUTH-TOKEN-MISSING: GET without a token gives 401',
          status: 'failed',
          describe: 'GET',
          error: 'RuleViolation: AUTH-TOKEN-MISSING: expected 401 ERR-1001, got 200',
          violations: ['AUTH-TOKEN-MISSING: expected 401 ERR-1001, got 200'],
        },
        {
          ruleIds: ['AUTH-TOKEN-INVALID'],
          title: 'AUTH-TOKEN-INVALID: an unknown token gives 401',
          status: 'passed',
        },
        {
          ruleIds: ['AUTH-TOKEN-INVALID'],
          title: 'AUTH-TOKEN-INVALID: a token of no prefix gives 401',
          status: 'skipped',
          skipReason: 'not today',
        },
        {
          ruleIds: ['CREATE-RETURNS-UUID'],
          title: 'CREATE-RETURNS-UUID: a valid event gives 201',
          status: 'flaky',
          violations: ['CREATE-RETURNS-UUID: 201 without uuid'],
        },
        {
          ruleIds: ['ISOLATION-GET'],
          title: 'ISOLATION-GET: B cannot read A',
          status: 'skipped',
          skipReason: 'TENANT_B_CLIENT_ID / TENANT_B_ACCESS_TOKEN not set: this check needs a second tenant',
        },
        {
          id: 'put-changes',
          ruleIds: ['UPDATE-APPLIES'],
          title: 'UPDATE-APPLIES: PUT changes the event',
          status: 'passed',
        },
      ],
      {
        suiteListing: listing([
          {
            ruleIds: ['DEDUP-EXTERNAL-ID'],
            title: 'DEDUP-EXTERNAL-ID: a second POST gives ERR-4001',
            status: 'skipped',
          },
        ]),
        observations: {
          byRule: { 'GAP-PUT-STATUS': { 'PUT answers 200': 2 } },
          observations: [
            {
              ruleId: 'GAP-PUT-STATUS',
              testId: 'put-changes',
              test: 'UPDATE-APPLIES: PUT changes the event',
            },
          ],
        },
      },
    ),
  );
  const rules = certificate.rules;
  expect(entry(rules, 'AUTH-TOKEN-MISSING')).toMatchObject({
    verdict: 'failed',
    counts: { passed: 1, failed: 1, skipped: 0, flaky: 0 },
  });
  expect(entry(rules, 'AUTH-TOKEN-MISSING').reason).toBe(
    '1 violation in 1 test: expected 401 ERR-1001, got 200',
  );
  expect(entry(rules, 'AUTH-TOKEN-MISSING').tests.find((t) => t.status === 'failed')?.error).toContain(
    'got 200',
  );
  expect(entry(rules, 'AUTH-TOKEN-INVALID')).toMatchObject({ verdict: 'passed', reason: '1 skipped' });
  // Failed on one attempt and passed on the next: an answer that changes is a finding, never a pass.
  expect(entry(rules, 'CREATE-RETURNS-UUID')).toMatchObject({ verdict: 'failed' });
  expect(entry(rules, 'CREATE-RETURNS-UUID').reason).toMatch(
    /^flaky: 1 check failed on one attempt and passed on another .*; 1 violation in 1 test: 201 without uuid$/,
  );
  expect(certificate.kitFaults).toEqual([]);
  expect(entry(rules, 'ISOLATION-GET')).toMatchObject({ verdict: 'skipped' });
  expect(entry(rules, 'ISOLATION-GET').reason).toContain('needs a second tenant');
  // In the suite but not in this (unfiltered) run: skipped, with why.
  expect(entry(rules, 'DEDUP-EXTERNAL-ID')).toMatchObject({ verdict: 'skipped' });
  expect(entry(rules, 'DEDUP-EXTERNAL-ID').reason).toContain('none ran');
  expect(entry(rules, 'AUTH-SANDBOX-IP-ALLOWLIST')).toMatchObject({ verdict: 'not-checkable-remotely' });
  expect(entry(rules, 'AUTH-SANDBOX-IP-ALLOWLIST').reason).toContain('outside the allowlist');
  expect(entry(rules, 'RATE-LIMIT-429')).toMatchObject({ verdict: 'not-covered' });
  // A gap is covered by the test that observed it, and shows what was observed.
  expect(entry(rules, 'GAP-PUT-STATUS')).toMatchObject({
    verdict: 'passed',
    observations: [{ observed: 'PUT answers 200', count: 2 }],
  });
  expect(entry(rules, 'GAP-PUT-STATUS').tests.map((t) => t.title)).toEqual([
    'UPDATE-APPLIES: PUT changes the event',
  ]);
  expect(certificate.outcome).toBe('deviation-found');
  expect(certificate.totals.tests).toEqual({ passed: 3, failed: 1, skipped: 2, flaky: 1 });
  const total = Object.values(certificate.totals.verdicts).reduce((a, b) => a + b, 0);
  expect(total).toBe(RULES.length);

  const markdown = renderMarkdown(certificate);
  expect(markdown).toContain('| `AUTH-TOKEN-MISSING` A request without X-Access-Token gets 401 ERR-1001 |');
  expect(markdown).toContain('**failed**');
  expect(markdown).toContain('## Failures');
  expect(markdown).toContain('PUT answers 200 (2 observations)');
  const html = renderHtml(certificate);
  const rowVerdict = (id: string): string | undefined =>
    new RegExp(`<tr id="${id}"[^]*?data-verdict="([a-z-]+)"`).exec(html)?.[1];
  for (const rule of certificate.rules) expect(rowVerdict(rule.id), rule.id).toBe(rule.verdict);
  for (const verdict of VERDICTS) expect(html).toContain(`data-total="${verdict}"`);
});

test('CERTIFICATE: an observation credits the test that made it, never another of the same title', () => {
  const certificate = buildCertificate(
    input(
      [
        {
          id: 'put-a',
          ruleIds: ['UPDATE-APPLIES'],
          title: 'UPDATE-APPLIES: PUT',
          status: 'passed',
          describe: 'A',
        },
        {
          id: 'put-b',
          ruleIds: ['UPDATE-APPLIES'],
          title: 'UPDATE-APPLIES: PUT',
          status: 'passed',
          describe: 'B',
        },
      ],
      {
        observations: {
          byRule: { 'GAP-PUT-STATUS': { 'PUT answers 200': 1 } },
          observations: [{ ruleId: 'GAP-PUT-STATUS', testId: 'put-b', test: 'UPDATE-APPLIES: PUT' }],
        },
      },
    ),
  );
  expect(entry(certificate.rules, 'GAP-PUT-STATUS').tests.map((t) => t.title)).toEqual([
    'B › UPDATE-APPLIES: PUT',
  ]);
  expect(entry(certificate.rules, 'UPDATE-APPLIES').tests).toHaveLength(2);
});

test("CERTIFICATE: an older kit's observation, which names its test by title only, still credits that test", () => {
  const certificate = buildCertificate(
    input(
      [
        { id: 'put-a', ruleIds: ['UPDATE-APPLIES'], title: 'UPDATE-APPLIES: PUT', status: 'passed' },
        {
          id: 'get-a',
          ruleIds: ['RETRIEVE-RETURNS-EVENT'],
          title: 'RETRIEVE-RETURNS-EVENT: GET',
          status: 'passed',
        },
      ],
      {
        observations: {
          byRule: { 'GAP-PUT-STATUS': { 'PUT answers 200': 1 } },
          observations: [{ ruleId: 'GAP-PUT-STATUS', test: 'UPDATE-APPLIES: PUT' }],
        },
      },
    ),
  );
  expect(entry(certificate.rules, 'GAP-PUT-STATUS').tests.map((t) => t.title)).toEqual([
    'UPDATE-APPLIES: PUT',
  ]);
});

test('CERTIFICATE: against production, the checks that write are not applicable, not failed nor missing', () => {
  const certificate = buildCertificate(
    input(
      [
        {
          ruleIds: ['AUTH-TOKEN-MISSING'],
          title: 'AUTH-TOKEN-MISSING: GET without a token gives 401',
          status: 'passed',
          tags: ['@readonly'],
        },
        {
          ruleIds: ['VAL-AMOUNT-POSITIVE'],
          title: 'VAL-AMOUNT-POSITIVE: amount 0 gives 400',
          status: 'skipped',
          skipReason: 'production target: only @readonly checks run unless ALLOW_PRODUCTION_WRITES=true',
          skipKind: 'production-read-only',
        },
      ],
      {
        run: fixtureRun({ target: PRODUCTION_TARGET }),
        suiteListing: listing([
          {
            ruleIds: ['AUTH-TOKEN-MISSING'],
            title: 'AUTH-TOKEN-MISSING: GET without a token gives 401',
            status: 'skipped',
            tags: ['@readonly'],
          },
          {
            ruleIds: ['DEDUP-EXTERNAL-ID'],
            title: 'DEDUP-EXTERNAL-ID: a second POST gives ERR-4001',
            status: 'skipped',
            tags: ['@dedup'],
          },
        ]),
      },
    ),
  );
  expect(entry(certificate.rules, 'AUTH-TOKEN-MISSING').verdict).toBe('passed');
  expect(entry(certificate.rules, 'VAL-AMOUNT-POSITIVE').verdict).toBe('not-applicable-in-production');
  expect(entry(certificate.rules, 'DEDUP-EXTERNAL-ID')).toMatchObject({
    verdict: 'not-applicable-in-production',
  });
  expect(entry(certificate.rules, 'DEDUP-EXTERNAL-ID').reason).toContain('ALLOW_PRODUCTION_WRITES=true');
  // A gap nobody observed in a partial run is not claimed to be uncovered, nor observed.
  expect(entry(certificate.rules, 'GAP-429-BODY').verdict).toBe('skipped');
  expect(renderMarkdown(certificate)).toContain('not applicable in production');
});

test('CERTIFICATE: honest: with no test, nothing is passed and the outcome is incomplete', () => {
  const certificate = buildCertificate(
    input([{ title: 'NOT-A-RULE: a test whose title names no rule', status: 'passed' }], {
      suiteListing: undefined,
    }),
  );
  expect(certificate.rules.filter((r) => r.verdict === 'passed')).toEqual([]);
  for (const rule of certificate.rules) {
    expect(['not-covered', 'not-checkable-remotely']).toContain(rule.verdict);
    expect(rule.verdict === 'not-checkable-remotely').toBe(
      RULES.find((r) => r.id === rule.id)?.notCheckableRemotely !== undefined,
    );
  }
  expect(certificate.totals.testsWithoutRule).toBe(1);
  expect(certificate.notes.join('\n')).toContain('could not be listed');
  expect(renderMarkdown(certificate)).toContain('not covered (no test)');
  const empty = buildCertificate(input([], { runErrors: ['Error: global setup failed'] }));
  expect(empty.outcome).toBe('incomplete');
  expect(empty.outcomeText).toContain('1 error');
});

test('CERTIFICATE: a filtered run says so, and its unselected rules are skipped, not passed', () => {
  const certificate = buildCertificate(
    input(
      [
        {
          ruleIds: ['AUTH-TOKEN-MISSING'],
          title: 'AUTH-TOKEN-MISSING: POST without a token gives 401',
          status: 'passed',
        },
      ],
      {
        run: fixtureRun({ arguments: ['--grep', 'AUTH-TOKEN-MISSING'] }),
        suiteListing: listing([
          {
            ruleIds: ['AUTH-TOKEN-MISSING'],
            title: 'AUTH-TOKEN-MISSING: POST without a token gives 401',
            status: 'skipped',
          },
          { ruleIds: ['VAL-TYPE-ENUM'], title: 'VAL-TYPE-ENUM: type payin gives 400', status: 'skipped' },
        ]),
      },
    ),
  );
  expect(certificate.filters).toEqual(['--grep AUTH-TOKEN-MISSING']);
  expect(entry(certificate.rules, 'VAL-TYPE-ENUM')).toMatchObject({ verdict: 'skipped' });
  expect(entry(certificate.rules, 'VAL-TYPE-ENUM').reason).toContain("not selected by this run's filters");
  expect(certificate.notes[0]).toContain('not a certificate of the whole suite');
});

test('CERTIFICATE: k6 thresholds of the same run count toward their rules; those of another run do not', () => {
  const summary = (runId: string, verdict: 'passed' | 'failed') => ({
    script: 'rate-limit',
    generatedAt: '2026-11-21T10:05:00.000Z',
    target: 'https://sandbox.payments.example (sandbox)',
    runId,
    settings: {},
    durationSeconds: 70,
    verdict,
    thresholds: [
      {
        ruleId: 'RATE-LIMIT-429',
        title: 'past the limit the service answers 429',
        metric: 'throttled',
        expression: 'count>0',
        verdict,
        observed: verdict === 'passed' ? 12 : 0,
        decidedBy: 'k6',
      },
    ],
  });
  const same = buildCertificate(
    input([], {
      loadSummaries: [
        { ...summary('run-20261121100000-abc123', 'passed'), dashboardHref: '../load/rate-limit.html' },
      ],
    }),
  );
  expect(entry(same.rules, 'RATE-LIMIT-429')).toMatchObject({ verdict: 'passed' });
  expect(entry(same.rules, 'RATE-LIMIT-429').tests[0]?.project).toBe('k6 rate-limit');
  expect(same.load).toEqual([
    expect.objectContaining({ script: 'rate-limit', counted: true, dashboard: '../load/rate-limit.html' }),
  ]);
  // The load section links the run's web dashboard, in both renderings.
  expect(renderMarkdown(same)).toContain('| yes | [rate-limit.html](../load/rate-limit.html) |');
  expect(renderHtml(same)).toContain('<td><a href="../load/rate-limit.html">rate-limit.html</a></td>');
  const failed = buildCertificate(
    input([], { loadSummaries: [summary('run-20261121100000-abc123', 'failed')] }),
  );
  expect(entry(failed.rules, 'RATE-LIMIT-429').verdict).toBe('failed');
  expect(failed.outcome).toBe('deviation-found');
  const other = buildCertificate(input([], { loadSummaries: [summary('run-other', 'passed')] }));
  expect(entry(other.rules, 'RATE-LIMIT-429').verdict).toBe('not-covered');
  expect(other.load[0]).toMatchObject({ counted: false, dashboard: null });
  expect(renderMarkdown(other)).toContain('from another run (run-other): not counted');
});

test('CERTIFICATE: the same run gives the same certificate whatever the order of its results', () => {
  const tests: FixtureTest[] = [
    {
      ruleIds: ['VAL-TYPE-ENUM'],
      title: 'VAL-TYPE-ENUM: type payin gives 400',
      status: 'passed',
      file: 'validation.spec.ts',
    },
    {
      ruleIds: ['AUTH-TOKEN-MISSING'],
      title: 'AUTH-TOKEN-MISSING: GET without a token gives 401',
      status: 'passed',
      file: 'auth.spec.ts',
      describe: 'GET',
    },
    {
      ruleIds: ['AUTH-TOKEN-MISSING'],
      title: 'AUTH-TOKEN-MISSING: POST without a token gives 401',
      status: 'passed',
      file: 'auth.spec.ts',
      describe: 'POST',
    },
    {
      id: 'long-values',
      ruleIds: ['GAP-FIELD-LIMITS'],
      title: 'GAP-FIELD-LIMITS: long values',
      status: 'passed',
      file: 'gaps.spec.ts',
    },
  ];
  const observations = {
    byRule: { 'GAP-FIELD-LIMITS': { 'b reading': 1, 'a reading': 3 } },
    observations: [
      { ruleId: 'GAP-FIELD-LIMITS', testId: 'long-values', test: 'GAP-FIELD-LIMITS: long values' },
    ],
  };
  const one = buildCertificate(input(tests, { observations }));
  const two = buildCertificate(input([...tests].reverse(), { observations }));
  expect(JSON.stringify(two)).toBe(JSON.stringify(one));
  expect(renderMarkdown(two)).toBe(renderMarkdown(one));
  expect(one.rules.map((r) => r.id)).toEqual(RULES.map((r) => r.id));
  expect(entry(one.rules, 'AUTH-TOKEN-MISSING').tests.map((t) => t.title)).toEqual([
    'GET › AUTH-TOKEN-MISSING: GET without a token gives 401',
    'POST › AUTH-TOKEN-MISSING: POST without a token gives 401',
  ]);
  expect(entry(one.rules, 'GAP-FIELD-LIMITS').observations.map((r) => r.observed)).toEqual([
    'a reading',
    'b reading',
  ]);
  // Nothing that changes from one writing to the next: the date is the run's, not the clock's.
  expect(one.date).toBe('2026-11-21T10:00:00.000Z');
  expect(JSON.stringify(one)).not.toMatch(/"duration"/);
});

test('CERTIFICATE: the written files hold no token, even when a failure message quotes one', async () => {
  const root = mkdtempSync(join(tmpdir(), 'kit-certificate-'));
  const env = { KIT_OUTPUT_DIR: root, TENANT_A_ACCESS_TOKEN: TOKEN } as NodeJS.ProcessEnv;
  const paths = outputPaths(env);
  mkdirSync(paths.conformance, { recursive: true });
  const report = fixtureReport([
    {
      ruleIds: ['AUTH-TOKEN-MISSING'],
      title: 'AUTH-TOKEN-MISSING: echo',
      status: 'failed',
      error: `expected no echo of the token, got X-Access-Token: ${TOKEN}`,
    },
    {
      ruleIds: ['VAL-TYPE-ENUM'],
      title: `VAL-TYPE-ENUM: a title that quotes ${TOKEN.replace('svc_test_', 'svc_live_')}`,
      status: 'passed',
    },
  ]);
  writeFileSync(paths.results, JSON.stringify(report));
  writeFileSync(paths.runInfo, JSON.stringify(fixtureRun()));
  writeFileSync(
    paths.observations,
    JSON.stringify({
      runId: 'x',
      observations: [],
      byRule: { 'GAP-PUT-STATUS': { [`echoed ${TOKEN}`]: 1 } },
    }),
  );
  const written = await writeCertificate({ paths, env, suiteListing: [] });
  expect(written.files).toHaveLength(3);
  for (const file of written.files) {
    const text = readFileSync(file, 'utf8');
    expect(text, file).not.toContain(TOKEN);
    expect(text, file).not.toContain(TOKEN.slice('svc_test_'.length));
    expect(text, file).toContain('svc_test_<redacted>');
  }
  const json = JSON.parse(readFileSync(join(paths.certificate, 'certificate.json'), 'utf8'));
  expect(json.target).toEqual(fixtureRun().target);
  expect(JSON.stringify(json.target)).not.toMatch(/token/i);
});

test('CERTIFICATE: a whole run that ended normally is its own listing; anything less asks Playwright for one', () => {
  const outcomes = testOutcomes(
    fixtureReport([{ ruleIds: ['AUTH-TOKEN-MISSING'], title: 'AUTH-TOKEN-MISSING: x', status: 'passed' }]),
  );
  expect(listsWholeSuite(fixtureRun(), outcomes)).toBe(true);
  expect(listsWholeSuite(fixtureRun({ status: 'failed' }), outcomes)).toBe(true);
  // Filtered, interrupted, production read-only, no run.json or no test: the listing is needed.
  expect(listsWholeSuite(fixtureRun({ arguments: ['--grep', 'AUTH-'] }), outcomes)).toBe(false);
  expect(listsWholeSuite(fixtureRun({ status: 'interrupted' }), outcomes)).toBe(false);
  expect(listsWholeSuite(fixtureRun({ target: PRODUCTION_TARGET }), outcomes)).toBe(false);
  expect(listsWholeSuite(undefined, outcomes)).toBe(false);
  expect(listsWholeSuite(fixtureRun(), [])).toBe(false);
});

test('CERTIFICATE: `fei-kit certificate` with no results says so in one line and exits 2', () => {
  const root = mkdtempSync(join(tmpdir(), 'kit-certificate-empty-'));
  const result = spawnSync(process.execPath, kitCommandArguments(['certificate']), {
    env: { PATH: process.env.PATH, KIT_IGNORE_DOTENV: 'true', KIT_OUTPUT_DIR: root },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status).toBe(EXIT.badConfiguration);
  const output = `${result.stdout}${result.stderr}`.trim();
  expect(output.split('\n')).toHaveLength(1);
  expect(output).toMatch(
    /^certificate: configuration error: no results at .*results\.json: run `fei-kit conformance` first$/,
  );
});

test('CERTIFICATE: verdicts come from each check record, never from the words of a skip or a title', () => {
  const certificate = buildCertificate(
    input(
      [
        // Reworded: still production's, because its record says so.
        {
          ruleIds: ['VAL-AMOUNT-POSITIVE'],
          title: 'VAL-AMOUNT-POSITIVE: amount 0 gives 400',
          status: 'skipped',
          skipReason: 'writes are off here',
          skipKind: 'production-read-only',
        },
        // The production words, but skipped for another kind of reason: skipped, not "not applicable".
        {
          ruleIds: ['VAL-TYPE-ENUM'],
          title: 'VAL-TYPE-ENUM: type payin gives 400',
          status: 'skipped',
          skipReason: 'production target: only @readonly checks run unless ALLOW_PRODUCTION_WRITES=true',
          skipKind: 'premise-not-met',
        },
        // A violation credits its rule though the message reads like another rule's.
        {
          ruleIds: ['AUTH-TOKEN-MISSING'],
          title: 'AUTH-TOKEN-MISSING: GET without a token gives 401',
          status: 'failed',
          violations: ['ERROR-BODY-SHAPE: AUTH-TOKEN-MISSING: looks like a title'],
        },
        // Not run (no answer): not established, with why, never failed.
        {
          ruleIds: ['DEDUP-EXTERNAL-ID'],
          title: 'DEDUP-EXTERNAL-ID: a second POST gives ERR-4001',
          status: 'failed',
          notRun: 'not run: no answer',
        },
      ],
      { run: fixtureRun({ target: PRODUCTION_TARGET }) },
    ),
  );
  expect(entry(certificate.rules, 'VAL-AMOUNT-POSITIVE').verdict).toBe('not-applicable-in-production');
  expect(entry(certificate.rules, 'VAL-TYPE-ENUM').verdict).toBe('skipped');
  expect(entry(certificate.rules, 'ERROR-BODY-SHAPE').verdict).toBe('failed');
  expect(entry(certificate.rules, 'AUTH-TOKEN-MISSING').verdict).toBe('inconclusive');
  expect(entry(certificate.rules, 'DEDUP-EXTERNAL-ID')).toMatchObject({
    verdict: 'inconclusive',
    reason: '1 check not run: no answer',
  });
});

test('CERTIFICATE: a rule reads passed only when every check of it that ran reached its judgement on it', () => {
  const held = {
    ruleIds: ['VAL-STATUS-ENUM'],
    title: 'VAL-STATUS-ENUM: POST with status lowercase gives 400 ERR-3006',
    status: 'passed',
  } as const;
  const judgedIn422 = {
    ruleIds: ['VAL-STATUS-ENUM'],
    title: 'VAL-STATUS-ENUM: POST with status not in the list gives 400 ERR-3006',
    status: 'failed',
    violations: ['VAL-STATUS-400: a body validation failure answered 422; 7.3 gives 400'],
    judged: ['VAL-STATUS-ENUM', 'VAL-STATUS-400'],
  } as const;
  const stopped = {
    ruleIds: ['VAL-CHANNEL-ENUM', 'UPDATE-VALIDATES'],
    title:
      'VAL-CHANNEL-ENUM, UPDATE-VALIDATES: PUT with channel lowercase gives 400 ERR-3011 and changes nothing',
    status: 'failed',
    violations: ['VAL-STATUS-400: a body validation failure answered 422; 7.3 gives 400'],
    judged: ['VAL-CHANNEL-ENUM', 'VAL-STATUS-400'],
  } as const;
  const unanswered = {
    ruleIds: ['REQUEST-MALFORMED-400'],
    title: 'REQUEST-MALFORMED-400: a body that is not JSON gives 400',
    status: 'failed',
    notRun: 'not run: the target gave no HTTP answer (no answer within 5000 ms)',
    unanswered: { method: 'POST', path: '/api/h2h/ingestion/financial-events', waitedMs: 5004 },
  } as const;
  const premise = {
    ruleIds: ['UPDATE-APPLIES'],
    title: 'UPDATE-APPLIES: PUT changing the amount',
    status: 'skipped',
    skipReason: 'the deployment refused the update this check needs',
    skipKind: 'premise-not-met',
  } as const;
  const certificate = buildCertificate(
    input([
      held,
      judgedIn422,
      stopped,
      unanswered,
      {
        ruleIds: ['REQUEST-MALFORMED-400'],
        title: 'REQUEST-MALFORMED-400: a truncated body gives 400',
        status: 'passed',
      },
      premise,
      { ruleIds: ['UPDATE-APPLIES'], title: 'UPDATE-APPLIES: PUT changing the status', status: 'passed' },
    ]),
  );
  // A 422 still judged the code: held, and said so.
  expect(entry(certificate.rules, 'VAL-STATUS-ENUM')).toMatchObject({
    verdict: 'passed',
    reason: '1 check that failed on another rule judged it and found it held',
  });
  expect(entry(certificate.rules, 'VAL-CHANNEL-ENUM').verdict).toBe('passed');
  // "changes nothing" was never reached: not established, never passed, with its reason.
  expect(entry(certificate.rules, 'UPDATE-VALIDATES')).toMatchObject({
    verdict: 'inconclusive',
    reason: '1 check stopped at violations of VAL-STATUS-400 before judging it',
  });
  // One check passed, one went unanswered: not established, naming the request.
  const malformed = entry(certificate.rules, 'REQUEST-MALFORMED-400');
  expect(malformed.verdict).toBe('inconclusive');
  expect(malformed.reason).toBe(
    '1 check not run: the target gave no HTTP answer (no answer within 5000 ms) (POST /api/h2h/ingestion/financial-events, waited 5004 ms); 1 check judged it and found it held',
  );
  // A premise a reading does not meet neither passes nor holds back the rule.
  expect(entry(certificate.rules, 'UPDATE-APPLIES')).toMatchObject({
    verdict: 'passed',
    reason: '1 skipped',
  });
  expect(certificate.unanswered).toEqual([
    {
      check: unanswered.title,
      rules: ['REQUEST-MALFORMED-400'],
      method: 'POST',
      path: '/api/h2h/ingestion/financial-events',
      waitedMs: 5004,
    },
  ]);
  expect(certificate.outcome).toBe('deviation-found');
  expect(certificate.outcomeText).toContain('The target never answered 1 request');
  for (const rule of certificate.rules) if (rule.verdict === 'inconclusive') expect(rule.reason).toBeTruthy();
  // Without the violation, the unanswered request alone makes the run incomplete, never a pass.
  const alone = buildCertificate(input([held, unanswered]));
  expect(alone.outcome).toBe('incomplete');
  expect(alone.outcomeText).toMatch(
    /^Incomplete: the target never answered 1 request while it answered others \(first POST \/api\/h2h\/ingestion\/financial-events, no answer after 5004 ms, in "REQUEST-MALFORMED-400: a body that is not JSON gives 400" \(REQUEST-MALFORMED-400\)\)/,
  );
  expect(renderMarkdown(alone)).toContain('## Unanswered requests');
  // A gap no finished check observed may be observed by the check that did not run: never "not covered".
  const unobserved = alone.rules.filter((rule) => rule.kind === 'gap' && rule.tests.length === 0);
  expect(unobserved.length).toBeGreaterThan(0);
  for (const gap of unobserved) expect(gap.verdict, gap.id).not.toBe('not-covered');
  const skippedGaps = unobserved.filter((gap) => gap.verdict === 'skipped');
  expect(skippedGaps.length).toBeGreaterThan(0);
  for (const gap of skippedGaps) expect(gap.reason, gap.id).toContain('1 check did not reach their end');
});

test('CERTIFICATE: a check failed on one attempt and passed on its retry is flaky, with both attempts counted, and fails its rule', () => {
  const flaky = {
    ruleIds: ['DEDUP-EXTERNAL-ID'],
    title: 'DEDUP-EXTERNAL-ID: a second POST gives ERR-4001',
    status: 'flaky',
    violations: ['DEDUP-EXTERNAL-ID: the second POST got 201'],
  } as const;
  const outcomes = testOutcomes(fixtureReport([flaky]));
  expect(outcomes).toMatchObject([{ status: 'flaky', attempts: 2, ruleIds: ['DEDUP-EXTERNAL-ID'] }]);
  const certificate = buildCertificate(input([flaky]));
  expect(entry(certificate.rules, 'DEDUP-EXTERNAL-ID').verdict).toBe('failed');
  expect(entry(certificate.rules, 'DEDUP-EXTERNAL-ID').reason).toMatch(
    /^flaky: 1 check failed on one attempt/,
  );
  expect(certificate.outcome).toBe('deviation-found');
});

test('CERTIFICATE: a check that failed without recording a violation is a fault of the kit: its rule is inconclusive, never failed', () => {
  for (const broken of [
    {
      ruleIds: ['UPDATE-APPLIES'],
      title: 'UPDATE-APPLIES: a PUT changes the event',
      status: 'failed',
      error: "TypeError: cannot read 'uuid'",
    },
    // Its worker died before it could record anything.
    {
      ruleIds: ['UPDATE-APPLIES'],
      title: 'UPDATE-APPLIES: a PUT changes the event',
      status: 'failed',
      error: 'Error: worker process exited unexpectedly',
      recorded: false,
    },
    { ruleIds: ['UPDATE-APPLIES'], title: 'UPDATE-APPLIES: a PUT changes the event', status: 'flaky' },
  ] as const) {
    const certificate = buildCertificate(
      input([
        broken,
        {
          ruleIds: ['AUTH-TOKEN-MISSING'],
          title: 'AUTH-TOKEN-MISSING: GET without a token gives 401',
          status: 'passed',
        },
      ]),
    );
    expect(entry(certificate.rules, 'UPDATE-APPLIES').verdict, broken.status).toBe('inconclusive');
    expect(entry(certificate.rules, 'UPDATE-APPLIES').reason).toMatch(
      /^1 check failed inside the kit without recording a violation \(not a verdict on the target\)/,
    );
    expect(certificate.kitFaults).toHaveLength(1);
    expect(certificate.outcome).toBe('incomplete');
    expect(certificate.outcomeText).toMatch(/^Incomplete: 1 check failed inside the kit/);
  }
});
