/**
 * The OpenAPI 3.1 document of the interface spec, written from the catalog (`catalog.ts`) and zod's JSON
 * Schemas: never by hand. Where the spec is silent the document says so (`x-fei-gaps`, with the gap's id
 * and the spec's words) instead of inventing an answer; what a schema cannot say (all failures together,
 * deduplication, isolation, the rate limit, the client's duties) is named on each operation by the ids
 * of the rules the kit checks (`x-fei-rules`, `x-fei-client-rules`).
 */
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import type { EndpointFact, OpenApiCatalog } from './catalog.ts';
import { errorBodySchema, errorResponses } from './error-responses.ts';
import { operationExamples } from './examples.ts';
import { GAPS_EXTENSION, gapsNote, notesOf, RULES_EXTENSION } from './gap-notes.ts';
import { rulesOfOperation } from './operation-scope.ts';
import { componentSchemas, SCHEMA_NAMES, schemaRef } from './schemas.ts';

export const OPENAPI_VERSION = '3.1.0';
export const TOKEN_PREFIXES_EXTENSION = 'x-fei-token-prefixes';
export const CLIENT_RULES_EXTENSION = 'x-fei-client-rules';

const PARAMETERS = Object.freeze({ clientId: 'ClientId', accessToken: 'AccessToken', uuid: 'EventUuid' });
export const SECURITY_SCHEME = 'AccessToken';

const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });

const SUMMARIES: Readonly<Record<EndpointFact['id'], string>> = Object.freeze({
  create: 'Submit a financial event',
  retrieve: 'Retrieve a financial event by its uuid',
  update: 'Update a financial event',
});

const prefixesText = (catalog: OpenApiCatalog): string =>
  `Token prefixes: \`${catalog.tokenPrefixes.production}\` for Production, \`${catalog.tokenPrefixes.sandbox}\` for Sandbox; a token is used only in its own environment.`;

const successResponse = (catalog: OpenApiCatalog, endpoint: EndpointFact) => {
  const { success: example } = operationExamples(catalog, endpoint.id);
  const json = (schema: object) => ({ content: { [catalog.contentType]: { schema, example } } });
  if (endpoint.id === 'create')
    return {
      [String(endpoint.successStatus)]: {
        description: 'Created: the body holds the uuid of the new event.',
        ...json(schemaRef(SCHEMA_NAMES.creationResult)),
      },
    };
  if (endpoint.id === 'retrieve')
    return {
      [String(endpoint.successStatus)]: {
        description: 'The event.',
        ...json({ type: 'object' }),
        ...gapsNote(catalog, 'GAP-GET-BODY'),
      },
    };
  // The spec shows neither the status nor the body of a successful update: the range says only
  // "success"; the example is one reading (the event as updated), not the only one.
  return {
    '2XX': {
      description:
        'Success: status code not shown; a body, if any, is JSON of a shape not shown (the example is one reading: the event as updated).',
      ...json({}),
      ...gapsNote(catalog, 'GAP-PUT-STATUS', 'GAP-PUT-BODY'),
    },
  };
};

const operationOf = (catalog: OpenApiCatalog, endpoint: EndpointFact) => {
  const takesBody = endpoint.method !== 'GET';
  return {
    operationId: `${endpoint.id}FinancialEvent`,
    summary: SUMMARIES[endpoint.id],
    description: `Every request, GET included, carries ${Object.values(catalog.headers).join(', ')} (${catalog.contentType}). The schemas state the shapes; the rules under ${RULES_EXTENSION} are what the kit checks beyond them.`,
    tags: ['financial-events'],
    parameters: [
      parameterRef(PARAMETERS.clientId),
      parameterRef(PARAMETERS.accessToken),
      ...(endpoint.path.includes('{uuid}') ? [parameterRef(PARAMETERS.uuid)] : []),
    ],
    ...(takesBody
      ? {
          requestBody: {
            required: true,
            content: {
              [catalog.contentType]: {
                schema: schemaRef(SCHEMA_NAMES.event),
                example: operationExamples(catalog, endpoint.id).request,
              },
            },
            ...(endpoint.id === 'update' ? gapsNote(catalog, 'GAP-PUT-BODY', 'GAP-STATUS-TRANSITIONS') : {}),
          },
        }
      : {}),
    responses: { ...successResponse(catalog, endpoint), ...errorResponses(catalog, endpoint) },
    [RULES_EXTENSION]: rulesOfOperation(catalog, endpoint.id).map(({ id, title }) => ({ id, title })),
    [CLIENT_RULES_EXTENSION]: catalog.clientRules.map(({ id, level, title }) => ({ id, level, title })),
  };
};

