/**
 * Whether a check that starts afresh is run again whole (suites/fixtures/starts-afresh.ts): only when
 * its attempt ended because a request met the deployment's unavailability and sending it again could
 * have changed what the check judges (a POST or PUT, which may have been stored), and nothing of the
 * attempt can still change what a second attempt judges. A check that saw a deviation, or could not
 * complete its verdict, is never run again: a deviation seen once is a deviation. A second attempt
 * that meets a window again is not run a third time: its check reads not established.
 */
import { describeWindow, type MergedWindow } from '../../run-records/unavailability-windows.ts';

/** How many attempts a check that starts afresh gets at most: the first, and one once the deployment is back. */
export const MOST_ATTEMPTS = 2;

export interface EndedAttempt {
  /** The window the request that ended the attempt met, and its method; undefined when it ended otherwise. */
  readonly unavailable: { readonly window: MergedWindow; readonly method: string } | undefined;
  /** Attempts made so far, this one included. */
  readonly attempts: number;
  /** Violations the attempt recorded, and answers that broke part 7 outside the window (not yet recorded). */
  readonly violations: number;
  /** Whether the attempt was marked inconclusive (a claim it could not make). */
  readonly inconclusive: boolean;
  /** The attempt's requests still unanswered once it ended: their answers could land in a second attempt. */
  readonly inFlight: number;
}

export type RunAgain =
  | { readonly again: true; readonly why: string }
  | { readonly again: false; readonly why: string };

const stays = (why: string): RunAgain => ({ again: false, why });

/** The decision, and why, in words for the record of the check. */
export const runAgainDecision = (attempt: EndedAttempt): RunAgain => {
  const { unavailable } = attempt;
  if (!unavailable) return stays('it did not end at a window of unavailability');
  if (attempt.attempts >= MOST_ATTEMPTS) return stays('its second attempt met the unavailability too');
  if (attempt.violations > 0) return stays('it had already seen a deviation');
  if (attempt.inconclusive) return stays('it had already been marked inconclusive');
  if (attempt.inFlight > 0) return stays('requests of its first attempt were still unanswered');
  return {
    again: true,
    why: `run again whole once the deployment was back: a ${unavailable.method} of its first attempt met the deployment's unavailability ${describeWindow(unavailable.window)}; judged by its second attempt alone, with data of its own`,
  };
};
