/**
 * Compares a validation error body's errors[] with the failures a request must produce, as a set:
 * nothing missing, nothing invented, in any order (GAP-ERRORS-ORDER) and any field notation
 * (GAP-FIELD-PATH). Matching is a bipartite matching, so that leaf notations such as two `amount`
 * items are paired correctly with two expected multiCurrencyAmounts failures.
 */
import { fieldNames } from './field-paths.ts';

/** One failure a request must produce. `errorCode: 'ANY'` where the spec does not fix the code. */
export interface ExpectedFailure {
  readonly field: string;
  readonly errorCode: string;
}

export interface ReportedFailure {
  readonly field: string;
  readonly errorCode: string;
}

export interface VerdictComparison {
  readonly missing: readonly ExpectedFailure[];
  readonly unexpected: readonly ReportedFailure[];
}

const compatible = (expected: ExpectedFailure, reported: ReportedFailure): boolean =>
  (expected.errorCode === 'ANY' || expected.errorCode === reported.errorCode) &&
  fieldNames(reported.field, expected.field);

export const compareVerdict = (
  expected: readonly ExpectedFailure[],
  reported: readonly ReportedFailure[],
): VerdictComparison => {
  const matchOfReported = new Array<number>(reported.length).fill(-1);
  const tryAssign = (e: number, seen: boolean[]): boolean => {
    for (let r = 0; r < reported.length; r += 1) {
      const expectedItem = expected[e];
      const reportedItem = reported[r];
      if (seen[r] || !expectedItem || !reportedItem || !compatible(expectedItem, reportedItem)) continue;
      seen[r] = true;
      const current = matchOfReported[r] ?? -1;
      if (current === -1 || tryAssign(current, seen)) {
        matchOfReported[r] = e;
        return true;
      }
    }
    return false;
  };
  const missing: ExpectedFailure[] = [];
  expected.forEach((item, e) => {
    if (!tryAssign(e, new Array<boolean>(reported.length).fill(false))) missing.push(item);
  });
  const unexpected = reported.filter((_, r) => matchOfReported[r] === -1);
  return { missing, unexpected };
};

export const describeFailures = (
  failures: readonly ExpectedFailure[] | readonly ReportedFailure[],
): string => (failures.length === 0 ? 'none' : failures.map((f) => `${f.field} ${f.errorCode}`).join(', '));
