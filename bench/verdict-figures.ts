/**
 * Time to verdict: the conformance run against a conforming server and against a badly broken one (the
 * reference with several mutants at once), on the same machine in the same bench run. A broken
 * deployment must be judged about as fast as a conforming one: QA waits for the verdict whichever it
 * is, and a pipeline's time-out turns a slow verdict into none. Pure: the measuring is bench/bench.ts's.
 */
import type { Row } from './figure-row.ts';

/**
 * The broken server of the bench: validation failures answered 422 (on POST and PUT), `errors[]`
 * items without `field`, GET leaving out `multiCurrencyAmounts`, amounts stored as float32, POST
 * answering 200. Mutants of distinct hooks, so that they combine (reference/mutants.ts), and none
 * of the error bodies', so that the run gets past its preflight.
 */
export const BROKEN_SERVER_MUTANTS = Object.freeze([
  'validation-status-422',
  'put-validation-status-422',
  'validation-errors-without-field',
  'get-without-multi-currency-amounts',
  'amount-stored-as-float32',
  'create-returns-200',
]);

/** The margin stated for a broken deployment's verdict: at most this factor of the conforming run's time, plus these seconds. */
export const VERDICT_MARGIN = Object.freeze({ factor: 1.2, seconds: 5 });

export interface TimedVerdict {
  /** Wall time of `fei-kit conformance`, to its exit. */
  readonly seconds: number;
  readonly code: number;
  /** Rules the certificate says failed (undefined: no certificate could be read). */
  readonly failedRules: number | undefined;
}

export interface VerdictFigure {
  /** Which target the pair ran against: the reference server, or the rehearsed deployment. */
  readonly target: 'embedded' | 'rehearsal';
  readonly mutants: readonly string[];
  /** Median of the rounds, each round running both (alternating which goes first). */
  readonly conforming: TimedVerdict;
  readonly broken: TimedVerdict;
  readonly rounds: number;
}

/** The longest a broken deployment's verdict may take, given the conforming one's. */
export const verdictAllowance = (conformingSeconds: number): number =>
  conformingSeconds * VERDICT_MARGIN.factor + VERDICT_MARGIN.seconds;

/** The verdicts the pair must reach to be a measurement at all: exit 0, and exit 1 with a failed rule. */
export const verdictProblem = (figure: VerdictFigure): string | undefined => {
  if (figure.conforming.code !== 0)
    return `the conforming server's run exited ${figure.conforming.code}, not 0`;
  if (figure.broken.code !== 1 || !figure.broken.failedRules)
    return `the broken server's run exited ${figure.broken.code} with ${figure.broken.failedRules ?? 'no'} failed rules, not 1 with the rules it broke`;
  return undefined;
};

export const VERDICT_GOAL = `broken ≤ ${VERDICT_MARGIN.factor} × conforming + ${VERDICT_MARGIN.seconds} s`;

const s = (seconds: number): string => `${seconds.toFixed(1)} s`;

export const verdictRow = (figure: VerdictFigure): Row => {
  const { conforming, broken } = figure;
  const ratio = broken.seconds / conforming.seconds;
  const problem = verdictProblem(figure);
  const where =
    figure.target === 'embedded'
      ? 'reference server'
      : 'rehearsed deployment (as above, without the rate-limit checks)';
  return {
    measure: `time to verdict, ${where}: conforming vs broken (${figure.mutants.length} mutants at once${figure.rounds > 1 ? `, median of ${figure.rounds} rounds` : ''})`,
    figure: `${s(conforming.seconds)} vs ${s(broken.seconds)} (${broken.failedRules ?? '?'} rules failed): ${ratio.toFixed(2)}×${problem ? ` (${problem}: no goal is met)` : ''}`,
    goal: VERDICT_GOAL,
    verdict: problem ? 'NOT MET' : broken.seconds <= verdictAllowance(conforming.seconds) ? 'met' : 'NOT MET',
  };
};
