/**
 * zod shapes of every response the spec describes. Loose objects throughout: where the spec lists
 * fields, they must be there with the right types; extra fields are a reading of a gap, not a fault.
 */
import { z } from 'zod';
import { ERROR_CODE_PATTERN } from '../../spec/index.ts';

export const errorCodeSchema = z.string().regex(ERROR_CODE_PATTERN, 'errorCode must match ERR-nnnn');

/** Part 7.1: every non-2xx response. */
export const simpleErrorBodySchema = z.looseObject({
  status: z.int(),
  errorCode: errorCodeSchema,
  title: z.string(),
});

export const validationErrorItemSchema = z.looseObject({
  field: z.string().min(1),
  errorCode: errorCodeSchema,
  message: z.string(),
});

/** Part 7.2: a body validation failure. */
export const validationErrorBodySchema = simpleErrorBodySchema.extend({
  errors: z.array(validationErrorItemSchema).min(1),
});

/** Part 2.3: the creation result. */
export const creationResultSchema = z.looseObject({ uuid: z.uuid() });

/** Part 4: GET returns "the event"; its exact shape is not shown (GAP-GET-BODY). */
export const retrievedEventSchema = z.looseObject({});

export type SimpleErrorBody = z.infer<typeof simpleErrorBodySchema>;
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;
export type ValidationErrorItem = z.infer<typeof validationErrorItemSchema>;

/** Non-2xx responses must be JSON (part 7); any JSON media type is accepted. */
export const isJsonContentType = (contentType: string | undefined): boolean =>
  contentType !== undefined && /^application\/([\w.+-]+\+)?json\b/i.test(contentType.trim());

/** A short, human explanation of why a body does not fit a schema. */
export const explainMismatch = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
