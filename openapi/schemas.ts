/**
 * The JSON Schemas of the document's components, written by zod 4 from zod shapes: the request body
 * built here from the catalog's fields and vocabularies, the response bodies taken from the oracle's
 * own shapes (so that the document and the suite hold a response to the same shape).
 */
import { z } from 'zod';
import {
  creationResultSchema,
  simpleErrorBodySchema,
  validationErrorBodySchema,
  validationErrorItemSchema,
} from '../oracle/response-schemas.ts';
import type { OpenApiCatalog } from './catalog.ts';
import { gapsNote } from './gap-notes.ts';

export const SCHEMA_NAMES = Object.freeze({
  event: 'FinancialEvent',
  payload: 'Payload',
  multiCurrencyAmount: 'MultiCurrencyAmount',
  creationResult: 'CreationResult',
  simpleError: 'SimpleErrorBody',
  validationError: 'ValidationErrorBody',
  validationErrorItem: 'ValidationErrorItem',
  errorBody: 'ErrorBody',
} as const);

export const schemaRef = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });

/** zod's output carries `$schema` and `$id` on each; a component of an OpenAPI document needs neither. */
const withoutDialect = (schema: Record<string, unknown>): Record<string, unknown> => {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
};

const enumOf = (values: readonly string[]) => z.enum(values as [string, ...string[]]);

/** Every schema of `components.schemas`, by name. */
export const componentSchemas = (catalog: OpenApiCatalog): Record<string, Record<string, unknown>> => {
  // The registry only names the components; descriptions and gaps go on the schemas (`.meta()`, a copy
  // each), since zod writes out their own metadata and not the registry's.
  const registry = z.registry<{ id: string }>();
  const personal = (field: string) =>
    z
      .string()
      .optional()
      .meta(field.endsWith('IdType') ? gapsNote(catalog, 'GAP-PERSONAL-ID-TYPE-VALUES') : {});
  const payload = z
    .strictObject({
      channel: enumOf(catalog.channels).optional(),
      ...Object.fromEntries(
        [...catalog.payinOnlyFields, ...catalog.payoutOnlyFields].map((field) => [field, personal(field)]),
      ),
    })
    .meta({
      description: `Type-specific data. Unknown properties are rejected with a 400. Only an INTERNAL_PAYIN may carry ${catalog.payinOnlyFields.join(', ')}; only an INTERNAL_PAYOUT may carry ${catalog.payoutOnlyFields.join(', ')}. An empty object is accepted.`,
      ...gapsNote(catalog, 'GAP-UNKNOWN-PAYLOAD-CODE'),
    });
  registry.add(payload, { id: SCHEMA_NAMES.payload });
  const positive = z.number().gt(0);
  const currency = z.string().meta({ description: `An ${catalog.isoStandards.currency} code.` });
  const multiCurrencyAmount = z.looseObject({
    currencyCode: currency.optional(),
    amount: positive.optional(),
  });
  registry.add(multiCurrencyAmount, { id: SCHEMA_NAMES.multiCurrencyAmount });
  const required = new Set(catalog.requiredFields);
  const field = <T extends z.ZodType>(name: string, schema: T) =>
    required.has(name) ? schema : schema.optional();
  const event = z
    .looseObject({
      externalId: field('externalId', z.string().min(1)).meta({
        description: "The tenant's own reference; unique per tenant (a duplicate gets 400 ERR-4001).",
      }),
      type: field('type', enumOf(catalog.eventTypes)),
      countryCode: field(
        'countryCode',
        z.string().meta({ description: `An ${catalog.isoStandards.country} code.` }),
      ),
      currencyCode: field('currencyCode', currency),
      amount: field('amount', positive),
      status: field('status', enumOf(catalog.statuses)),
      originalStatus: field(
        'originalStatus',
        z.string().meta({
          description: "The status as held in the tenant's own system.",
          ...gapsNote(catalog, 'GAP-ORIGINAL-STATUS-VALUES'),
        }),
      ),
      payload: field('payload', payload),
      multiCurrencyAmounts: field('multiCurrencyAmounts', z.array(multiCurrencyAmount)),
    })
    .meta({
      description: 'A financial event: an internal pay-in or pay-out.',
      ...gapsNote(catalog, 'GAP-REQUIRED-FIELDS', 'GAP-EXTRA-TOP-LEVEL-FIELDS', 'GAP-FIELD-LIMITS'),
    });
  registry.add(event, { id: SCHEMA_NAMES.event });
  const described = (name: string, schema: z.ZodType, meta: Record<string, unknown>) =>
    registry.add(schema.meta(meta), { id: name });
  described(SCHEMA_NAMES.creationResult, creationResultSchema, {
    description: 'The creation result: the service-generated UUID, the identifier used in paths.',
  });
  described(SCHEMA_NAMES.simpleError, simpleErrorBodySchema, {
    description:
      'The simple error body (7.1): authentication failures, header validation, infrastructure errors. Clients branch on errorCode; title may change between releases.',
  });
  // Named as the oracle holds it: the validation body refers to this very schema for its items.
  registry.add(validationErrorItemSchema, { id: SCHEMA_NAMES.validationErrorItem });
  described(SCHEMA_NAMES.validationError, validationErrorBodySchema, {
    description:
      'The validation error body (7.2): the fields of 7.1 and errors[], every failure of the request; the top-level errorCode is the code of the first failure.',
    ...gapsNote(catalog, 'GAP-ERRORS-ORDER', 'GAP-FIELD-PATH'),
  });
  const { schemas } = z.toJSONSchema(registry, {
    uri: (id) => schemaRef(id).$ref,
    io: 'input',
  }) as { schemas: Record<string, Record<string, unknown>> };
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, withoutDialect(schema)]));
};
