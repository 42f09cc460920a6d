/**
 * A run's report read back for the self-check: a check the oracle could not make keeps its reason (a
 * mutant nothing caught is then not established); a time-out or a property cut short does not, since a
 * suite that hangs or slows down gives those too.
 */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { fixtureReport } from '../reports/test-support/report-fixtures.ts';
import { resultsOfReport } from './results.ts';

test('SELF-CHECK RESULTS: only the oracle’s claim not made is carried as inconclusive; every such check is skipped', () => {
  const inconclusive = (title: string, kind: 'could-not-complete' | 'timed-out' | 'property-cut-short') => ({
    title,
    ruleIds: ['RATE-LIMIT-PER-TENANT' as const],
    status: 'skipped' as const,
    inconclusive: `${kind}: why`,
    inconclusiveKind: kind,
  });
  const { tests } = resultsOfReport(
    fixtureReport([
      inconclusive('the counter', 'could-not-complete'),
      inconclusive('a slow check', 'timed-out'),
      inconclusive('a property', 'property-cut-short'),
      { title: 'passed', ruleIds: ['RATE-LIMIT-PER-TENANT'], status: 'passed' },
    ]),
  );
  const read = tests.map((t) => [t.title, t.outcome, t.ruleIds, t.inconclusive]);
  expect(read.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
    ['a property', 'skipped', ['RATE-LIMIT-PER-TENANT'], undefined],
    ['a slow check', 'skipped', ['RATE-LIMIT-PER-TENANT'], undefined],
    ['passed', 'passed', ['RATE-LIMIT-PER-TENANT'], undefined],
    ['the counter', 'skipped', ['RATE-LIMIT-PER-TENANT'], 'could-not-complete: why'],
  ]);
});
