/**
 * The comparison of two behaviour profiles, on plain data: rules newly failing or passing, changed gap
 * readings with the test that saw them, latency beyond the tolerance (and not within it), improvements
 * only, verdict words the kit does not know yet, and the exit code of each outcome.
 */

import { EXIT } from '../../config/index.ts';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { Behaviour, Profile } from '../profile/profile.ts';
import { PROFILE_SCHEMA } from '../profile/profile.ts';
import { compareProfiles, pairReadings } from './diff.ts';
import { comparisonExitCode } from './exit-code.ts';
import { renderComparisonLines } from './render.ts';

const profile = (behaviour: Partial<Behaviour>, runId = 'run-a'): Profile => ({
  schema: PROFILE_SCHEMA,
  run: { runId, startedAt: '2026-11-21T10:00:00.000Z', kitVersion: '0.1.0', target: 'staging', filters: [] },
  behaviour: { rules: {}, readings: {}, load: {}, ...behaviour },
  notes: [],
});

const rules = (verdicts: Record<string, string>): Behaviour['rules'] =>
  Object.fromEntries(
    Object.entries(verdicts).map(([id, verdict]) => [
      id,
      { kind: id.startsWith('GAP-') ? 'gap' : 'rule', verdict },
    ]),
  );

const PUT_TEST = 'UPDATE-APPLIES: PUT with a valid body succeeds';
const GET_TEST = 'RETRIEVE-RETURNS-EVENT: GET returns every field';

const latency = (p95: number, p99: number): Behaviour['load'] => ({
  latency: {
    verdict: 'passed',
    thresholds: { 'LOAD-LATENCY-CREATE http_req_duration{endpoint:create} p(95)<500': 'passed' },
    latency: { create: { 'p(95)': p95, 'p(99)': p99 } },
  },
});

test('COMPARE: the same profile twice is unchanged, exit 0', () => {
  const one = profile({
    rules: rules({ 'VAL-AMOUNT-POSITIVE': 'passed', 'GAP-PUT-STATUS': 'passed' }),
    readings: { 'GAP-PUT-STATUS': { [PUT_TEST]: ['PUT answers 200'] } },
    load: latency(40, 90),
  });
  const comparison = compareProfiles(one, profile(one.behaviour, 'run-b'));
  expect(comparison.outcome).toBe('unchanged');
  expect(comparison.readings.changed).toEqual([]);
  expect(comparison.rules.unchanged).toBe(2);
  expect(comparison.latency.compared).toBe(2);
  expect(comparisonExitCode(comparison.outcome, true)).toBe(EXIT.ok);
  expect(renderComparisonLines(comparison, true).at(-1)).toMatch(/^UNCHANGED/);
});

test('COMPARE: a rule newly failing is a deviation (exit 1), whatever else changed', () => {
  const comparison = compareProfiles(
    profile({
      rules: rules({
        'VAL-AMOUNT-POSITIVE': 'passed',
        'DEDUP-EXTERNAL-ID': 'failed',
        'AUTH-TOKEN-MISSING': 'skipped',
      }),
    }),
    profile({
      rules: rules({
        'VAL-AMOUNT-POSITIVE': 'failed',
        'DEDUP-EXTERNAL-ID': 'failed',
        'AUTH-TOKEN-MISSING': 'failed',
      }),
    }),
  );
  expect(comparison.rules.newlyFailing.map((c) => [c.id, c.from, c.to])).toEqual([
    ['AUTH-TOKEN-MISSING', 'skipped', 'failed'],
    ['VAL-AMOUNT-POSITIVE', 'passed', 'failed'],
  ]);
  expect(comparison.rules.stillFailing).toEqual(['DEDUP-EXTERNAL-ID']);
  expect(comparison.outcome).toBe('deviation');
  expect(comparisonExitCode(comparison.outcome, false)).toBe(EXIT.deviation);
  expect(comparisonExitCode(comparison.outcome, true)).toBe(EXIT.deviation);
  expect(renderComparisonLines(comparison, false)).toContain(
    '  newly failing   VAL-AMOUNT-POSITIVE: passed → failed',
  );
});

