/**
 * Where one operation of a provider's description differs from the spec's operation at the same method
 * and path: its success status, the status it documents each code of 7.3 under, its required headers,
 * and its request body's vocabularies, payload and required externalId.
 */
import type { EndpointFact, OpenApiCatalog } from '../catalog.ts';
import { rulesOfCode } from '../operation-scope.ts';
import { type DescriptionFinding, differs, observed } from './findings.ts';
import { isObject, type Json, type ProviderOperation, resolved } from './provider-description.ts';
import {
  allowedValues,
  describesProperties,
  isClosed,
  propertySchemas,
  requiredProperties,
} from './schema-reading.ts';

const SUCCESS_RULES: Readonly<Record<string, string>> = Object.freeze({
  create: 'CREATE-RETURNS-UUID',
  retrieve: 'RETRIEVE-RETURNS-EVENT',
});

const CODE_SHAPE = /ERR-\d{4}/g;

const list = (values: readonly string[]): string => values.join(', ');

/** A value with every local reference inside it followed, to a bounded depth. */
const deepResolved = (document: Json, value: unknown, depth = 0): unknown => {
  const own = resolved(document, value);
  if (depth > 10) return own;
  if (Array.isArray(own)) return own.map((item) => deepResolved(document, item, depth + 1));
  if (!isObject(own)) return own;
  return Object.fromEntries(
    Object.entries(own).map(([key, item]) => [key, deepResolved(document, item, depth + 1)]),
  );
};

/** The error codes a response documents: in its words and examples, and as the errorCode its schemas allow. */
const codesOfResponse = (document: Json, response: unknown): Set<string> => {
  const own = deepResolved(document, response);
  if (!isObject(own)) return new Set();
  const { content, ...rest } = own;
  const texts = [JSON.stringify(rest)];
  for (const media of isObject(content) ? Object.values(content) : []) {
    if (!isObject(media)) continue;
    const { schema, ...examples } = media;
    texts.push(JSON.stringify(examples));
    const errorCodes = propertySchemas(document, [schema], 'errorCode');
    texts.push(JSON.stringify(allowedValues(document, errorCodes) ?? []));
  }
  return new Set(texts.flatMap((text) => text.match(CODE_SHAPE) ?? []));
};

/** Whether a response key (`404`, `4XX`, `default`) covers a status. */
const covers = (key: string, status: number): boolean =>
  key === String(status) || key.toUpperCase() === `${Math.floor(status / 100)}XX`;

const statusFindings = (
  catalog: OpenApiCatalog,
  endpoint: EndpointFact,
  provider: ProviderOperation,
  document: Json,
  where: string,
): DescriptionFinding[] => {
  const responses = resolved(document, provider.operation.responses);
  if (!isObject(responses)) return [];
  const keys = Object.keys(responses);
  const findings: DescriptionFinding[] = [];
  const successes = keys.filter((key) => /^2/.test(key));
  const successRule = SUCCESS_RULES[endpoint.id];
  if (endpoint.successStatus !== undefined && successRule && successes.length > 0) {
    if (!successes.some((key) => covers(key, endpoint.successStatus as number)))
      findings.push(
        differs(
          successRule,
          where,
          `success answers ${list(successes)} where the spec has ${endpoint.successStatus}`,
        ),
      );
  } else if (endpoint.successStatus === undefined && successes.length > 0) {
    findings.push(observed('GAP-PUT-STATUS', where, `success answers ${list(successes)}`));
  }
  // A code documented where the spec does not tie it, or a code 7.3 does not list, says nothing a rule
  // judges: only a code of 7.3 under another status differs.
  for (const key of keys.filter((k) => k !== 'default')) {
    for (const code of codesOfResponse(document, responses[key])) {
      const fact = catalog.errorCodes[code];
      if (!fact || covers(key, fact.httpStatus)) continue;
      const rule =
        fact.body === 'validation' && key === '422' ? 'VAL-STATUS-400' : rulesOfCode(catalog, code)[0]?.id;
      findings.push(
        differs(
          rule ?? 'ERROR-BODY-SHAPE',
          where,
          `${code} (${fact.condition}) under ${key} where the spec has ${fact.httpStatus}`,
        ),
      );
    }
  }
  return findings;
};

