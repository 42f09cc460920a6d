/**
 * The checks the property suites run inside fast-check's predicates. They are the hand-written
 * suites' expectations (expectations.ts) read the same way, strict where the spec speaks and tolerant
 * where it is silent, but they throw a plain `PropertyViolation` instead of calling Playwright's
 * `expect`: a property runs its predicate hundreds of times, and while shrinking most runs fail on
 * purpose; only the final, shrunk failure is the test's.
 *
 * The verdict comparison extends `compareVerdict` with the generators' `alternativeFields` (a schema
 * validator may name `payload` for an unknown payload property instead of the property itself).
 */
import { isDeepStrictEqual } from 'node:util';
import type { ExpectedError, ExpectedVerdict } from '../../generators/index.ts';
import { ANY_ERROR_CODE, describeVerdict } from '../../generators/index.ts';
import { ERROR_CODES, type ErrorCode } from '../../spec/index.ts';
import { fieldNames } from './field-paths.ts';
import { describeExchange } from './http-exchange.ts';
import {
  creationResultSchema,
  explainMismatch,
  isJsonContentType,
  simpleErrorBodySchema,
  validationErrorBodySchema,
} from './response-schemas.ts';
import type { ServiceResponse } from './service-client.ts';
import type { ReportedFailure } from './verdict-matching.ts';

/** A property's expectation that did not hold; the message names it and carries the exchange. */
export class PropertyViolation extends Error {
  override readonly name = 'PropertyViolation';
}

/** Separates a violation's message from the exchange that shows it. */
export const EXCHANGE_SEPARATOR = '\n--- exchange ---\n';

/** Throws a violation naming what was expected, with the exchange (curl, token redacted, and response). */
export const violation = (response: ServiceResponse | undefined, what: string): never => {
  throw new PropertyViolation(
    response ? `${what}${EXCHANGE_SEPARATOR}${describeExchange(response.exchange)}` : what,
  );
};

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

// ---------------------------------------------------------------------------------------------
// Success

/** Part 4: 201 with a UUID; returns the uuid. */
export const checkCreated = (response: ServiceResponse): string => {
  if (response.status !== 201) violation(response, `expected 201 Created, got ${response.status}`);
  const parsed = creationResultSchema.safeParse(response.json);
  if (!parsed.success) {
    violation(response, `creation body must hold a UUID uuid: ${explainMismatch(parsed.error)}`);
  }
  return (parsed.data as { uuid: string }).uuid;
};

/** A PUT that must succeed: any 2xx (GAP-PUT-STATUS), and a body, when there is one, that is JSON. */
export const checkUpdated = (response: ServiceResponse): void => {
  if (!isSuccess(response.status))
    violation(response, `a valid PUT must succeed (any 2xx), got ${response.status}`);
  if (response.status !== 204 && response.text.trim() !== '' && response.json === undefined) {
    violation(response, 'a PUT body, when there is one, must be JSON');
  }
};

const AMOUNT_KEY = 'amount';

/** Amounts are compared as numbers: "12.50", 12.50 and 12.5 are the same amount (as in expectSameEvent). */
export const normaliseAmounts = (value: unknown, key?: string): unknown => {
  if (key === AMOUNT_KEY && (typeof value === 'string' || typeof value === 'number')) return Number(value);
  if (Array.isArray(value)) return value.map((item) => normaliseAmounts(item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normaliseAmounts(v, k)]));
  }
  return value;
};

/**
 * The submitted fields that GET does not return equal (amounts as numbers); fields GET adds are a
 * reading of GAP-GET-BODY and allowed.
 */
export const differingFields = (got: Record<string, unknown>, sent: Record<string, unknown>): string[] =>
  Object.keys(sent).filter(
    (key) => !isDeepStrictEqual(normaliseAmounts(got[key], key), normaliseAmounts(sent[key], key)),
  );

/** Part 4: GET answers 200 with the event, every submitted field equal. Returns the fields GET added. */
export const checkSameEvent = (response: ServiceResponse, sent: object): string[] => {
  if (response.status !== 200) violation(response, `expected 200 with the event, got ${response.status}`);
  const got = response.json;
  if (got === null || typeof got !== 'object' || Array.isArray(got)) {
    violation(response, 'the event must be a JSON object');
  }
  const record = got as Record<string, unknown>;
  const sentRecord = sent as Record<string, unknown>;
  const differing = differingFields(record, sentRecord);
  if (differing.length > 0) {
    const lines = differing.map(
      (key) =>
        `  ${key}: sent ${JSON.stringify(sentRecord[key])}, got ${JSON.stringify(record[key]) ?? '(absent)'}`,
    );
    violation(response, `every submitted field must come back equal; these differ:\n${lines.join('\n')}`);
  }
  return Object.keys(record).filter((key) => !(key in sentRecord));
};

// ---------------------------------------------------------------------------------------------
// Errors

