/** The self-check's pure parts: verdicts and the matrix from fake runs, its exit code and its rendering. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { ruleTitle } from '../run-records/rule-annotations.ts';
import type { RuleId } from '../spec/index.ts';
import {
  buildMatrix,
  type CompletedRun,
  classifyMutant,
  exitCodeOf,
  type FailedCheck,
  matrixAsReportStats,
  type StageOutcome,
} from './matrix.ts';
import type { ServerKind } from './plan.ts';
import { renderMarkdown, renderText } from './render.ts';
import type { TestOutcome, TestResult } from './results.ts';

/** A check of one rule (or of none), its title written as `ruleCheck` writes it. */
const check = (
  ruleId: RuleId | undefined,
  text: string,
  outcome: TestOutcome,
  extraRules: RuleId[] = [],
  project = 'conformance',
): TestResult => {
  const title = ruleId ? ruleTitle(ruleId, text) : text;
  return {
    ruleId,
    ruleIds: [...(ruleId ? [ruleId] : []), ...extraRules],
    failedRules: outcome === 'failed' ? [...(ruleId ? [ruleId] : []), ...extraRules] : [],
    title,
    file: 'suites/x.spec.ts',
    project,
    outcome,
    ...(outcome === 'failed' ? { error: `Error: ${title} failed` } : {}),
  };
};

const stage = (tests: TestResult[], overrides: Partial<StageOutcome> = {}): StageOutcome => ({
  label: 'every check',
  results: { tests, errors: [] },
  exitCode: tests.some((t) => t.outcome === 'failed') ? 1 : 0,
  seconds: 2,
  ...overrides,
});

const completed = (
  kind: ServerKind,
  name: string,
  stages: StageOutcome[],
  catchingRules: RuleId[] = [],
  expectedFailures?: RuleId[],
): CompletedRun => ({
  run: {
    id: kind === 'reference' ? 'reference' : `${kind}-${name}`,
    server: {
      kind,
      name,
      description: `${name} described`,
      catchingRules,
      ...(expectedFailures ? { expectedFailures } : {}),
    },
    projects: ['conformance'],
    scope: 'conformance checks only',
  },
  stages,
});

const PASSING = [
  check('VAL-AMOUNT-POSITIVE', 'POST with amount zero gives 400 ERR-3005', 'passed'),
  check('DEDUP-EXTERNAL-ID', 'a second POST gives ERR-4001', 'passed'),
  check('GAP-PUT-STATUS', 'observed', 'skipped'),
];

const failed = (ruleId: string, text: string, rules: string[] = []): FailedCheck => ({
  ruleId,
  rules: [ruleId, ...rules],
  title: `${ruleId}: ${text}`,
  project: 'conformance',
  error: undefined,
});

test('SELF-CHECK: a mutant is caught, weakly caught or survives by which checks failed', () => {
  const declared = ['VAL-AMOUNT-POSITIVE'];
  expect(classifyMutant(declared, [])).toBe('survived');
  expect(classifyMutant(declared, [failed('VAL-AMOUNT-POSITIVE', 'zero')])).toBe('caught');
  expect(
    classifyMutant(declared, [failed('VAL-ALL-FAILURES', 'many'), failed('UPDATE-VALIDATES', 'put')]),
  ).toBe('weakly-caught');
  // One declared check among others is enough.
  expect(
    classifyMutant(declared, [failed('VAL-ALL-FAILURES', 'many'), failed('VAL-AMOUNT-POSITIVE', 'x')]),
  ).toBe('caught');
  // A rule the failed assertion names itself counts (the fixtures' ERROR-BODY-SHAPE check).
  expect(
    classifyMutant(['ERROR-BODY-SHAPE'], [failed('RATE-LIMIT-429', 'past the limit', ['ERROR-BODY-SHAPE'])]),
  ).toBe('caught');
});