test('COMPARE: a rule failing in both runs is not a change: unchanged, and said', () => {
  const failing = profile({ rules: rules({ 'DEDUP-EXTERNAL-ID': 'failed' }) });
  const comparison = compareProfiles(failing, failing);
  expect(comparison.outcome).toBe('unchanged');
  expect(renderComparisonLines(comparison, true).join('\n')).toContain('still failing   DEDUP-EXTERNAL-ID');
});

test('COMPARE: rules newly passing and latency faster beyond the tolerance are improvements only: exit 0', () => {
  const comparison = compareProfiles(
    profile({ rules: rules({ 'VAL-AMOUNT-POSITIVE': 'failed' }), load: latency(100, 200) }),
    profile({ rules: rules({ 'VAL-AMOUNT-POSITIVE': 'passed' }), load: latency(60, 195) }),
  );
  expect(comparison.rules.newlyPassing.map((c) => c.id)).toEqual(['VAL-AMOUNT-POSITIVE']);
  expect(comparison.latency.improvements.map((c) => [c.stat, c.from, c.to, c.percent])).toEqual([
    ['p(95)', 100, 60, -40],
  ]);
  expect(comparison.latency.regressions).toEqual([]);
  expect(comparison.outcome).toBe('improved');
  expect(comparisonExitCode(comparison.outcome, true)).toBe(EXIT.ok);
});

test('COMPARE: a changed gap reading is drift, with the test that observed it: exit 5 only under KIT_FAIL_ON_DRIFT', () => {
  const comparison = compareProfiles(
    profile({
      rules: rules({ 'GAP-PUT-STATUS': 'passed' }),
      readings: {
        'GAP-PUT-STATUS': { [PUT_TEST]: ['PUT answers 200'] },
        'GAP-GET-BODY': { [GET_TEST]: ['GET adds fields: uuid'] },
      },
    }),
    profile({
      rules: rules({ 'GAP-PUT-STATUS': 'passed' }),
      readings: {
        'GAP-PUT-STATUS': { [PUT_TEST]: ['PUT answers 204'] },
        'GAP-GET-BODY': { [GET_TEST]: ['GET adds fields: uuid'] },
      },
    }),
  );
  expect(comparison.readings.changed).toEqual([
    { gap: 'GAP-PUT-STATUS', test: PUT_TEST, changes: [{ from: 'PUT answers 200', to: 'PUT answers 204' }] },
  ]);
  expect(comparison.rules.otherChanges).toEqual([]);
  expect(comparison.outcome).toBe('drift');
  expect(comparisonExitCode(comparison.outcome, true)).toBe(EXIT.drift);
  expect(comparisonExitCode(comparison.outcome, false)).toBe(EXIT.ok);
  const lines = renderComparisonLines(comparison, false);
  expect(lines).toContain('  GAP-PUT-STATUS: PUT answers 200 → PUT answers 204');
  expect(lines).toContain(`    observed by "${PUT_TEST}"`);
  expect(lines.at(-1)).toMatch(/^DRIFT: .*reported only, exit 0/);
  expect(renderComparisonLines(comparison, true).at(-1)).toMatch(/^DRIFT: .*exit 5/);
});

test('COMPARE: a reading no longer observed by a test that still ran is a change; a test that ran in one run only is not compared', () => {
  const comparison = compareProfiles(
    profile({
      readings: {
        'GAP-PUT-BODY': { [PUT_TEST]: ['PUT answers with the updated event'] },
        'GAP-PUT-STATUS': { [PUT_TEST]: ['PUT answers 200'] },
        'GAP-GET-BODY': { [GET_TEST]: ['GET adds fields: uuid'] },
      },
    }),
    profile({ readings: { 'GAP-PUT-STATUS': { [PUT_TEST]: ['PUT answers 200'] } } }),
  );
  expect(comparison.readings.changed).toEqual([
    {
      gap: 'GAP-PUT-BODY',
      test: PUT_TEST,
      changes: [{ from: 'PUT answers with the updated event', to: null }],
    },
  ]);
  expect(comparison.readings.notCompared).toEqual([{ test: GET_TEST, in: 'baseline' }]);
  expect(renderComparisonLines(comparison, false)).toContain(
    '  GAP-PUT-BODY: PUT answers with the updated event → (not observed)',
  );
});

