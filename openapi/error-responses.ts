/**
 * The error responses of an operation: one per HTTP status of the codes of 7.3 it can answer, each code
 * with an example, then 422 where a body is validated, 429, and the default every non-2xx answer falls
 * under (part 7: every non-2xx response has a structured JSON body).
 */
import type { ErrorCodeFact } from '../spec/index.ts';
import type { EndpointFact, OpenApiCatalog } from './catalog.ts';
import { gapsNote } from './gap-notes.ts';
import { errorCodesOfOperation } from './operation-scope.ts';
import { SCHEMA_NAMES, schemaRef } from './schemas.ts';

export const ERROR_CODES_EXTENSION = 'x-fei-error-codes';

/** Part 7.2's words for the top-level title of a validation failure. */
const VALIDATION_TITLE = 'One or more validation errors occurred';

const takesBody = (endpoint: EndpointFact): boolean =>
  endpoint.method === 'POST' || endpoint.method === 'PUT';

/** The field a condition of 7.3 is about, as an errors[] item could name it. */
const fieldOf = (catalog: OpenApiCatalog, condition: string): string =>
  condition
    .split(' ')
    .find((word) => catalog.eventFields.some((field) => word.startsWith(field)))
    ?.replace('[]', '[0]') ?? 'body';

const exampleOf = (catalog: OpenApiCatalog, fact: ErrorCodeFact) => ({
  summary: fact.condition,
  value:
    fact.body === 'validation'
      ? {
          status: fact.httpStatus,
          errorCode: fact.code,
          title: VALIDATION_TITLE,
          errors: [
            { field: fieldOf(catalog, fact.condition), errorCode: fact.code, message: fact.condition },
          ],
        }
      : { status: fact.httpStatus, errorCode: fact.code, title: fact.condition },
});

const anyErrorBody = schemaRef(SCHEMA_NAMES.errorBody);

/**
 * The body of an answer that may be a validation failure or a simple error: the validation body (7.2),
 * or a simple body (7.1) whose errorCode is none of the codes 7.3 gives to a body's validation. (Written
 * with anyOf and not, which OpenAPI 3.0 tools read as well, rather than if and then.)
 */
export const errorBodySchema = (catalog: OpenApiCatalog) => ({
  description:
    'A validation error body (7.2), or a simple error body (7.1) with a code of no body validation.',
  anyOf: [
    schemaRef(SCHEMA_NAMES.validationError),
    {
      allOf: [
        schemaRef(SCHEMA_NAMES.simpleError),
        {
          not: {
            required: ['errorCode'],
            properties: {
              errorCode: {
                enum: Object.values(catalog.errorCodes)
                  .filter((fact) => fact.body === 'validation')
                  .map((fact) => fact.code),
              },
            },
          },
        },
      ],
    },
  ],
});

const gapsOfStatus = (catalog: OpenApiCatalog, endpoint: EndpointFact, status: number) => {
  if (status === 403) return gapsNote(catalog, 'GAP-FORBIDDEN-TRIGGER');
  if (status === 400 && takesBody(endpoint))
    return gapsNote(catalog, 'GAP-MALFORMED-JSON', 'GAP-WRONG-JSON-TYPE', 'GAP-CONTENT-TYPE');
  if (status === 401 || status === 400) return gapsNote(catalog, 'GAP-HEADER-PRECEDENCE');
  return {};
};

/** The responses of 7.3's codes for an operation, keyed by status. */
const codeResponses = (catalog: OpenApiCatalog, endpoint: EndpointFact) => {
  const facts = errorCodesOfOperation(catalog, endpoint.id).map(
    (code) => catalog.errorCodes[code] as ErrorCodeFact,
  );
  const statuses = [...new Set(facts.map((fact) => fact.httpStatus))].sort((a, b) => a - b);
  return Object.fromEntries(
    statuses.map((status) => {
      const ofStatus = facts.filter((fact) => fact.httpStatus === status);
      const validation = ofStatus.some((fact) => fact.body === 'validation');
      return [
        String(status),
        {
          description: ofStatus.map((fact) => `${fact.code}: ${fact.condition}.`).join(' '),
          content: {
            [catalog.contentType]: {
              schema: validation ? anyErrorBody : schemaRef(SCHEMA_NAMES.simpleError),
              examples: Object.fromEntries(ofStatus.map((fact) => [fact.code, exampleOf(catalog, fact)])),
            },
          },
          [ERROR_CODES_EXTENSION]: ofStatus.map(({ code, condition }) => ({ code, condition })),
          ...gapsOfStatus(catalog, endpoint, status),
        },
      ];
    }),
  );
};

/** Every error response of an operation. */
export const errorResponses = (catalog: OpenApiCatalog, endpoint: EndpointFact) => {
  const json = (schema: object) => ({ content: { [catalog.contentType]: { schema } } });
  const { requests, windowSeconds } = catalog.rateLimit;
  return {
    ...codeResponses(catalog, endpoint),
    ...(takesBody(endpoint)
      ? {
          '422': {
            description: 'Validation failed (7.4). Which operation answers 422 is not tied to any case.',
            ...json(anyErrorBody),
            ...gapsNote(catalog, 'GAP-422-USE'),
          },
        }
      : {}),
    '429': {
      description: `Rate limit exceeded: ${requests} requests per ${windowSeconds} seconds per tenant by default, all requests counted. No rate-limit headers are returned; retry with a fixed or exponential delay.`,
      ...json(schemaRef(SCHEMA_NAMES.simpleError)),
      ...gapsNote(catalog, 'GAP-429-BODY', 'GAP-RATE-LIMIT-WINDOW'),
    },
    default: {
      description: 'Any other non-2xx answer: every non-2xx response has a structured JSON body (7.1).',
      ...json(schemaRef(SCHEMA_NAMES.simpleError)),
    },
  };
};