test('SELF-CHECK: the matrix from fake runs: verdicts, the checks that caught each mutant, totals', () => {
  const matrix = buildMatrix([
    completed('reference', 'reference', [stage(PASSING)]),
    completed('variant', 'put-no-content', [stage(PASSING)]),
    completed('variant', 'leaf-field-names', [
      stage([...PASSING, check('VAL-ALL-FAILURES', 'every invalid event gives its verdict', 'failed')]),
    ]),
    completed(
      'mutant',
      'amount-zero-accepted',
      [
        stage(
          [
            check('VAL-AMOUNT-POSITIVE', 'POST with amount zero gives 400 ERR-3005', 'failed'),
            check('VAL-AMOUNT-POSITIVE', 'PUT with amount zero gives 400 ERR-3005', 'failed'),
            check('VAL-AMOUNT-POSITIVE', 'a tiny amount is accepted', 'passed'),
          ],
          { label: 'checks of its declared rules' },
        ),
      ],
      ['VAL-AMOUNT-POSITIVE'],
    ),
    completed(
      'mutant',
      'top-level-code-of-last-failure',
      [
        stage([check('VAL-BODY-SHAPE', 'one failure', 'passed')], { label: 'checks of its declared rules' }),
        stage(
          [check('VAL-ALL-FAILURES', 'many failures', 'failed'), check(undefined, 'DEDUP-X: y', 'passed')],
          {
            label: 'every other check',
          },
        ),
      ],
      ['VAL-BODY-SHAPE'],
    ),
    completed(
      'mutant',
      'dedup-missing',
      [
        stage([check('DEDUP-EXTERNAL-ID', 'a', 'passed')], { label: 'checks of its declared rules' }),
        stage([check('CREATE-RETURNS-UUID', 'b', 'passed')], { label: 'every other check' }),
      ],
      ['DEDUP-EXTERNAL-ID'],
    ),
  ]);

  expect(matrix.reference?.verdict).toBe('passed');
  expect(matrix.variants.map((v) => [v.name, v.verdict])).toEqual([
    ['leaf-field-names', 'failed'],
    ['put-no-content', 'passed'],
  ]);
  expect(matrix.variants[0]?.failures.map((f) => f.title)).toEqual([
    'VAL-ALL-FAILURES: every invalid event gives its verdict',
  ]);
  const byName = Object.fromEntries(matrix.mutants.map((m) => [m.name, m]));
  expect(byName['amount-zero-accepted']?.verdict).toBe('caught');
  expect(byName['amount-zero-accepted']?.caughtByRules).toEqual([
    { ruleId: 'VAL-AMOUNT-POSITIVE', checks: 2 },
  ]);
  expect(byName['amount-zero-accepted']?.caughtBy.map((c) => c.title)).toHaveLength(2);
  expect(byName['top-level-code-of-last-failure']?.verdict).toBe('weakly-caught');
  expect(byName['top-level-code-of-last-failure']?.stages).toEqual([
    { label: 'checks of its declared rules', checks: 1, failed: 0 },
    { label: 'every other check', checks: 2, failed: 1 },
  ]);
  expect(byName['dedup-missing']?.verdict).toBe('survived');
  expect(matrix.totals).toEqual({
    mutants: { total: 3, caught: 1, weaklyCaught: 1, notEstablished: 0, survived: 1, errors: 0 },
    variants: { total: 2, passed: 1, failed: 1 },
    deployments: { total: 0, asDeclared: 0, differ: 0 },
    reference: 'passed',
    // These fake runs recorded no answers (self-check/answers.test.ts judges some).
    answers: {
      rows: 0,
      valid: 0,
      outside: 0,
      invalid: 0,
      notValidated: 3,
      wrongShapeMutants: 0,
      refusedMutants: 0,
    },
  });
  expect(matrixAsReportStats(matrix)).toEqual({ expected: 4, unexpected: 2, skipped: 0, flaky: 0 });

  const context = { wallSeconds: 125, concurrency: 3, notes: ['a note'] };
  const text = renderText(matrix, context);
  expect(text).toMatch(/SURVIVED\s+dedup-missing/);
  expect(text).toMatch(
    /WEAK\s+top-level-code-of-last-failure\s+by VAL-ALL-FAILURES; none of the declared VAL-BODY-SHAPE/,
  );
  expect(text).toMatch(/caught\s+amount-zero-accepted\s+by VAL-AMOUNT-POSITIVE ×2/);
  expect(text).toMatch(/FAILED\s+leaf-field-names/);
  expect(text).toContain('Wall time 2 min 5 s');
  expect(text).toContain(
    'mutants: 2/3 caught (1 by a declared rule, 1 weakly), 1 survived; variants: 1/2 passed',
  );
  const markdown = renderMarkdown(matrix, context);
  expect(markdown).toContain('| `dedup-missing` | survived |');
  expect(markdown).toContain('### `amount-zero-accepted` (caught)');
});

