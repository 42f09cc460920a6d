/** Mutants of part 7.2: the validation error body. Hooks: validation-answer.ts. */
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
    { validationAnswer: (items) => validationProblem(400, items, items.at(-1)?.errorCode) },
  ),
  mutant(
    'validation-title-generic',
    ['VAL-BODY-SHAPE'],
    'The validation body title is "Bad Request" instead of saying that validation errors occurred.',
    { validationAnswer: (items) => validationProblem(400, items, undefined, 'Bad Request') },
  ),
  mutant('validation-status-422', ['VAL-STATUS-400'], 'Body validation failures answer 422 instead of 400.', {
    validationAnswer: (items) => validationProblem(422, items),
  }),
];
