/**
 * The exit codes of every command of the kit: one table, so that CI can tell "the deployment deviates
 * from the spec" from "the kit could not run at all" from "the kit itself failed", whichever command
 * it ran. The README's table and every command's --help are written from EXIT_CODES (a kit test keeps
 * the README equal to it).
 */
export const EXIT = Object.freeze({
  ok: 0,
  /**
   * A violation of a stated rule was recorded: the target deviates from the spec, a tenant's client
   * broke a MUST rule of the spec, or a load threshold was crossed. Never the kit's own failure: that is 7.
   */
  deviation: 1,
  /** The target contract, an option or an argument is missing or malformed, or the target refused tenant A's credentials. */
  badConfiguration: 2,
  /**
   * Could not run: the target is no working deployment of the service (unreachable, a redirect, a page
   * that is not the service's, already throttled at the preflight), went away during the run, or was
   * too slow for some checks to finish (they are inconclusive); a tenant's command could not be run.
   */
  couldNotRun: 3,
  /** k6 was asked for but is not installed. */
  k6Missing: 4,
  /**
   * The target behaves differently from the baseline where the spec is silent (a gap reading changed)
   * or is slower beyond the tolerance, and KIT_FAIL_ON_DRIFT=true asked for that to fail; or the
   * tenant-impact gate found a tenant the candidate release would affect.
   */
  drift: 5,
  /**
   * A paced tenant was throttled outside the rate-limit checks: its real limit is below the one in the
   * target contract (or something else uses the tenant). The run stops within a window.
   */
  throttled: 6,
  /**
   * The kit itself failed: an internal error, Playwright or k6 ended without writing its results, the
   * certificate could not be built, a token was found in an output. Says nothing about the target; the
   * line before it says what broke.
   */
  kitFailure: 7,
  /** The output folder (KIT_OUTPUT_DIR or --output) cannot be written. */
  outputUnwritable: 8,
  /** A baseline, a current run or load segments to compare or merge cannot be read. */
  comparisonUnreadable: 9,
  /** Interrupted by Ctrl-C (SIGINT): what ran is kept, and says it is incomplete. */
  interrupted: 130,
  /** Terminated (SIGTERM, a CI time-out): as interrupted. */
  terminated: 143,
} as const);

export type ExitCodeName = keyof typeof EXIT;

/** What each code means, in the words --help and the README use. */
export const EXIT_CODES: Readonly<Record<ExitCodeName, string>> = Object.freeze({
  ok: 'passed: no deviation found, or the command did its job',
  deviation:
    'a deviation: the target broke a stated rule of the spec, a client broke a MUST rule, or a load threshold was crossed',
  badConfiguration:
    "bad configuration: the target contract, an option or an argument is missing or malformed (nothing was sent), or the preflight's GETs found tenant A's credentials refused",
  couldNotRun:
    "could not run: the target is no working deployment of the service, went away, or was too slow; or the command under test could not be run; or a tenant's impact could not be established",
  k6Missing: 'k6 is not installed (K6_BIN, then PATH): the k6 run could not start',
  drift:
    'drift from the baseline where the spec is silent, with KIT_FAIL_ON_DRIFT=true; or a tenant the release would affect (impact)',
  throttled: "a paced tenant was throttled: its real limit is below the target contract's",
  kitFailure:
    'the kit itself failed (an internal error, a tool that ended without its results); never the target',
  outputUnwritable: 'the output folder (KIT_OUTPUT_DIR or --output) cannot be written',
  comparisonUnreadable: 'a baseline, a run or load segments to compare or merge cannot be read',
  interrupted: 'interrupted (Ctrl-C): what ran is kept and marked incomplete',
  terminated: 'terminated (SIGTERM, a CI time-out): as interrupted',
});

/** k6's own exit code for crossed thresholds (k6 errext): the kit's deviation. */
export const K6_THRESHOLDS_CROSSED = 99;

/**
 * The kit's code for how a k6 run ended: crossed thresholds are a deviation (1); any other failure of
 * k6 itself (a script error, a bad option, an abort) is the kit's failure (7), never the target's.
 */
export const exitCodeOfK6 = (k6Code: number): number => {
  if (k6Code === 0) return EXIT.ok;
  if (k6Code === K6_THRESHOLDS_CROSSED) return EXIT.deviation;
  if (k6Code === EXIT.interrupted || k6Code === EXIT.terminated) return k6Code;
  return EXIT.kitFailure;
};