test('SELF-CHECK: the exit code fails on a survivor, a failing variant or reference, or a run error; not on a weak catch', () => {
  const caught = completed(
    'mutant',
    'm',
    [stage([check('VAL-AMOUNT-POSITIVE', 'x', 'failed')])],
    ['VAL-AMOUNT-POSITIVE'],
  );
  const weak = completed(
    'mutant',
    'w',
    [stage([check('VAL-ALL-FAILURES', 'x', 'failed')])],
    ['VAL-BODY-SHAPE'],
  );
  const survivor = completed(
    'mutant',
    's',
    [stage([check('VAL-AMOUNT-POSITIVE', 'x', 'passed')])],
    ['VAL-TYPE-ENUM'],
  );
  const reference = completed('reference', 'reference', [stage(PASSING)]);
  const failingReference = completed('reference', 'reference', [
    stage([check(undefined, 'A-B: c', 'failed')]),
  ]);
  const failingVariant = completed('variant', 'v', [stage([check(undefined, 'A-B: c', 'failed')])]);
  const crashed = completed(
    'mutant',
    'c',
    [stage([], { results: undefined, exitCode: 1 })],
    ['VAL-TYPE-ENUM'],
  );
  const setupError = completed('variant', 'e', [
    stage([], { results: { tests: [], errors: ['Error in global setup'] }, exitCode: 1 }),
  ]);
  const timedOut = completed(
    'mutant',
    't',
    [stage([check(undefined, 'X-Y: z', 'passed')], { timedOut: true })],
    ['VAL-TYPE-ENUM'],
  );
  const nothingRan = completed(
    'mutant',
    'n',
    [stage([check(undefined, 'X-Y: z', 'skipped')])],
    ['VAL-TYPE-ENUM'],
  );

  expect(exitCodeOf(buildMatrix([reference, caught, weak]))).toBe(0);
  expect(exitCodeOf(buildMatrix([reference, caught, survivor]))).toBe(1);
  expect(exitCodeOf(buildMatrix([failingReference, caught]))).toBe(1);
  expect(exitCodeOf(buildMatrix([reference, failingVariant]))).toBe(1);
  for (const broken of [crashed, timedOut, nothingRan]) {
    const matrix = buildMatrix([reference, broken]);
    expect(matrix.mutants[0]?.verdict, broken.run.id).toBe('error');
    expect(exitCodeOf(matrix), broken.run.id).toBe(1);
  }
  const withSetupError = buildMatrix([reference, setupError]);
  expect(withSetupError.variants[0]?.verdict).toBe('error');
  expect(withSetupError.variants[0]?.problem).toContain('Error in global setup');
  expect(exitCodeOf(withSetupError)).toBe(1);
});

test('SELF-CHECK: a mutant nothing caught whose declared check could not make its claim is not established, said and failing nothing', () => {
  const why = 'a shared count may serve 60 in 2400 ms, not less than the limit of 50';
  const inconclusive = (ruleId: RuleId, text: string): TestResult => ({
    ...check(ruleId, text, 'skipped'),
    inconclusive: why,
  });
  const reference = completed('reference', 'reference', [stage(PASSING)]);
  const unjudged = completed(
    'mutant',
    'spelled-apart',
    [stage([...PASSING, inconclusive('RATE-LIMIT-PER-TENANT', 'the counter across spellings')])],
    ['RATE-LIMIT-PER-TENANT'],
  );
  // Inconclusive, but of a rule the mutant does not break: nothing said of it, so it survived.
  const survivor = completed(
    'mutant',
    'other',
    [stage([...PASSING, inconclusive('RATE-LIMIT-PER-TENANT', 'the counter across spellings')])],
    ['VAL-TYPE-ENUM'],
  );
  const matrix = buildMatrix([reference, unjudged, survivor]);
  expect(matrix.mutants.map((m) => [m.name, m.verdict])).toEqual([
    ['other', 'survived'],
    ['spelled-apart', 'not-established'],
  ]);
  expect(matrix.mutants[1]?.unestablished).toEqual([
    { title: 'RATE-LIMIT-PER-TENANT: the counter across spellings', reason: why },
  ]);
  expect(exitCodeOf(buildMatrix([reference, unjudged]))).toBe(0);
  expect(matrixAsReportStats(buildMatrix([reference, unjudged]))).toEqual({
    expected: 1,
    unexpected: 0,
    skipped: 1,
    flaky: 0,
  });
  expect(exitCodeOf(matrix)).toBe(1);
  const text = renderText(buildMatrix([reference, unjudged]), { wallSeconds: 1, concurrency: 1, notes: [] });
  expect(text).toContain(
    `NOT EST.  spelled-apart  no check failed; 1 of the declared RATE-LIMIT-PER-TENANT inconclusive: ${why}`,
  );
  expect(text).toContain(
    'mutants: 0/1 caught (0 by a declared rule, 0 weakly), 0 survived, 1 not established (a check of a declared rule could not make its claim)',
  );
  // One caught among them: caught, whatever else was inconclusive.
  expect(classifyMutant(['RATE-LIMIT-PER-TENANT'], [failed('RATE-LIMIT-PER-TENANT', 'x')], [{}])).toBe(
    'caught',
  );
});

