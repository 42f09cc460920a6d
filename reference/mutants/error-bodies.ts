/** Mutants of part 7.1: error bodies, and bodies that are not JSON. Hooks: handlers/error-answers.ts, request-body.ts. */
import { externalIdOf } from '../event-store.ts';
import { DEDUP_HOOKS } from '../handlers/dedup.ts';
import { HttpProblem } from '../problem.ts';

const ERROR_PAGE =
  '<!DOCTYPE html><html><head><title>Error</title></head><body><h1>Whitelabel Error Page</h1><p>There was an unexpected error (type=Internal Server Error, status=500).</p></body></html>';
const NOT_FOUND_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><pre>Cannot GET</pre></body></html>';
const TOO_LARGE_PAGE =
  '<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request Entity Too Large</h1></center></body></html>';

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
  mutant(
    'internal-error-html-page',
    ['ERROR-BODY-SHAPE'],
    "An externalId over 255 characters overflows its column; the unhandled error is answered with the framework's 500 HTML error page.",
    {
      insertUnlessDuplicate: (ctx, tenantId, uuid, event) => {
        if (externalIdOf(event).length > 255)
          throw HttpProblem.plain(500, ERROR_PAGE, 'text/html; charset=utf-8');
        return DEDUP_HOOKS.insertUnlessDuplicate(ctx, tenantId, uuid, event);
      },
    },
  ),
  mutant(
    'body-too-large-html-413',
    ['ERROR-BODY-SHAPE'],
    "A body over the parser's limit escapes the error handler: the framework's own 413 HTML page.",
    { bodyTooLargeAnswer: () => HttpProblem.plain(413, TOO_LARGE_PAGE, 'text/html; charset=utf-8') },
  ),
  mutant(
    'unknown-route-html-404',
    ['ERROR-BODY-SHAPE'],
    'A path the service does not have gets the framework\'s HTML page ("Cannot GET /…", 404 text/html).',
    { unknownRouteAnswer: () => HttpProblem.plain(404, NOT_FOUND_PAGE, 'text/html; charset=utf-8') },
  ),
  mutant(
    'error-status-field-always-400',
    ['ERROR-BODY-SHAPE'],
    'Simple error bodies carry status 400 whatever the HTTP status (a constant in the error DTO).',
    { simpleErrorBody: (body) => ({ ...body, status: 400 }) },
  ),
];