test('COMPARE: several readings of one test are paired by what they start with', () => {
  expect(
    pairReadings(
      [
        'truncated JSON gives 400 ERR-9001',
        'not JSON at all gives 400 ERR-9001',
        'JSON [] gives 400 ERR-9002',
      ],
      [
        'JSON [] gives 400 ERR-9002',
        'truncated JSON gives 400 ERR-4000',
        'not JSON at all gives 400 ERR-4000',
        'JSON 42 gives 422',
      ],
    ),
  ).toEqual([
    { from: 'not JSON at all gives 400 ERR-9001', to: 'not JSON at all gives 400 ERR-4000' },
    { from: 'truncated JSON gives 400 ERR-9001', to: 'truncated JSON gives 400 ERR-4000' },
    { from: null, to: 'JSON 42 gives 422' },
  ]);
});

test('COMPARE: latency beyond the tolerance is drift; within it, or below the millisecond floor, it is not', () => {
  const base = profile({ load: latency(100, 200) });
  const within = compareProfiles(base, profile({ load: latency(124, 200) }), { percent: 25, ms: 5 });
  expect(within.latency.regressions).toEqual([]);
  expect(within.outcome).toBe('unchanged');
  const beyond = compareProfiles(base, profile({ load: latency(126, 200) }), { percent: 25, ms: 5 });
  expect(beyond.latency.regressions).toEqual([
    { script: 'latency', endpoint: 'create', stat: 'p(95)', from: 100, to: 126, percent: 26 },
  ]);
  expect(beyond.outcome).toBe('drift');
  expect(comparisonExitCode(beyond.outcome, true)).toBe(EXIT.drift);
  expect(renderComparisonLines(beyond, true)).toContain(
    '  slower  latency create p(95): 100 ms → 126 ms (+26%)',
  );
  // Tiny latencies move by large ratios: 2 ms → 4 ms is +100% but under the 5 ms floor.
  const tiny = compareProfiles(profile({ load: latency(2, 3) }), profile({ load: latency(4, 6) }), {
    percent: 25,
    ms: 5,
  });
  expect(tiny.latency.regressions).toEqual([]);
  // A tighter tolerance the user sets counts the same move.
  const strict = compareProfiles(base, profile({ load: latency(112, 200) }), { percent: 10, ms: 0 });
  expect(strict.latency.regressions.map((c) => c.stat)).toEqual(['p(95)']);
});

test('COMPARE: a k6 threshold newly failing (a rate-limit verdict) is a deviation', () => {
  const limits = (verdict: string): Behaviour['load'] => ({
    'rate-limit': {
      verdict,
      thresholds: { 'RATE-LIMIT-429 throttled count>0': verdict },
      latency: {},
    },
  });
  const comparison = compareProfiles(
    profile({ load: limits('passed') }),
    profile({ load: limits('failed') }),
  );
  expect(comparison.thresholds.newlyFailing).toEqual([
    { script: 'rate-limit', threshold: 'RATE-LIMIT-429 throttled count>0', from: 'passed', to: 'failed' },
  ]);
  expect(comparison.outcome).toBe('deviation');
  const back = compareProfiles(profile({ load: limits('failed') }), profile({ load: limits('passed') }));
  expect(back.outcome).toBe('improved');
});

