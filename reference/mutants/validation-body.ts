/** Mutants of part 7.2: the validation error body. Hooks: validation-answer.ts. */
import { HttpProblem } from '../problem.ts';
import { validationProblem } from '../validation-answer.ts';
import { mutant } from './define.ts';

export const VALIDATION_BODY_MUTANTS = [
  mutant(
    'only-first-failure-returned',
    ['VAL-ALL-FAILURES'],
    'Validation stops at the first failure: errors[] holds one item however many faults the body has.',
    { errorItemsShown: (items) => items.slice(0, 1) },
  ),
  mutant(
    'validation-errors-capped-at-twenty',
    ['VAL-ALL-FAILURES'],
    'errors[] is cut at twenty items (a cap against large answers): a body with more failures loses the last.',
    { errorItemsShown: (items) => items.slice(0, 20) },
  ),
  mutant(
    'validation-errors-one-per-code',
    ['VAL-ALL-FAILURES'],
    'errors[] is collected in a map keyed by errorCode: of several failures with one code only the first is returned.',
    {
      errorItemsShown: (items) =>
        items.filter((item, index) => items.findIndex((o) => o.errorCode === item.errorCode) === index),
    },
  ),
  mutant(
    'validation-errors-without-field',
    ['VAL-BODY-SHAPE'],
    'errors[] items carry errorCode and message but no field.',
    { errorItemsShown: (items) => items.map(({ errorCode, message }) => ({ errorCode, message })) },
  ),
  mutant(
    'top-level-code-of-last-failure',
    ['VAL-BODY-SHAPE'],
    'The top-level errorCode is the code of the last failure instead of the first.',
    { validationAnswer: (items, status) => validationProblem(status, items, items.at(-1)?.errorCode) },
  ),
  mutant(
    'validation-title-generic',
    ['VAL-BODY-SHAPE'],
    'The validation body title is "Bad Request" instead of saying that validation errors occurred.',
    { validationAnswer: (items, status) => validationProblem(status, items, undefined, 'Bad Request') },
  ),
  mutant(
    'validation-body-status-as-string',
    ['VAL-BODY-SHAPE', 'ERROR-BODY-SHAPE'],
    'The validation body carries status as a string ("400"), though simple error bodies carry an integer.',
    {
      validationAnswer: (items, status) => {
        const { body } = validationProblem(status, items);
        return new HttpProblem(status, { ...body, status: String(status) as unknown as number });
      },
    },
  ),
  mutant(
    'validation-errors-without-message',
    ['VAL-BODY-SHAPE'],
    'errors[] items carry field and errorCode but no message.',
    {
      errorItemsShown: (items) =>
        items.map(({ field, errorCode }) => ({ field, errorCode }) as (typeof items)[number]),
    },
  ),
  mutant(
    'validation-failures-reported-twice',
    ['VAL-ALL-FAILURES', 'VAL-BODY-SHAPE'],
    'Every failure is in errors[] twice: a schema check and a business check both report it.',
    { errorItemsShown: (items) => items.flatMap((item) => [item, { ...item }]) },
  ),
  mutant(
    'validation-item-index-one-based',
    ['VAL-BODY-SHAPE', 'VAL-MCA-CURRENCY-ISO4217', 'VAL-MCA-AMOUNT-POSITIVE'],
    "errors[].field numbers multiCurrencyAmounts items from 1: the second item's fault is reported at multiCurrencyAmounts[2].",
    {
      errorItemsShown: (items) =>
        items.map((item) => ({
          ...item,
          field: item.field?.replace(/\[(\d+)\]/g, (_whole, index: string) => `[${Number(index) + 1}]`),
        })),
    },
  ),
  mutant('validation-status-422', ['VAL-STATUS-400'], 'Body validation failures answer 422 instead of 400.', {
    validationAnswer: (items) => validationProblem(422, items),
  }),
];
