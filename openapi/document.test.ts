/**
 * The document is valid OpenAPI 3.1 (the schema of 3.1, and Redocly's recommended lint with no error),
 * and it is the catalog: every error code on the responses where it can occur with an example, every
 * gap and rule by id, the token prefixes, the closed payload; and a catalog with one more error code or
 * rule gives a document that carries it.
 */

import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { stringify } from 'yaml';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { RULES } from '../spec/index.ts';
import { type OpenApiCatalog, SPEC_CATALOG } from './catalog.ts';
import { buildOpenApiDocument } from './document.ts';

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document, read by path in the assertions.
type Json = Record<string, any>;

const documentOf = (catalog: OpenApiCatalog = SPEC_CATALOG): Json =>
  JSON.parse(JSON.stringify(buildOpenApiDocument(catalog, { kitVersion: '0.0.0-test' })));

const operation = (document: Json, method: string, path: string): Json => document.paths[path][method];
const CREATE = ['post', '/api/h2h/ingestion/financial-events'] as const;
const RETRIEVE = ['get', '/api/h2h/ingestion/financial-events/{uuid}'] as const;
const UPDATE = ['put', '/api/h2h/ingestion/financial-events/{uuid}'] as const;

const codesOn = (op: Json, status: string): string[] =>
  Object.keys(op.responses[status]?.content?.['application/json']?.examples ?? {});

test('OPENAPI: the document is valid OpenAPI 3.1 and Redocly finds no error in it', async () => {
  const source = stringify(documentOf());
  const validation = await new Validator().validate(source);
  expect(validation.errors ?? [], 'against the OpenAPI 3.1 schema').toEqual([]);
  expect(validation.valid).toBe(true);
  const problems = await lintFromString({
    source,
    absoluteRef: '/openapi.yaml',
    config: await createConfig({ extends: ['recommended'] }),
  });
  const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
  expect(errors).toEqual([]);
});

test('OPENAPI: every error code of 7.3 is on the responses where it can occur, at its status, with an example', () => {
  const document = documentOf();
  const create = operation(document, ...CREATE);
  const retrieve = operation(document, ...RETRIEVE);
  const update = operation(document, ...UPDATE);
  for (const op of [create, retrieve, update]) {
    expect(codesOn(op, '401')).toEqual(['ERR-1001', 'ERR-1002']);
    expect(codesOn(op, '403')).toEqual(['ERR-1003']);
    expect(codesOn(op, '500')).toEqual(['ERR-5001']);
    expect(op.responses['429']).toBeDefined();
  }
  // 7.3's body validation codes, ERR-3001 to ERR-3011.
  const validation = Array.from({ length: 11 }, (_, i) => `ERR-30${String(i + 1).padStart(2, '0')}`);
  expect(codesOn(create, '400')).toEqual(['ERR-2001', 'ERR-2002', ...validation, 'ERR-4001']);
  expect(codesOn(update, '400')).toEqual(['ERR-2001', 'ERR-2002', ...validation]);
  expect(codesOn(retrieve, '400')).toEqual(['ERR-2001', 'ERR-2002']);
  expect(codesOn(create, '404')).toEqual([]);
  expect(codesOn(retrieve, '404')).toEqual(['ERR-4002']);
  expect(codesOn(update, '404')).toEqual(['ERR-4002']);
  const example = create.responses['400'].content['application/json'].examples['ERR-3005'].value;
  expect(example).toMatchObject({
    status: 400,
    errorCode: 'ERR-3005',
    errors: [{ field: 'amount', errorCode: 'ERR-3005' }],
  });
  expect(create.responses['201'].content['application/json'].schema).toEqual({
    $ref: '#/components/schemas/CreationResult',
  });
});

