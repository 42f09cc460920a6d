/**
 * zod shapes of every response the spec describes. Loose objects throughout: where the spec lists
 * fields, they must be there with the right types; extra fields are a reading of a gap, not a fault.
 */
import { z } from 'zod';
import { ERROR_CODE_PATTERN } from '../spec/index.ts';

export const errorCodeSchema = z.string().regex(ERROR_CODE_PATTERN, 'errorCode must match ERR-nnnn');

/** Part 7.1: every non-2xx response. */
export const simpleErrorBodySchema = z.looseObject({
  status: z.int(),
  errorCode: errorCodeSchema,
  title: z.string(),
});

/**
 * An item of errors[]. `field` is "the name of the offending field" in a notation the spec leaves
 * open (GAP-FIELD-PATH); whether it names the right field is the verdict matching's business.
 */
export const validationErrorItemSchema = z.looseObject({
  field: z.string(),
  errorCode: errorCodeSchema,
  message: z.string(),
});

/** Part 7.2: a body validation failure. */
export const validationErrorBodySchema = simpleErrorBodySchema.extend({
  errors: z.array(validationErrorItemSchema).min(1),
});

/**
 * Part 2.3: the creation result. A UUID in its textual form (8-4-4-4-12 hex digits); the spec does not
 * say which version a deployment generates, so the version and variant bits are not checked.
 */
export const creationResultSchema = z.looseObject({ uuid: z.guid() });

export type SimpleErrorBody = z.infer<typeof simpleErrorBodySchema>;
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;
export type ValidationErrorItem = z.infer<typeof validationErrorItemSchema>;

/** A JSON media type (application/json, application/problem+json, …): for observations only. */
export const isJsonContentType = (contentType: string | undefined): boolean =>
  contentType !== undefined && /^application\/([\w.+-]+\+)?json\b/i.test(contentType.trim());

/** A short, human explanation of why a body does not fit a schema. */
export const explainMismatch = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