test('SELFTEST: a deployment is as declared when exactly the rules it deviates from failed, and differs otherwise', () => {
  const declared: RuleId[] = ['AUTH-TOKEN-PREFIX', 'VAL-TYPE-ENUM'];
  const deployment = (name: string, tests: TestResult[]) =>
    completed('deployment', name, [stage([...PASSING, ...tests])], [], declared);
  const exact = deployment('exact', [
    check('AUTH-TOKEN-PREFIX', 'the tenants tokens carry the spec prefix', 'failed'),
    check('VAL-TYPE-ENUM', 'POST with type BANK_MOVEMENT gives 400 ERR-3002', 'failed'),
    check('VAL-TYPE-ENUM', 'POST with type lowercase gives 400 ERR-3002', 'passed'),
  ]);
  const tooStrict = deployment('too-strict', [
    check('AUTH-TOKEN-PREFIX', 'x', 'failed'),
    check('VAL-TYPE-ENUM', 'y', 'failed'),
    check('GAP-OTHER-OPERATIONS', 'a listing', 'failed', ['ERROR-BODY-SHAPE']),
  ]);
  const tooWeak = deployment('too-weak', [check('AUTH-TOKEN-PREFIX', 'x', 'failed')]);
  const matrix = buildMatrix([
    completed('reference', 'reference', [stage(PASSING)]),
    exact,
    tooStrict,
    tooWeak,
  ]);
  const byName = Object.fromEntries(matrix.deployments.map((d) => [d.name, d]));
  expect(byName.exact).toMatchObject({ verdict: 'as-declared', missing: [], unexpected: [] });
  expect(byName['too-strict']).toMatchObject({
    verdict: 'differs',
    missing: [],
    unexpected: ['ERROR-BODY-SHAPE', 'GAP-OTHER-OPERATIONS'],
  });
  expect(byName['too-weak']).toMatchObject({
    verdict: 'differs',
    missing: ['VAL-TYPE-ENUM'],
    unexpected: [],
  });
  expect(matrix.totals.deployments).toEqual({ total: 3, asDeclared: 1, differ: 2 });
  expect(exitCodeOf(matrix)).toBe(1);
  expect(exitCodeOf(buildMatrix([completed('reference', 'reference', [stage(PASSING)]), exact]))).toBe(0);
  expect(matrixAsReportStats(matrix)).toEqual({ expected: 2, unexpected: 2, skipped: 0, flaky: 0 });
  const context = { wallSeconds: 10, concurrency: 1, notes: [] };
  const text = renderText(matrix, context);
  expect(text).toMatch(
    /as declared\s+exact\s+failed AUTH-TOKEN-PREFIX, VAL-TYPE-ENUM, exactly the rules it deviates from/,
  );
  expect(text).toMatch(/DIFFERS\s+too-weak\s+failed AUTH-TOKEN-PREFIX; no check failed VAL-TYPE-ENUM/);
  expect(text).toContain('deployments: 1/3 as declared');
  expect(renderMarkdown(matrix, context)).toContain(
    '| `exact` | as-declared | AUTH-TOKEN-PREFIX, VAL-TYPE-ENUM |',
  );
});