test('OPENAPI: what the spec leaves open is marked as a gap in its words, never filled in', () => {
  const document = documentOf();
  const gapIds = (node: Json) => (node['x-fei-gaps'] ?? []).map((g: Json) => g.id);
  const update = operation(document, ...UPDATE);
  expect(Object.keys(update.responses).filter((s) => s.startsWith('2'))).toEqual(['2XX']);
  expect(update.responses['2XX']['x-fei-gaps']).toContainEqual(
    expect.objectContaining({ id: 'GAP-PUT-STATUS', says: 'PUT success response: status code not shown.' }),
  );
  expect(gapIds(operation(document, ...RETRIEVE).responses['200'])).toEqual(['GAP-GET-BODY']);
  expect(gapIds(update.responses['429'])).toContain('GAP-429-BODY');
  expect(gapIds(update.responses['422'])).toEqual(['GAP-422-USE']);
  const schemas = document.components.schemas;
  expect(schemas.Payload.additionalProperties).toBe(false);
  expect(schemas.FinancialEvent.additionalProperties).not.toBe(false);
  expect(gapIds(schemas.FinancialEvent)).toContain('GAP-EXTRA-TOP-LEVEL-FIELDS');
  expect(schemas.FinancialEvent.required).toEqual(['externalId']);
  expect(schemas.FinancialEvent.properties.type.enum).toEqual(['INTERNAL_PAYIN', 'INTERNAL_PAYOUT']);
  expect(schemas.Payload.properties.channel.enum).toEqual(['CASH', 'ONLINE', 'CRYPTO']);
  const allGaps = RULES.filter((r) => r.kind === 'gap').map((r) => r.id);
  expect(gapIds(document)).toEqual(allGaps);
  expect(document['x-fei-rules'].map((r: Json) => r.id)).toEqual(
    RULES.filter((r) => r.kind === 'rule').map((r) => r.id),
  );
});

test('OPENAPI: the headers, the token prefixes of each environment and the servers come from the catalog and the contract', () => {
  const document = documentOf();
  const { parameters, securitySchemes } = document.components;
  expect(parameters.ClientId).toMatchObject({ name: 'X-Client-Id', in: 'header', required: true });
  expect(parameters.AccessToken).toMatchObject({ name: 'X-Access-Token', in: 'header', required: true });
  expect(parameters.AccessToken.schema.pattern).toBe('^(svc_live_|svc_test_)');
  expect(securitySchemes.AccessToken['x-fei-token-prefixes']).toEqual({
    production: 'svc_live_',
    sandbox: 'svc_test_',
  });
  expect(document.servers.map((s: Json) => s.url)).toEqual(['{base_url}', '{sandbox_base_url}']);
  expect(document.servers[1].description).toContain('TARGET_ENVIRONMENT=sandbox');
  const rules = operation(document, ...CREATE)['x-fei-rules'].map((r: Json) => r.id);
  expect(rules).toEqual(
    expect.arrayContaining(['VAL-ALL-FAILURES', 'DEDUP-EXTERNAL-ID', 'DEDUP-CONCURRENT', 'RATE-LIMIT-429']),
  );
  expect(operation(document, ...RETRIEVE)['x-fei-rules'].map((r: Json) => r.id)).toContain('ISOLATION-GET');
  expect(operation(document, ...RETRIEVE)['x-fei-client-rules'].map((r: Json) => r.id)).toContain(
    'CLIENT-429-DELAY',
  );
});

test('OPENAPI: a catalog with one more error code and one more rule gives a document that carries both', () => {
  const before = documentOf();
  const catalog: OpenApiCatalog = {
    ...SPEC_CATALOG,
    errorCodes: {
      ...SPEC_CATALOG.errorCodes,
      'ERR-3012': {
        code: 'ERR-3012',
        httpStatus: 400,
        body: 'validation',
        condition: 'originalStatus is longer than 64 characters',
      },
    },
    rules: [
      ...SPEC_CATALOG.rules,
      {
        id: 'VAL-ORIGINAL-STATUS-LENGTH',
        kind: 'rule',
        part: 'fields',
        area: 'validation',
        title: 'An originalStatus over 64 characters gets 400 ERR-3012',
        statement: 'originalStatus: at most 64 characters; otherwise ERR-3012.',
        errorCode: 'ERR-3012' as never,
        httpStatus: 400,
        severity: 'normal',
      },
    ],
  };
  const after = documentOf(catalog);
  expect(codesOn(operation(after, ...CREATE), '400')).toContain('ERR-3012');
  expect(codesOn(operation(after, ...UPDATE), '400')).toContain('ERR-3012');
  expect(codesOn(operation(after, ...RETRIEVE), '400')).not.toContain('ERR-3012');
  expect(codesOn(operation(before, ...CREATE), '400')).not.toContain('ERR-3012');
  const ruleIds = (doc: Json) => operation(doc, ...CREATE)['x-fei-rules'].map((r: Json) => r.id);
  expect(ruleIds(after)).toContain('VAL-ORIGINAL-STATUS-LENGTH');
  expect(ruleIds(before)).not.toContain('VAL-ORIGINAL-STATUS-LENGTH');
  // The body of a 400 holds the new code to the validation body, as it holds the others.
  expect(JSON.stringify(after.components.schemas.ErrorBody)).toContain('ERR-3012');
  expect(JSON.stringify(before)).not.toContain('ERR-3012');
});
