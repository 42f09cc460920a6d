/**
 * The reference server's mutants whose answers have a shape the document refuses: an error body's
 * status as a string, a lower-case code, no title, a plain-text 404, an HTML 500, validation items
 * without field or message, a validation body's status as a string, a 200 or an empty body for a
 * creation, a uuid that is not one. Each must fail the document's response validation: the kit test
 * of the battery (response-validator.test.ts) and the self-check (its runs of these mutants) hold it.
 */
export const WRONG_SHAPE_MUTANTS: readonly string[] = Object.freeze([
  'error-status-as-string',
  'error-code-lowercase',
  'error-title-missing',
  'not-found-plain-text',
  'internal-error-html-page',
  'validation-errors-without-field',
  'validation-errors-without-message',
  'validation-body-status-as-string',
  'create-returns-200',
  'create-body-empty',
  'create-uuid-is-external-id',
]);
