/** The run's findings apart from any rule (run-findings.ts). */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { testOutcomes } from '../../run-records/check-record-reader.ts';
import { fixtureReport } from '../test-support/report-fixtures.ts';
import { type RuleEntry, VERDICTS } from './certificate-types.ts';
import { kitFaultsOf, unansweredOf, unfinishedChecksOf, verdictCountsOf } from './run-findings.ts';

const outcomes = testOutcomes(
  fixtureReport([
    { title: 'held', ruleIds: ['UPDATE-APPLIES'], status: 'passed' },
    { title: 'broke', ruleIds: ['UPDATE-APPLIES'], status: 'failed', violations: ['UPDATE-APPLIES: no'] },
    { title: 'kit fault', ruleIds: ['UPDATE-APPLIES'], status: 'failed', error: 'TypeError: x is undefined' },
    {
      title: 'no answer',
      ruleIds: ['RETRIEVE-UNKNOWN-404'],
      status: 'skipped',
      notRun: 'got no answer',
      unanswered: { method: 'GET', path: '/v1/events/x', waitedMs: 30000 },
    },
    { title: 'cut short', status: 'skipped', inconclusive: 'a property cut short' },
    { title: 'skipped', status: 'skipped', skipReason: 'tenant B missing' },
  ]),
);

test('RUN FINDINGS: the unfinished checks are the failed, not run and inconclusive ones; a run cut short has at least one', () => {
  expect(unfinishedChecksOf(outcomes, 'passed')).toBe(4);
  const finished = outcomes.filter((t) => t.status === 'passed');
  expect(unfinishedChecksOf(finished, 'passed')).toBe(0);
  for (const status of ['interrupted', 'timedout', 'running'])
    expect(unfinishedChecksOf(finished, status)).toBe(1);
  expect(unfinishedChecksOf(outcomes, 'interrupted')).toBe(4);
});

test('RUN FINDINGS: a failure without a violation is a kit fault; an unanswered request is named with its check and rules', () => {
  expect(kitFaultsOf(outcomes)).toEqual([
    { title: 'kit fault', error: expect.stringContaining('TypeError') },
  ]);
  expect(unansweredOf(outcomes)).toEqual([
    {
      check: 'no answer',
      rules: ['RETRIEVE-UNKNOWN-404'],
      method: 'GET',
      path: '/v1/events/x',
      waitedMs: 30000,
    },
  ]);
});

test('RUN FINDINGS: every verdict is counted, those no entry reads as zero', () => {
  // Only the verdict of an entry is read.
  const entries = (['passed', 'passed', 'failed'] as const).map((verdict) => ({ verdict }) as RuleEntry);
  const counts = verdictCountsOf(entries);
  expect(Object.keys(counts)).toEqual([...VERDICTS]);
  expect(counts).toMatchObject({ passed: 2, failed: 1, declared: 0, 'not-covered': 0 });
});
