/** Answers for the oracle's tests: a status, a body (JSON unless a string is given) and a content type. */
import type { HttpAnswer } from '../http-answer.ts';
import { parseJsonBody } from '../http-answer.ts';

export const answer = (status: number, body?: unknown, contentType = 'application/json'): HttpAnswer => {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { status, headers: { 'content-type': contentType }, text, json: parseJsonBody(text) };
};

/** A 7.2 body with these items, the top-level code of the first unless given, a validation title. */
export const validationAnswer = (
  items: readonly { field: string; errorCode: string }[],
  overrides: Record<string, unknown> = {},
): HttpAnswer =>
  answer(400, {
    status: 400,
    errorCode: items[0]?.errorCode,
    title: 'One or more validation errors occurred',
    errors: items.map((item) => ({ ...item, message: 'x' })),
    ...overrides,
  });

/** A refusal with the part 7 body under this code. */
export const refusal = (status: number, errorCode: string): HttpAnswer =>
  answer(status, { status, errorCode, title: 'x' });

/** The rule ids of a judgement's violations, in order. */
export const rulesOf = (violations: readonly { rule: string }[]): string[] => violations.map((v) => v.rule);
