/**
 * A body of several faults, judged and, when its answer breaks a rule, taken apart: each fault is
 * sent alone and the oracle (`creditFaultsApart`) credits the violations to the fault that shows them,
 * or to the body as a whole when every fault alone is answered rightly. The fixed sweeps and the
 * structural property judge their bodies here, so a violation is credited the same way wherever it
 * is found. A target that answers the whole body rightly never costs the extra requests.
 */
import type { AppliedFault } from '../../generators/index.ts';
import { creditFaultsApart } from '../../oracle/index.ts';
import type { StructuralOutcome } from './structural-verdict.ts';

export interface FaultsApart {
  /** The judgement of the whole body (its reading is what the target did with it). */
  readonly whole: StructuralOutcome;
  /** What broke, credited: empty when the whole body was answered rightly. */
  readonly findings: readonly StructuralOutcome[];
}

/**
 * `judge(faults)` sends a body with these faults on the same base event (a fresh externalId each
 * time) and judges its answer; it is called once with all of them, then once per fault if needed.
 */
export const judgeFaultsApart = async <F extends AppliedFault>(
  faults: readonly F[],
  judge: (faults: readonly F[]) => Promise<StructuralOutcome>,
): Promise<FaultsApart> => {
  const whole = await judge(faults);
  const alone =
    whole.violations.length > 0 && faults.length > 1
      ? await Promise.all(faults.map((fault) => judge([fault])))
      : [];
  return {
    whole,
    findings: creditFaultsApart(
      whole,
      alone,
      faults.map((fault) => fault.expected.ruleId),
    ),
  };
};
