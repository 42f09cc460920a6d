/**
 * The assertions the suites share. Each failure message names what was expected and carries the
 * exchange (the request as a curl command, token redacted, and the response), so that every failure
 * can be reproduced by hand (DESIGN principle 6).
 */
import { expect } from '@playwright/test';
import { ERROR_CODES, type ErrorCode } from '../../spec/index.ts';
import { describeExchange } from './http-exchange.ts';
import {
  creationResultSchema,
  explainMismatch,
  isJsonContentType,
  type SimpleErrorBody,
  simpleErrorBodySchema,
  type ValidationErrorBody,
  validationErrorBodySchema,
} from './response-schemas.ts';
import type { ServiceResponse } from './service-client.ts';
import { compareVerdict, describeFailures, type ExpectedFailure } from './verdict-matching.ts';

/** A failure message with the exchange that produced it. */
export const because = (response: ServiceResponse, what: string): string =>
  `${what}\n--- exchange ---\n${describeExchange(response.exchange)}`;

/** Part 7.1: the JSON content type and the shape every non-2xx body must have; returns the body. */
export const expectErrorBody = (response: ServiceResponse): SimpleErrorBody => {
  expect(
    isJsonContentType(response.headers['content-type']),
    because(response, 'error body must be JSON (part 7)'),
  ).toBe(true);
  const parsed = simpleErrorBodySchema.safeParse(response.json);
  expect(
    parsed.success,
    because(
      response,
      `error body must have status, errorCode, title: ${parsed.error ? explainMismatch(parsed.error) : ''}`,
    ),
  ).toBe(true);
  const body = parsed.data as SimpleErrorBody;
  expect(body.status, because(response, 'body status must equal the HTTP status')).toBe(response.status);
  return body;
};

/** A simple error of the given code, with the status the spec gives that code. */
export const expectError = (response: ServiceResponse, errorCode: ErrorCode): SimpleErrorBody => {
  const status = ERROR_CODES[errorCode].httpStatus;
  expect(response.status, because(response, `expected HTTP ${status} ${errorCode}`)).toBe(status);
  const body = expectErrorBody(response);
  expect(body.errorCode, because(response, `expected errorCode ${errorCode}`)).toBe(errorCode);
  return body;
};

/**
 * Part 7.2: a validation failure with exactly the expected failures (as a set, any order, any field
 * notation), the top-level errorCode of the first item, a title about validation, 400 and not 422.
 */
export const expectValidationFailure = (
  response: ServiceResponse,
  expected: readonly ExpectedFailure[],
): ValidationErrorBody => {
  expect(response.status, because(response, `expected 400 with ${describeFailures(expected)}`)).toBe(400);
  expectErrorBody(response);
  const parsed = validationErrorBodySchema.safeParse(response.json);
  expect(
    parsed.success,
    because(
      response,
      `validation body must have errors[] of {field, errorCode, message}: ${parsed.error ? explainMismatch(parsed.error) : ''}`,
    ),
  ).toBe(true);
  const body = parsed.data as ValidationErrorBody;
  const { missing, unexpected } = compareVerdict(expected, body.errors);
  expect(
    { missing: describeFailures(missing), unexpected: describeFailures(unexpected) },
    because(response, `errors[] must hold exactly: ${describeFailures(expected)}`),
  ).toEqual({ missing: 'none', unexpected: 'none' });
  expect(body.errorCode, because(response, 'top-level errorCode must be the code of the first failure')).toBe(
    body.errors[0]?.errorCode,
  );
  expect(body.title, because(response, 'title must state that validation errors occurred')).toMatch(
    /validation/i,
  );
  return body;
};

/** Part 4: 201 with a UUID; returns the uuid. */
export const expectCreated = (response: ServiceResponse): string => {
  expect(response.status, because(response, 'expected 201 Created')).toBe(201);
  const parsed = creationResultSchema.safeParse(response.json);
  expect(
    parsed.success,
    because(
      response,
      `creation body must hold a UUID uuid: ${parsed.error ? explainMismatch(parsed.error) : ''}`,
    ),
  ).toBe(true);
  return (parsed.data as { uuid: string }).uuid;
};

const AMOUNT_KEYS = new Set(['amount']);

/** Amounts are compared as numbers: "12.50" and 12.5 are the same amount. */
const normalise = (value: unknown, key?: string): unknown => {
  if (key && AMOUNT_KEYS.has(key) && (typeof value === 'string' || typeof value === 'number'))
    return Number(value);
  if (Array.isArray(value)) return value.map((item) => normalise(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, k)]));
  }
  return value;
};

/** The submitted fields of `sent`, as the retrieved body holds them (extra fields are a gap). */
const submittedPart = (
  got: Record<string, unknown>,
  sent: Record<string, unknown>,
): Record<string, unknown> => Object.fromEntries(Object.keys(sent).map((key) => [key, got[key]]));

/** Where the body holds an amount (top level and multiCurrencyAmounts items), the JSON type of each. */
const amountTypes = (event: Record<string, unknown>): string[] => {
  const items = Array.isArray(event.multiCurrencyAmounts)
    ? (event.multiCurrencyAmounts as Record<string, unknown>[])
    : [];
  return ['amount' in event ? typeof event.amount : 'absent', ...items.map((item) => typeof item?.amount)];
};

/** GET returned the event with every submitted field equal; returns the fields it added. */
export const expectSameEvent = (response: ServiceResponse, sent: Record<string, unknown>): string[] => {
  expect(response.status, because(response, 'expected 200 with the event')).toBe(200);
  const got = response.json;
  expect(
    got !== null && typeof got === 'object' && !Array.isArray(got),
    because(response, 'the event must be a JSON object'),
  ).toBe(true);
  const record = got as Record<string, unknown>;
  expect(
    normalise(submittedPart(record, sent)),
    because(response, 'every submitted field must come back equal'),
  ).toEqual(normalise(sent));
  // Compared as numbers, but still numbers: part 2 types amount as a JSON number.
  expect(amountTypes(record), because(response, 'amounts must come back as JSON numbers')).toEqual(
    amountTypes(sent),
  );
  return Object.keys(record).filter((key) => !(key in sent));
};
