/**
 * The examples of the document's requests and successful answers: an event every reading of the spec
 * accepts (every field of 2.1 a rule names, valid), the uuid a creation answers, and the event read
 * back or updated. A mock built from the document (Prism's) answers these; a kit test sends each
 * request example to the reference server and holds its answer to the example's shape.
 */
import type { OpenApiCatalog } from './catalog.ts';

/** A made-up uuid of the form the spec gives, for the examples only. */
export const EXAMPLE_UUID = '3f1c2b7e-8a4d-4c21-9e5b-6d0f7a2c9b14';

/** A new event: a pay-in, every field of 2.1 a rule names, so that no reading of GAP-REQUIRED-FIELDS refuses it. */
export const exampleEvent = (catalog: OpenApiCatalog) => ({
  externalId: 'order-2024-0001',
  type: catalog.eventTypes[0],
  countryCode: 'DE',
  currencyCode: 'EUR',
  amount: 125.5,
  status: catalog.statuses[0],
  originalStatus: 'created',
  payload: { channel: catalog.channels[1] ?? catalog.channels[0], payerName: 'Example Payer' },
});

/** The same event, booked: an update. */
export const exampleUpdate = (catalog: OpenApiCatalog) => ({
  ...exampleEvent(catalog),
  status: catalog.statuses.at(-1),
});

/** Each operation's request example and success example (`undefined`: none). */
export const operationExamples = (
  catalog: OpenApiCatalog,
  operation: 'create' | 'retrieve' | 'update',
): { readonly request?: object; readonly success: object } => {
  if (operation === 'create') return { request: exampleEvent(catalog), success: { uuid: EXAMPLE_UUID } };
  if (operation === 'retrieve') return { success: exampleEvent(catalog) };
  return { request: exampleUpdate(catalog), success: exampleUpdate(catalog) };
};
