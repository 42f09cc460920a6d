/**
 * errors[] against the failures a request must produce, as a set: a one-to-one matching (bipartite,
 * so that two leaf names such as `amount` pair correctly with two expected item failures), nothing
 * missing, nothing invented, in any order (GAP-ERRORS-ORDER) and any field notation (GAP-FIELD-PATH).
 * One exception to one-to-one: an item on the object that holds several failures, where each of them
 * may be named by that object, may stand for all of them (below).
 */
import { ANY_ERROR_CODE, type ExpectedFailure } from './expected-failure.ts';
import { fieldNames } from './field-paths.ts';

/** An item of errors[] as the deployment reported it. */
export interface ReportedFailure {
  readonly field: string;
  readonly errorCode: string;
}

export interface FailureMatching<E extends ExpectedFailure = ExpectedFailure> {
  readonly missing: readonly E[];
  readonly unexpected: readonly ReportedFailure[];
}

const fieldsOf = (expected: ExpectedFailure): readonly string[] => [
  expected.field,
  ...(expected.alternativeFields ?? []),
];

/** Whether a reported failure can stand for an expected one: its code (any, for ANY) and a field it may name. */
export const canStandFor = (expected: ExpectedFailure, reported: ReportedFailure): boolean =>
  (expected.errorCode === ANY_ERROR_CODE || expected.errorCode === reported.errorCode) &&
  fieldsOf(expected).some((field) => fieldNames(reported.field, field));

/**
 * The objects among a failure's alternative fields that hold its field: `payload` for
 * `payload.beneficiaryName`. (Fields here are the kit's own dot notation.)
 */
const containersOf = (expected: ExpectedFailure): readonly string[] =>
  (expected.alternativeFields ?? []).filter(
    (field) => expected.field.startsWith(`${field}.`) || expected.field.startsWith(`${field}[`),
  );

/**
 * Whether a reported item names an object holding the expected failure, under its stated code. A
 * schema validator checks a payload against the schema of the event's type once: `if type is a payin,
 * then payload has none of the payout fields` fails once, on `payload`, for every such field (ajv's
 * `not`/`if`, a class-level constraint). errors[] then holds every failure, one item for those. A
 * failure of no stated code (an unknown property, a value of the wrong type) is another failure: an
 * item about the object under some code does not say it was seen.
 */
const standsForWithin = (expected: ExpectedFailure, reported: ReportedFailure): boolean =>
  expected.errorCode !== ANY_ERROR_CODE &&
  expected.errorCode === reported.errorCode &&
  containersOf(expected).some((container) => fieldNames(reported.field, container));

const isReading = (failure: ExpectedFailure | undefined): boolean => failure?.readingOf !== undefined;

export const matchFailures = <E extends ExpectedFailure>(
  expected: readonly E[],
  reported: readonly ReportedFailure[],
): FailureMatching<E> => {
  const matchOfReported = new Array<number>(reported.length).fill(-1);
  const assign = (e: number, seen: boolean[]): boolean => {
    const expectedItem = expected[e] as E;
    for (let r = 0; r < reported.length; r += 1) {
      if (seen[r] || !canStandFor(expectedItem, reported[r] as ReportedFailure)) continue;
      seen[r] = true;
      const current = matchOfReported[r] as number;
      if (current === -1 || assign(current, seen)) {
        matchOfReported[r] = e;
        return true;
      }
    }
    return false;
  };
  // Stated failures are matched first, and a matched one stays matched: a failure that is only a
  // reading (reported or not, as the deployment reads it) never takes the item a stated one needs,
  // such as a leaf `amount` that could name the event's amount or an item's.
  const order = expected
    .map((_, e) => e)
    .sort((a, b) => Number(isReading(expected[a])) - Number(isReading(expected[b])));
  const unmatched = new Set(order.filter((e) => !assign(e, new Array<boolean>(reported.length).fill(false))));
  // An item matched to one failure through the object holding it stands for the others it holds too.
  const coveredWithin = (e: number): boolean =>
    reported.some((item, r) => {
      const matched = expected[matchOfReported[r] as number];
      return (
        matched !== undefined &&
        matched.ruleId === expected[e]?.ruleId &&
        standsForWithin(matched, item) &&
        standsForWithin(expected[e] as ExpectedFailure, item)
      );
    });
  const missing = expected.filter((_, e) => unmatched.has(e) && !coveredWithin(e));
  const unexpected = reported.filter((_, r) => matchOfReported[r] === -1);
  return { missing, unexpected };
};

export const describeReportedFailures = (failures: readonly ReportedFailure[]): string =>
  failures.length === 0 ? 'none' : failures.map((f) => `${f.field} ${f.errorCode}`).join(', ');
