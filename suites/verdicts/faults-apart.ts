/**
 * A body of several faults whose answer breaks a rule, taken apart: each fault is sent alone and the
 * oracle (`creditFaultsApart`) credits the violations to the fault that shows them, or to the body as
 * a whole when every fault alone is answered rightly. The fixed sweeps judge their bodies here, and
 * the properties that send several faults at once credit their shrunk counterexample here (the
 * runner's `credit`), so a violation is credited the same way wherever it is found. A target that
 * answers the whole body rightly never costs the extra requests.
 */
import type { AppliedFault } from '../../generators/index.ts';
import { creditFaultsApart, type Judged, type Violation } from '../../oracle/index.ts';

export interface FaultsApart<J extends Judged> {
  /** The judgement of the whole body. */
  readonly whole: J;
  /** What broke, credited: empty when the whole body was answered rightly. */
  readonly findings: readonly J[];
}

/** `whole`'s findings: each fault judged alone (when there are several and `whole` broke a rule), credited. */
export const takeApart = async <F extends AppliedFault, J extends Judged>(
  faults: readonly F[],
  whole: J,
  judge: (faults: readonly F[]) => Promise<J>,
): Promise<readonly J[]> => {
  const alone =
    whole.violations.length > 0 && faults.length > 1
      ? await Promise.all(faults.map((fault) => judge([fault])))
      : [];
  return creditFaultsApart(
    whole,
    alone,
    faults.map((fault) => fault.expected.ruleId),
  );
};

/** A property's `credit`: the violations of its shrunk body of several faults, taken apart. */
export const creditTakenApart = async <F extends AppliedFault>(
  faults: readonly F[],
  violations: readonly Violation[],
  judge: (faults: readonly F[]) => Promise<Judged>,
): Promise<readonly Violation[]> =>
  (await takeApart(faults, { violations }, judge)).flatMap((judged) => judged.violations);

/**
 * `judge(faults)` sends a body with these faults on the same base event (a fresh externalId each
 * time) and judges its answer; it is called once with all of them, then once per fault if needed.
 */
export const judgeFaultsApart = async <F extends AppliedFault, J extends Judged>(
  faults: readonly F[],
  judge: (faults: readonly F[]) => Promise<J>,
): Promise<FaultsApart<J>> => {
  const whole = await judge(faults);
  return { whole, findings: await takeApart(faults, whole, judge) };
};
