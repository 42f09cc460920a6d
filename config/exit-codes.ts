/**
 * Exit codes of the kit's commands, so that CI can tell "the deployment deviates from the spec"
 * from "the kit could not run at all".
 */
export const EXIT = Object.freeze({
  ok: 0,
  /** At least one check failed: the target deviates from the spec (or a kit test failed). */
  deviation: 1,
  /** The target contract is missing or malformed. */
  badConfiguration: 2,
  /** The target did not answer the preflight request. */
  targetUnreachable: 3,
  /** k6 was asked for but is not installed. */
  k6Missing: 4,
  /**
   * The target behaves differently from the baseline where the spec is silent (a gap reading changed)
   * or is slower beyond the tolerance, and KIT_FAIL_ON_DRIFT=true asked for that to fail.
   */
  drift: 5,
} as const);
