/** Mutants of part 7.1: error bodies, and bodies that are not JSON. Hooks: handlers/error-answers.ts, request-body.ts. */
import { HttpProblem } from '../problem.ts';
import { mutant } from './define.ts';

export const ERROR_BODY_MUTANTS = [
  mutant(
    'error-status-as-string',
    ['ERROR-BODY-SHAPE'],
    'Simple error bodies carry status as a string ("404") instead of an integer.',
    { simpleErrorBody: (body) => ({ ...body, status: String(body.status) }) },
  ),
  mutant(
    'error-code-lowercase',
    ['ERROR-BODY-SHAPE'],
    'Simple error bodies carry errorCode in lower case (err-4002).',
    { simpleErrorBody: (body) => ({ ...body, errorCode: body.errorCode.toLowerCase() }) },
  ),
  mutant(
    'error-title-missing',
    ['ERROR-BODY-SHAPE'],
    'Simple error bodies carry the text as message instead of title.',
    {
      simpleErrorBody: ({ title, ...rest }) => ({ ...rest, message: title }),
    },
  ),
  mutant(
    'not-found-plain-text',
    ['ERROR-BODY-SHAPE', 'RETRIEVE-UNKNOWN-404'],
    'The 404 for an unknown uuid is a text/plain "Not Found" instead of a JSON body.',
    { unknownEventAnswer: () => HttpProblem.plain(404, 'Not Found') },
  ),
  mutant(
    'malformed-json-500',
    ['REQUEST-MALFORMED-400'],
    'A body that is not JSON escapes the parser and answers 500 ERR-5001.',
    { malformedJsonAnswer: () => new Error('JSON parser failed') },
  ),
  mutant(
    'non-object-body-not-checked',
    ['REQUEST-MALFORMED-400'],
    'A JSON body is not checked to be an object: null reaches the validator, which fails on it with 500 ERR-5001.',
    { nonObjectBodyAnswer: () => undefined },
  ),
];