/** Part 7.1 and 7.3: the status the spec gives the code, a structured body and that errorCode. */
export const checkError = (response: ServiceResponse, errorCode: ErrorCode): void => {
  const status = ERROR_CODES[errorCode].httpStatus;
  if (response.status !== status) {
    violation(response, `expected HTTP ${status} ${errorCode}, got ${response.status}`);
  }
  if (!isJsonContentType(response.headers['content-type']))
    violation(response, 'error body must be JSON (part 7)');
  const parsed = simpleErrorBodySchema.safeParse(response.json);
  if (!parsed.success) {
    violation(response, `error body must have status, errorCode, title: ${explainMismatch(parsed.error)}`);
  }
  const body = parsed.data as { status: number; errorCode: string };
  if (body.errorCode !== errorCode)
    violation(response, `expected errorCode ${errorCode}, got ${body.errorCode}`);
  if (body.status !== response.status)
    violation(response, `body status ${body.status} must equal the HTTP status`);
};

export interface VerdictMismatch {
  readonly missing: readonly ExpectedError[];
  readonly unexpected: readonly ReportedFailure[];
}

/** The fields an expected error may be reported under: its own, or one of its alternatives. */
const fieldsOf = (expected: ExpectedError): readonly string[] => [
  expected.field,
  ...(expected.alternativeFields ?? []),
];

/** Whether a reported failure can stand for an expected one: its code (or any, for ANY) and a field it may name. */
export const canStandFor = (expected: ExpectedError, reported: ReportedFailure): boolean =>
  (expected.errorCode === ANY_ERROR_CODE || expected.errorCode === reported.errorCode) &&
  fieldsOf(expected).some((field) => fieldNames(reported.field, field));

/**
 * errors[] against the expected verdict as a set: a one-to-one matching (bipartite, so that two leaf
 * names such as `amount` pair correctly with two expected item failures), nothing missing, nothing
 * invented, in any order (GAP-ERRORS-ORDER) and any field notation (GAP-FIELD-PATH).
 */
export const matchVerdict = (
  expected: readonly ExpectedError[],
  reported: readonly ReportedFailure[],
): VerdictMismatch => {
  const matchOfReported = new Array<number>(reported.length).fill(-1);
  const assign = (e: number, seen: boolean[]): boolean => {
    const expectedItem = expected[e] as ExpectedError;
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
  const missing = expected.filter((_, e) => !assign(e, new Array<boolean>(reported.length).fill(false)));
  const unexpected = reported.filter((_, r) => matchOfReported[r] === -1);
  return { missing, unexpected };
};

const describeExpected = (errors: readonly ExpectedError[]): string =>
  errors.length === 0
    ? 'none'
    : errors
        .map((e) => {
          const alternatives = e.alternativeFields?.length ? ` (or ${e.alternativeFields.join(', ')})` : '';
          return `${e.field}${alternatives} ${e.errorCode === ANY_ERROR_CODE ? 'any code' : e.errorCode}`;
        })
        .join(', ');

const describeReported = (errors: readonly ReportedFailure[]): string =>
  errors.length === 0 ? 'none' : errors.map((e) => `${e.field} ${e.errorCode}`).join(', ');

/**
 * Part 7.2 and 7.3: exactly the expected verdict. 400 (not 422), a validation body whose errors[]
 * hold the expected failures as a set, the top-level errorCode of errors[0], the body status equal to
 * the HTTP status, and a title that says validation errors occurred.
 */
export const checkVerdict = (response: ServiceResponse, expected: ExpectedVerdict): void => {
  const wanted = `expected ${describeVerdict(expected)}`;
  if (response.status !== expected.httpStatus) violation(response, `${wanted}; got HTTP ${response.status}`);
  if (!isJsonContentType(response.headers['content-type']))
    violation(response, 'error body must be JSON (part 7)');
  const parsed = validationErrorBodySchema.safeParse(response.json);
  if (!parsed.success) {
    violation(
      response,
      `${wanted}; the body must have errors[] of {field, errorCode, message}: ${explainMismatch(parsed.error)}`,
    );
  }
  const body = parsed.data as { status: number; errorCode: string; title: string; errors: ReportedFailure[] };
  const { missing, unexpected } = matchVerdict(expected.errors, body.errors);
  if (missing.length > 0 || unexpected.length > 0) {
    violation(
      response,
      `${wanted}\nerrors[] must hold exactly the expected failures:\n  missing: ${describeExpected(missing)}\n  unexpected: ${describeReported(unexpected)}`,
    );
  }
  if (body.errorCode !== body.errors[0]?.errorCode) {
    violation(
      response,
      `the top-level errorCode ${body.errorCode} must be the code of the first failure, ${body.errors[0]?.errorCode}`,
    );
  }
  if (body.status !== response.status)
    violation(response, `body status ${body.status} must equal the HTTP status`);
  if (!/validation/i.test(body.title)) {
    violation(response, `the title must state that validation errors occurred; got "${body.title}"`);
  }
};
