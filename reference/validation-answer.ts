/**
 * The 7.2 body of a request that failed validation: every failure as an errors[] item, in the order
 * and field notation the behaviour chose (GAP-ERRORS-ORDER, GAP-FIELD-PATH), the first item's code on
 * top, a title that says validation errors occurred, status 400.
 */
import { VALIDATION_TITLE } from './codes.ts';
import type { ValidationContext } from './context.ts';
import { formatFieldPath } from './field-path.ts';
import { HttpProblem, type ValidationErrorItem } from './problem.ts';
import type { Failure } from './validation.ts';

export interface ValidationAnswerHooks {
  /** VAL-ALL-FAILURES, VAL-BODY-SHAPE: the errors[] items answered, given every failure's item. */
  errorItemsShown(items: ValidationErrorItem[]): ValidationErrorItem[];
  /**
   * VAL-BODY-SHAPE, VAL-STATUS-400: the answer to a body that failed validation, given its items and
   * status (400; a reading may answer a body that failed only the server's own limits otherwise).
   */
  validationAnswer(items: readonly ValidationErrorItem[], status: number): HttpProblem;
}

declare module './context.ts' {
  interface ReferenceHooks extends ValidationAnswerHooks {}
}

/** The 7.2 body with this status: the first item's code on top. */
export const validationProblem = (
  status: number,
  items: readonly ValidationErrorItem[],
  errorCode: string = items[0]?.errorCode ?? '',
  title: string = VALIDATION_TITLE,
): HttpProblem => new HttpProblem(status, { status, errorCode, title, errors: items });

export const VALIDATION_ANSWER_HOOKS: ValidationAnswerHooks = Object.freeze({
  errorItemsShown: (items: ValidationErrorItem[]) => items,
  validationAnswer: (items: readonly ValidationErrorItem[], status: number) =>
    validationProblem(status, items),
});

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The errors[] items of some failures, in the order and notation the behaviour chose. */
export const errorItems = (failures: readonly Failure[], ctx: ValidationContext): ValidationErrorItem[] => {
  const ordered = [...failures];
  switch (ctx.behaviour.errorsOrder) {
    case 'spec':
      break;
    case 'reversed':
      ordered.reverse();
      break;
    case 'by-code':
      // Array.prototype.sort is stable: failures of one code keep the spec's order.
      ordered.sort((a, b) => compareText(a.code, b.code));
      break;
    case 'by-field':
      break; // sorted below, by the field as written
  }
  const notation = ctx.behaviour.fieldPath;
  const items = ordered.map((failure) => ({
    field: formatFieldPath(failure.path, notation),
    errorCode: failure.code,
    message: failure.message,
  }));
  if (ctx.behaviour.errorsOrder === 'by-field') items.sort((a, b) => compareText(a.field, b.field));
  return ctx.hooks.errorItemsShown(items);
};

/** 400, unless every failure is one of the server's own limits and the behaviour answers those otherwise. */
const statusOf = (failures: readonly Failure[], ctx: ValidationContext): number =>
  failures.every((failure) => failure.limit) ? ctx.behaviour.fieldLimits.status : 400;

/** The answer to failures of validation, as the hooks give it. */
export const failedValidation = (failures: readonly Failure[], ctx: ValidationContext): HttpProblem =>
  ctx.hooks.validationAnswer(errorItems(failures, ctx), statusOf(failures, ctx));