const pathsOf = (catalog: OpenApiCatalog) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of catalog.endpoints) {
    paths[endpoint.path] ??= {};
    (paths[endpoint.path] as Record<string, unknown>)[endpoint.method.toLowerCase()] = operationOf(
      catalog,
      endpoint,
    );
  }
  return paths;
};

const serverOf = (catalog: OpenApiCatalog, environment: 'production' | 'sandbox') => {
  const variable = environment === 'production' ? 'base_url' : 'sandbox_base_url';
  return {
    url: `{${variable}}`,
    description: `${environment === 'production' ? 'Production' : 'Sandbox'}: tokens prefixed \`${catalog.tokenPrefixes[environment]}\`. In the kit's target contract: ${CONTRACT_VARIABLES.baseUrl}, with ${CONTRACT_VARIABLES.environment}=${environment}.`,
    variables: {
      [variable]: {
        default: `https://${variable.replaceAll('_', '-')}.invalid`,
        description: `The base address of ${environment === 'production' ? 'Production' : 'Sandbox'}: not shown in the spec (it writes {${variable}}); give your own.`,
      },
    },
  };
};

export interface DocumentOptions {
  /** The version of the kit that writes the document (the service itself has none: GAP-VERSIONING). */
  readonly kitVersion: string;
}

/** The whole document, as a plain object ready for YAML or JSON. */
export const buildOpenApiDocument = (catalog: OpenApiCatalog, { kitVersion }: DocumentOptions) => ({
  openapi: OPENAPI_VERSION,
  info: {
    title: 'Financial Events Ingestion Service',
    version: kitVersion,
    description:
      'The interface spec as OpenAPI, written by the conformance kit from its catalog of rules. A machine-to-machine HTTP/JSON interface through which a tenant submits, updates and retrieves financial events (pay-ins and pay-outs). info.version is the version of the kit that wrote this document; the service has no version of its own. Data is isolated per tenant: a uuid of another tenant answers as an unknown one (404).',
    ...gapsNote(catalog, 'GAP-VERSIONING'),
  },
  servers: [serverOf(catalog, 'production'), serverOf(catalog, 'sandbox')],
  tags: [{ name: 'financial-events', description: 'Financial events: internal pay-ins and pay-outs.' }],
  security: [{ [SECURITY_SCHEME]: [] }],
  paths: pathsOf(catalog),
  components: {
    schemas: { ...componentSchemas(catalog), [SCHEMA_NAMES.errorBody]: errorBodySchema(catalog) },
    parameters: {
      [PARAMETERS.clientId]: {
        name: catalog.headers.clientId,
        in: 'header',
        required: true,
        description: 'The tenant identifier: a UUID. Absent: 400 ERR-2001; not a UUID: 400 ERR-2002.',
        schema: { type: 'string', pattern: `^${catalog.uuidSource}$` },
      },
      [PARAMETERS.accessToken]: {
        name: catalog.headers.accessToken,
        in: 'header',
        required: true,
        description: `The tenant's access token (API key) for the environment. ${prefixesText(catalog)} Absent: 401 ERR-1001; invalid or of the other environment: 401 ERR-1002.`,
        schema: {
          type: 'string',
          pattern: `^(${Object.values(catalog.tokenPrefixes).join('|')})`,
        },
        [TOKEN_PREFIXES_EXTENSION]: catalog.tokenPrefixes,
      },
      [PARAMETERS.uuid]: {
        name: 'uuid',
        in: 'path',
        required: true,
        description: 'The uuid the POST returned: the identifier used in paths, never the externalId.',
        schema: { type: 'string', pattern: `^${catalog.uuidSource}$` },
        ...gapsNote(catalog, 'GAP-NON-UUID-PATH'),
      },
    },
    securitySchemes: {
      [SECURITY_SCHEME]: {
        type: 'apiKey',
        in: 'header',
        name: catalog.headers.accessToken,
        description: `${prefixesText(catalog)} No OAuth flow, no Bearer token.`,
        [TOKEN_PREFIXES_EXTENSION]: catalog.tokenPrefixes,
      },
    },
  },
  [GAPS_EXTENSION]: notesOf(
    catalog,
    catalog.rules.filter((rule) => rule.kind === 'gap').map((rule) => rule.id),
  ),
  [RULES_EXTENSION]: catalog.rules
    .filter((rule) => rule.kind === 'rule')
    .map(({ id, title }) => ({ id, title })),
});

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
