/**
 * Shared by the tests of the gaps' readings (event-readings.test.ts, request-readings.test.ts): an app
 * of one reading, with a rate limit no test reaches, and the 7.2 body a refusal under it must have.
 */
import { expect } from '@playwright/test';
import type { ReferenceBehaviour } from '../behaviour.ts';
import { type Answer, expectStructuredError, type Harness, withHarness } from './reference-app.ts';

export const withBehaviour = <T>(
  behaviour: Partial<ReferenceBehaviour>,
  fn: (h: Harness) => Promise<T>,
): Promise<T> =>
  withHarness({ behaviour, rateLimit: { requestsPerWindow: 1_000_000, windowSeconds: 60 } }, fn);

export const fieldsAndCodes = (answer: Answer): string[][] =>
  (answer.body.errors as { field: string; errorCode: string }[]).map((e) => [e.field, e.errorCode]);

/** A 7.2 body with this status and exactly these items (field, code), in order. */
export const expectItems = (answer: Answer, status: number, items: string[][]): void => {
  expect(answer.status, answer.text).toBe(status);
  expectStructuredError(answer);
  // One expect for both (each is a reported step): the items, and the top-level code the first's.
  expect({ items: fieldsAndCodes(answer), errorCode: answer.body.errorCode }).toEqual({
    items,
    errorCode: items[0]?.[1],
  });
};
