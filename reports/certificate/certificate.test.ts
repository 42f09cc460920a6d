/**
 * The certificate from fixture results (certificate.ts): every kind of verdict with its reason, the
 * tests a rule is credited with (its own, those that observed its gap, the k6 thresholds of the same
 * run), and a stable order (two certificates diff cleanly).
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { RULES } from '../../spec/index.ts';
import { entry, listing } from '../test-support/certificate-entries.ts';
import { certificateInput, type FixtureTest } from '../test-support/report-fixtures.ts';
import { buildCertificate, VERDICTS } from './certificate.ts';
import { renderHtml, renderMarkdown } from './render.ts';

const input = certificateInput;

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
