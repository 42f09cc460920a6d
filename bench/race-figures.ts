/**
 * What the race part of the bench reports (bench/race-bench.ts): of whole conformance runs against a
 * deployment whose duplicate check and insert are one round trip apart, with busy processes beside
 * them, how many caught it (DEDUP-CONCURRENT failed), and the release spreads the bursts achieved.
 */
import type { Row } from './figure-row.ts';
import { median } from './kit-figures.ts';

/** One burst as the check recorded it (its DEDUP-CONCURRENT observation's detail). */
export interface RecordedBurst {
  readonly releaseSpreadMs: number;
  readonly counts: boolean;
}

export interface RaceRun {
  /** DEDUP-CONCURRENT's verdict in the run's certificate, or undefined when it wrote none. */
  readonly verdict: string | undefined;
  readonly bursts: readonly RecordedBurst[];
  readonly seconds: number;
}

export interface RaceFigure {
  readonly mutant: string;
  readonly busyProcesses: number;
  readonly runs: readonly RaceRun[];
}

/** Every run must catch the mutant: the goal the bench holds the kit to. */
export const caughtRuns = (figure: RaceFigure): number =>
  figure.runs.filter((r) => r.verdict === 'failed').length;

const ms = (value: number | undefined): string => (value === undefined ? '–' : `${value.toFixed(3)} ms`);

export const raceRows = (figure: RaceFigure | undefined): Row[] => {
  const measure = (f: RaceFigure) =>
    `DEDUP-CONCURRENT against ${f.mutant} in whole conformance runs, ${f.busyProcesses} busy processes beside them`;
  if (!figure)
    return [
      { measure: 'DEDUP-CONCURRENT under load', figure: 'not measured', goal: '', verdict: 'not measured' },
    ];
  const caught = caughtRuns(figure);
  const bursts = figure.runs.flatMap((r) => r.bursts);
  const spreads = bursts.map((b) => b.releaseSpreadMs);
  const counted = bursts.filter((b) => b.counts).length;
  return [
    {
      measure: measure(figure),
      figure: `caught in ${caught} of ${figure.runs.length} runs; ${counted} of ${bursts.length} bursts within the spread that counts; release spread min ${ms(spreads.length ? spreads.reduce((least, s) => Math.min(least, s)) : undefined)}, median ${ms(median(spreads))}, max ${ms(spreads.length ? spreads.reduce((most, s) => Math.max(most, s)) : undefined)}`,
      goal: 'every run',
      verdict: figure.runs.length > 0 && caught === figure.runs.length ? 'met' : 'NOT MET',
    },
  ];
};
