/**
 * Exit codes of the kit's commands, so that CI can tell "the deployment deviates from the spec"
 * from "the kit could not run at all".
 */
export const EXIT = Object.freeze({
  ok: 0,
  /**
   * A violation of a stated rule was recorded: the target deviates from the spec (or a kit test
   * failed, or a load threshold was crossed). Never the kit's own failure: that is 7.
   */
  deviation: 1,
  /** The target contract is missing or malformed, or the target refused tenant A's credentials. */
  badConfiguration: 2,
  /**
   * Could not run: the target is no working deployment of the service (unreachable, a redirect, a page
   * that is not the service's, already throttled at the preflight), went away during the run, or was
   * too slow for some checks to finish (they are inconclusive).
   */
  targetUnreachable: 3,
  /** k6 was asked for but is not installed. */
  k6Missing: 4,
  /**
   * The target behaves differently from the baseline where the spec is silent (a gap reading changed)
   * or is slower beyond the tolerance, and KIT_FAIL_ON_DRIFT=true asked for that to fail.
   */
  drift: 5,
  /**
   * A paced tenant was throttled outside the rate-limit checks: its real limit is below the one in the
   * target contract (or something else uses the tenant). The run stops within a window.
   */
  throttled: 6,
  /**
   * The kit itself failed: an internal error, Playwright ended without writing its results, the
   * certificate could not be built. Says nothing about the target; the line before it says what broke.
   */
  kitFailure: 7,
  /** The output folder (KIT_OUTPUT_DIR, or reports/output) cannot be written. */
  outputUnwritable: 8,
  /** A baseline or a current run to compare cannot be read (`npm run compare`, KIT_BASELINE). */
  comparisonUnreadable: 9,
  /** Interrupted by Ctrl-C (SIGINT): the certificate says "incomplete: interrupted". */
  interrupted: 130,
  /** Terminated (SIGTERM, a CI time-out): as interrupted. */
  terminated: 143,
} as const);