test('COMPARE: verdict words the kit does not know yet are compared as words, never as failures', () => {
  const comparison = compareProfiles(
    profile({
      rules: rules({
        'VAL-AMOUNT-POSITIVE': 'passed',
        'GAP-429-BODY': 'not run',
        'AUTH-NOT-AUTHORIZED': 'passed',
      }),
    }),
    profile({
      rules: rules({
        'VAL-AMOUNT-POSITIVE': 'inconclusive',
        'GAP-429-BODY': 'not run',
        'ISOLATION-GET': 'passed',
      }),
    }),
  );
  expect(comparison.rules.otherChanges.map((c) => [c.id, c.from, c.to])).toEqual([
    ['AUTH-NOT-AUTHORIZED', 'passed', null],
    ['ISOLATION-GET', null, 'passed'],
    ['VAL-AMOUNT-POSITIVE', 'passed', 'inconclusive'],
  ]);
  expect(comparison.rules.unchanged).toBe(1);
  expect(comparison.outcome).toBe('unchanged');
});

test('COMPARE: the notes say when the runs were filtered, of other targets or kit versions', () => {
  const a = profile({});
  const b: Profile = {
    ...profile({}),
    run: { ...a.run, target: 'sandbox', kitVersion: '0.2.0', filters: ['--grep GAP'] },
  };
  const notes = compareProfiles(a, b).notes.join('\n');
  expect(notes).toContain('different targets: staging and sandbox');
  expect(notes).toContain('different kit versions');
  expect(notes).toContain('This run was filtered (--grep GAP)');
});

test('COMPARE: declared deviations are shown apart and never a deviation; one newly occurring is drift; a lapsed one newly fails', () => {
  const before = profile({
    rules: rules({ 'AUTH-TOKEN-PREFIX': 'declared', 'VAL-TYPE-ENUM': 'failed', 'VAL-STATUS-ENUM': 'passed' }),
  });
  // The provider declared VAL-TYPE-ENUM since: it is no longer a newly failing rule, only a declared one.
  const declaredSince = compareProfiles(
    before,
    profile(
      {
        rules: rules({
          'AUTH-TOKEN-PREFIX': 'declared',
          'VAL-TYPE-ENUM': 'declared',
          'VAL-STATUS-ENUM': 'passed',
        }),
      },
      'run-b',
    ),
  );
  expect(declaredSince.rules.newlyFailing).toEqual([]);
  expect(declaredSince.rules.declared).toEqual([
    { id: 'VAL-TYPE-ENUM', kind: 'rule', from: 'failed', to: 'declared' },
  ]);
  expect(declaredSince.rules.stillDeclared).toEqual(['AUTH-TOKEN-PREFIX']);
  expect(declaredSince.outcome).toBe('unchanged');
  const lines = renderComparisonLines(declaredSince, false);
  expect(lines).toContain(
    "declared deviations (the provider's own, apart: never a deviation here): 1 changed, 1 declared in both runs",
  );
  expect(lines).toContain('  declared        VAL-TYPE-ENUM: failed → declared');
  // A declared deviation that newly occurs moved the target's behaviour: drift, not a deviation.
  const newlyOccurring = compareProfiles(
    before,
    profile(
      {
        rules: rules({
          'AUTH-TOKEN-PREFIX': 'declared',
          'VAL-TYPE-ENUM': 'failed',
          'VAL-STATUS-ENUM': 'declared',
        }),
      },
      'run-b',
    ),
  );
  expect(newlyOccurring.outcome).toBe('drift');
  // A declaration removed (or expired): the rule fails again, a deviation.
  const lapsed = compareProfiles(
    before,
    profile(
      {
        rules: rules({
          'AUTH-TOKEN-PREFIX': 'failed',
          'VAL-TYPE-ENUM': 'failed',
          'VAL-STATUS-ENUM': 'passed',
        }),
      },
      'run-b',
    ),
  );
  expect(lapsed.rules.newlyFailing.map((c) => c.id)).toEqual(['AUTH-TOKEN-PREFIX']);
  expect(lapsed.outcome).toBe('deviation');
});