/** The headers an operation requires: required header parameters, and the headers of its security. */
const requiredHeaders = (document: Json, provider: ProviderOperation): Set<string> => {
  const headers = new Set<string>();
  for (const parameter of [
    ...provider.sharedParameters,
    ...(Array.isArray(provider.operation.parameters) ? provider.operation.parameters : []),
  ]) {
    const own = resolved(document, parameter);
    if (isObject(own) && own.in === 'header' && own.required === true && typeof own.name === 'string')
      headers.add(own.name.toLowerCase());
  }
  const security = Array.isArray(provider.operation.security)
    ? provider.operation.security
    : document.security;
  const requirements = Array.isArray(security) ? security.filter(isObject) : [];
  // An empty requirement makes the security optional: no header is required by it.
  if (requirements.length > 0 && requirements.every((requirement) => Object.keys(requirement).length > 0)) {
    const schemes = isObject(document.components)
      ? resolved(document, document.components.securitySchemes)
      : undefined;
    for (const name of requirements.flatMap((requirement) => Object.keys(requirement))) {
      const scheme = resolved(document, isObject(schemes) ? schemes[name] : undefined);
      if (!isObject(scheme)) continue;
      if (scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string')
        headers.add(scheme.name.toLowerCase());
      else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect')
        headers.add('authorization');
    }
  }
  // OpenAPI ignores a header parameter named Content-Type or Accept: the media types say it.
  headers.delete('content-type');
  headers.delete('accept');
  return headers;
};

const headerFindings = (
  catalog: OpenApiCatalog,
  document: Json,
  provider: ProviderOperation,
  where: string,
) => {
  const headers = requiredHeaders(document, provider);
  const spec = [
    { name: catalog.headers.clientId, rule: 'TENANT-HEADER-MISSING' },
    { name: catalog.headers.accessToken, rule: 'AUTH-TOKEN-MISSING' },
  ];
  const findings = spec
    .filter(({ name }) => !headers.has(name.toLowerCase()))
    .map(({ name, rule }) => differs(rule, where, `does not require the header ${name}`));
  const known = new Set(spec.map(({ name }) => name.toLowerCase()));
  for (const extra of [...headers].filter((name) => !known.has(name)))
    findings.push(
      differs('CLIENT-HEADERS-EVERY-REQUEST', where, `requires a header the spec does not: ${extra}`),
    );
  return findings;
};

const vocabularyFinding = (
  rule: string,
  field: string,
  allowed: string[] | undefined,
  spec: readonly string[],
  where: string,
) => {
  if (allowed === undefined)
    return [differs(rule, where, `${field} takes any value where the spec allows only ${list(spec)}`)];
  const extra = allowed.filter((value) => !spec.includes(value));
  const missing = spec.filter((value) => !allowed.includes(value));
  if (extra.length === 0 && missing.length === 0) return [];
  const parts = [
    ...(extra.length > 0 ? [`allows ${list(extra)}, which the spec does not`] : []),
    ...(missing.length > 0 ? [`refuses ${list(missing)}, which the spec allows`] : []),
  ];
  return [differs(rule, where, `${field} ${parts.join(' and ')}`)];
};

const bodyFindings = (
  catalog: OpenApiCatalog,
  document: Json,
  provider: ProviderOperation,
  where: string,
) => {
  const body = resolved(document, provider.operation.requestBody);
  const content = isObject(body) && isObject(body.content) ? body.content : {};
  const mediaType = Object.keys(content).find((type) => /json/i.test(type));
  const media = mediaType ? content[mediaType] : undefined;
  const schema = isObject(media) ? media.schema : undefined;
  if (!describesProperties(document, schema)) return [];
  const ruleOfField = (field: string) =>
    rulesOfCode(catalog, catalog.fieldErrorCodes[field] as string)[0]?.id ?? field;
  const findings: DescriptionFinding[] = [];
  const vocabulary = (schemas: Json[], field: string, path: string, spec: readonly string[]) => {
    if (schemas.length > 0)
      for (const finding of vocabularyFinding(
        ruleOfField(field),
        path,
        allowedValues(document, schemas),
        spec,
        where,
      ))
        findings.push(finding);
  };
  vocabulary(propertySchemas(document, [schema], 'type'), 'type', 'type', catalog.eventTypes);
  vocabulary(propertySchemas(document, [schema], 'status'), 'status', 'status', catalog.statuses);
  const payloads = propertySchemas(document, [schema], 'payload');
  vocabulary(propertySchemas(document, payloads, 'channel'), 'channel', 'payload.channel', catalog.channels);
  const openPayloads = payloads.filter(
    (payload) => describesProperties(document, payload) && !isClosed(document, payload),
  );
  if (
    openPayloads.length > 0 ||
    (payloads.length > 0 && payloads.every((p) => !describesProperties(document, p)))
  )
    findings.push(
      differs(
        'VAL-PAYLOAD-UNKNOWN-PROPERTY',
        where,
        'payload allows properties it does not name, where the spec rejects them',
      ),
    );
  const required = requiredProperties(document, schema);
  for (const field of catalog.requiredFields.filter((name) => !required.has(name)))
    findings.push(
      differs(
        rulesOfCode(catalog, catalog.fieldErrorCodes[field] as string)[0]?.id ?? field,
        where,
        `${field} is not required`,
      ),
    );
  return findings;
};

/** Every finding of one operation the spec shows. */
export const operationFindings = (
  catalog: OpenApiCatalog,
  endpoint: EndpointFact,
  provider: ProviderOperation,
  document: Json,
): DescriptionFinding[] => {
  const where = `${provider.method} ${provider.path}`;
  return [
    ...statusFindings(catalog, endpoint, provider, document, where),
    ...headerFindings(catalog, document, provider, where),
    ...(endpoint.method === 'GET' ? [] : bodyFindings(catalog, document, provider, where)),
  ];
};
