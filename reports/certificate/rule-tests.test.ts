/** Which tests a rule is credited with (rule-tests.ts), and how one test reads in a rule's entry. */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { testOutcomes } from '../../run-records/check-record-reader.ts';
import { fixtureReport } from '../test-support/report-fixtures.ts';
import type { LoadTest } from './load-entries.ts';
import { certificateTestOf, observersOf, testsOfRule } from './rule-tests.ts';

const outcomes = testOutcomes(
  fixtureReport([
    { id: 'declared', title: 'B declared', ruleIds: ['UPDATE-APPLIES'], status: 'passed' },
    { id: 'observer', title: 'A observer', ruleIds: ['RETRIEVE-RETURNS-EVENT'], status: 'passed' },
    { id: 'old-kit', title: 'C observed by title', status: 'passed' },
    {
      id: 'violator',
      title: 'D violator',
      ruleIds: ['VAL-AMOUNT-POSITIVE'],
      status: 'failed',
      violations: [
        'UPDATE-APPLIES: not applied',
        'VAL-AMOUNT-POSITIVE: 0 accepted',
        'VAL-AMOUNT-POSITIVE: -1 accepted',
      ],
    },
    { id: 'unrelated', title: 'E unrelated', ruleIds: ['RETRIEVE-RETURNS-EVENT'], status: 'passed' },
  ]),
);

test('RULE TESTS: a rule is credited with its declared tests, its observers (by id, or by title for older kits), its violators and its k6 thresholds, sorted', () => {
  const observers = observersOf([
    { ruleId: 'GAP-PUT-STATUS', testId: 'observer', test: 'E unrelated' },
    { ruleId: 'GAP-PUT-STATUS', test: 'C observed by title' },
  ]);
  const load: LoadTest[] = [
    { ruleId: 'GAP-PUT-STATUS', title: 'B threshold', project: 'k6 x', status: 'passed' },
    { ruleId: 'RATE-LIMIT-429', title: 'AB other threshold', project: 'k6 x', status: 'passed' },
  ];
  expect(testsOfRule('GAP-PUT-STATUS', outcomes, observers, load).map((t) => t.title)).toEqual([
    'A observer',
    'B threshold',
    'C observed by title',
  ]);
  expect(testsOfRule('UPDATE-APPLIES', outcomes, observers, load).map((t) => t.title)).toEqual([
    'B declared',
    'D violator',
  ]);
  // The threshold's rule id is the certificate's key, not a field of the test it shows.
  expect(testsOfRule('RATE-LIMIT-429', outcomes, observers, load)).toEqual([
    { title: 'AB other threshold', project: 'k6 x', status: 'passed' },
  ]);
});

test("RULE TESTS: a test shows its own rule's violations apart from the other rules' it broke", () => {
  const violator = outcomes.find((t) => t.testId === 'violator');
  if (violator === undefined) throw new Error('the fixture has no violator');
  expect(certificateTestOf(violator, 'VAL-AMOUNT-POSITIVE')).toMatchObject({
    violations: ['0 accepted', '-1 accepted'],
    otherViolations: ['UPDATE-APPLIES'],
  });
  expect(certificateTestOf(violator, 'UPDATE-APPLIES')).toMatchObject({
    violations: ['not applied'],
    otherViolations: ['VAL-AMOUNT-POSITIVE'],
  });
  expect(certificateTestOf(violator, 'RETRIEVE-RETURNS-EVENT')).not.toHaveProperty('violations');
});

test('RULE TESTS: a failed test whose judgement reached a rule it did not break judged it here; one that broke it did not', () => {
  const [judging] = testOutcomes(
    fixtureReport([
      {
        title: 'a 422',
        ruleIds: ['VAL-STATUS-ENUM'],
        status: 'failed',
        violations: ['VAL-STATUS-400: 422'],
        judged: ['VAL-STATUS-ENUM', 'VAL-STATUS-400'],
      },
    ]),
  );
  if (judging === undefined) throw new Error('no outcome');
  expect(certificateTestOf(judging, 'VAL-STATUS-ENUM').judgedHere).toBe(true);
  expect(certificateTestOf(judging, 'VAL-STATUS-400').judgedHere).toBeUndefined();
});
