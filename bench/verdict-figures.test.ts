import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { MUTANT_NAMES, mutantsByList } from '../reference/index.ts';
import { rowsOf } from './kit-figures.ts';
import {
  BROKEN_SERVER_MUTANTS,
  VERDICT_GOAL,
  type VerdictFigure,
  verdictAllowance,
  verdictProblem,
  verdictRow,
} from './verdict-figures.ts';

const figure = (
  conforming: number,
  broken: number,
  overrides: Partial<VerdictFigure> = {},
): VerdictFigure => ({
  target: 'embedded',
  mutants: BROKEN_SERVER_MUTANTS,
  conforming: { seconds: conforming, code: 0, failedRules: 0 },
  broken: { seconds: broken, code: 1, failedRules: 8 },
  rounds: 1,
  ...overrides,
});

test('VERDICT: the margin is 1.2 times the conforming run plus 5 s', () => {
  expect(VERDICT_GOAL).toBe('broken ≤ 1.2 × conforming + 5 s');
  expect(verdictAllowance(20)).toBe(29);
});

test('VERDICT: a broken server judged within the margin meets the goal, beyond it does not', () => {
  const within = verdictRow(figure(20, 29));
  expect(within.verdict).toBe('met');
  expect(within.goal).toBe(VERDICT_GOAL);
  expect(within.figure).toBe('20.0 s vs 29.0 s (8 rules failed): 1.45×');
  expect(within.measure).toBe('time to verdict, reference server: conforming vs broken (6 mutants at once)');
  expect(verdictRow(figure(20, 29.1)).verdict).toBe('NOT MET');
  // Faster than the conforming run is within the margin too.
  expect(verdictRow(figure(20, 12)).verdict).toBe('met');
});

test('VERDICT: a pair that did not reach its two verdicts is no measurement and meets nothing', () => {
  const notConforming = figure(20, 21, { conforming: { seconds: 20, code: 3, failedRules: undefined } });
  expect(verdictProblem(notConforming)).toBe("the conforming server's run exited 3, not 0");
  expect(verdictRow(notConforming).verdict).toBe('NOT MET');
  // A broken server whose run stopped (exit 3) or found nothing is not judged fast: it was not judged.
  for (const broken of [
    { seconds: 5, code: 3, failedRules: undefined },
    { seconds: 5, code: 0, failedRules: 0 },
    { seconds: 5, code: 1, failedRules: 0 },
  ]) {
    const row = verdictRow(figure(20, 5, { broken }));
    expect(row.verdict).toBe('NOT MET');
    expect(row.figure).toContain('no goal is met');
  }
});

test('VERDICT: the table has a row per target measured, or one row saying it was not measured', () => {
  const rows = rowsOf({
    verdicts: [figure(20, 22), figure(40, 60, { target: 'rehearsal', rounds: 3 })],
  });
  const verdictRows = rows.filter((r) => r.measure.startsWith('time to verdict'));
  expect(verdictRows.map((r) => r.verdict)).toEqual(['met', 'NOT MET']);
  expect(verdictRows[1]?.measure).toContain('rehearsed deployment');
  expect(verdictRows[1]?.measure).toContain('median of 3 rounds');
  expect(rowsOf({}).find((r) => r.measure.startsWith('time to verdict'))).toEqual({
    measure: 'time to verdict: conforming vs broken server',
    figure: 'not measured',
    goal: VERDICT_GOAL,
    verdict: 'not measured',
  });
});

test('VERDICT: the broken server is a valid combination of known mutants, breaking at least five rules', () => {
  for (const name of BROKEN_SERVER_MUTANTS) expect(MUTANT_NAMES).toContain(name);
  const broken = mutantsByList(BROKEN_SERVER_MUTANTS.join(','));
  expect(broken.name.split(',')).toEqual([...BROKEN_SERVER_MUTANTS]);
  expect(broken.catchingRules.length).toBeGreaterThanOrEqual(5);
});
