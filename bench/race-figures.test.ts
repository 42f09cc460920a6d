/** The race part's row: the rate caught and the spreads, met only when every run caught the mutant. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { type RaceFigure, raceRows } from './race-figures.ts';

const run = (verdict: string | undefined, spreads: number[]) => ({
  verdict,
  seconds: 1,
  bursts: spreads.map((releaseSpreadMs) => ({ releaseSpreadMs, counts: releaseSpreadMs <= 1 })),
});

test('BENCH: the race row gives the rate caught, the bursts that counted and the spreads', () => {
  const figure: RaceFigure = {
    mutant: 'dedup-window-1ms',
    busyProcesses: 4,
    runs: [run('failed', [0.2, 3]), run('failed', [0.4])],
  };
  const [row] = raceRows(figure);
  expect(row?.figure).toBe(
    'caught in 2 of 2 runs; 2 of 3 bursts within the spread that counts; release spread min 0.200 ms, median 0.400 ms, max 3.000 ms',
  );
  expect(row?.measure).toContain('4 busy processes');
  expect(row?.verdict).toBe('met');
});

test('BENCH: one run that passed (or wrote no certificate) and the goal is not met', () => {
  for (const missed of [run('passed', [0.3]), run(undefined, [])]) {
    const [row] = raceRows({
      mutant: 'dedup-window-1ms',
      busyProcesses: 4,
      runs: [run('failed', [0.2]), missed],
    });
    expect(row?.figure).toMatch(/^caught in 1 of 2 runs/);
    expect(row?.verdict).toBe('NOT MET');
  }
  expect(raceRows(undefined)[0]?.verdict).toBe('not measured');
});
