/**
 * Every answer judged against the kit's OpenAPI document by a maintained validator (openapi-backend,
 * which compiles the document's schemas with ajv): the operation is found by method and path, the body
 * is checked against the response the document gives its status. A request the document has no
 * operation for (another route, another method) is outside it, counted apart: the spec does not show
 * such operations (GAP-OTHER-OPERATIONS).
 *
 * openapi-backend is a development dependency of the kit: it is loaded when a validator is asked for,
 * and its absence (the kit installed as a package) is one clear error, ValidatorMissingError.
 */
import { UUID_PATTERN } from '../spec/index.ts';
import { type OpenApiCatalog, SPEC_CATALOG } from './catalog.ts';
import { buildOpenApiDocument } from './document.ts';

export interface AnsweredExchange {
  readonly method: string;
  /** The path (a query is ignored). */
  readonly path: string;
  readonly status: number;
  readonly body: string;
}

export type ExchangeVerdict =
  | { readonly outcome: 'valid' }
  | { readonly outcome: 'outside' }
  | { readonly outcome: 'invalid'; readonly why: string };

export interface ValidationTally {
  readonly valid: number;
  readonly outside: number;
  readonly invalid: readonly string[];
}

export interface ResponseValidator {
  judge(exchange: AnsweredExchange): ExchangeVerdict;
  tally(exchanges: readonly AnsweredExchange[]): ValidationTally;
}

/** The validator's package is not installed. */
export class ValidatorMissingError extends Error {}

export const VALIDATOR_PACKAGE = 'openapi-backend';

/** The validator's package; `specifier` only for the kit test of a missing one. */
export const loadBackend = async (
  specifier: string = VALIDATOR_PACKAGE,
): Promise<typeof import('openapi-backend')> => {
  try {
    return (await import(specifier)) as typeof import('openapi-backend');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND')
      throw new ValidatorMissingError(
        `${specifier} is not installed (a development dependency of the kit: npm install --save-dev ${specifier})`,
      );
    throw error;
  }
};

const bodyOf = (text: string): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: handed over as the text it is, which no schema of an object accepts.
    return text;
  }
};

export const responseValidator = async (
  catalog: OpenApiCatalog = SPEC_CATALOG,
): Promise<ResponseValidator> => {
  const { OpenAPIBackend } = await loadBackend();
  const api = new OpenAPIBackend({
    definition: structuredClone(buildOpenApiDocument(catalog, { kitVersion: 'test' })) as never,
    strict: true,
    ajvOpts: { formats: { uuid: UUID_PATTERN } },
  });
  await api.init();
  const judge = (exchange: AnsweredExchange): ExchangeVerdict => {
    const path = exchange.path.split('?')[0] ?? exchange.path;
    const operation = api.router.matchOperation({ method: exchange.method.toLowerCase(), path, headers: {} });
    if (!operation) return { outcome: 'outside' };
    const result = api.validateResponse(bodyOf(exchange.body), operation, exchange.status);
    if (result.valid) return { outcome: 'valid' };
    const why = (result.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`).join('; ');
    return {
      outcome: 'invalid',
      why: `${exchange.method} ${path} → ${exchange.status}: ${why} (${exchange.body.slice(0, 160)})`,
    };
  };
  const tally = (exchanges: readonly AnsweredExchange[]): ValidationTally => {
    const verdicts = exchanges.map(judge);
    return {
      valid: verdicts.filter((v) => v.outcome === 'valid').length,
      outside: verdicts.filter((v) => v.outcome === 'outside').length,
      invalid: verdicts.flatMap((v) => (v.outcome === 'invalid' ? [v.why] : [])),
    };
  };
  return { judge, tally };
};
