/**
 * A TypeScript client generated from the document compiles against the calls the kit's example client
 * makes: its event, its three headers, its create, read and update, the uuid it keeps from the creation
 * result. The same calls with a type the spec does not allow fail to compile, so the check has teeth.
 * Two generators: swagger-typescript-api (a client class), and openapi-typescript (the document's types)
 * with openapi-fetch (the client over them). openapi-typescript needs TypeScript 5's compiler API as a
 * peer, which the kit's TypeScript 7 does not have: it is installed with its own TypeScript 5 in a
 * workspace of its own (test-support/openapi-typescript/), and the calls compile with the kit's.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateApi } from 'swagger-typescript-api';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { EVENTS_PATH } from '../spec/index.ts';
import { writeOpenApiDocument } from './write-document.ts';

const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');

/** The example client is plain JavaScript, with no declarations: its two helpers, typed as used here. */
interface ExampleClient {
  headersFor(config: { clientId: string; accessToken: string }): Record<string, string>;
  newEvent(externalId: string): Record<string, unknown>;
}
const EXAMPLE_CLIENT = join(import.meta.dirname, '..', 'client', 'examples', 'example-client.mjs');

/** The example client's own calls, its values written out as it sends them. */
const callsOf = ({ headersFor }: ExampleClient, event: unknown) => `import { Api } from './api.ts';

const headers = ${JSON.stringify(headersFor({ clientId: '2f1c6a52-5b7e-4c55-9c43-0f1f3c1a9e11', accessToken: 'svc_test_example' }))};
const event = ${JSON.stringify(event)} as const;

export const integration = async (): Promise<void> => {
  const api = new Api({ baseUrl: 'http://127.0.0.1:3000' });
  const created = await api.api.createFinancialEvent(event, { headers });
  const uuid: string = created.data.uuid;
  await api.api.retrieveFinancialEvent(uuid, { headers });
  await api.api.updateFinancialEvent(uuid, { ...event, status: 'BOOKED' }, { headers });
};
`;

const compile = (
  folder: string,
  options: Record<string, unknown> = {},
): { code: number | null; output: string } => {
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        ...options,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        allowImportingTsExtensions: true,
        lib: ['es2022', 'dom'],
        types: [],
      },
      include: ['*.ts'],
    }),
  );
  const result = spawnSync(process.execPath, [TSC, '-p', folder], { encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
};

test("OPENAPI: a client generated from the document compiles against the example client's calls, and refuses a type the spec does not allow", async () => {
  const example = (await import(pathToFileURL(EXAMPLE_CLIENT).href)) as ExampleClient;
  const folder = mkdtempSync(join(tmpdir(), 'fei-openapi-client-'));
  const written = writeOpenApiDocument(join(folder, 'document'));
  await generateApi({
    input: written.json,
    output: folder,
    fileName: 'api.ts',
    httpClientType: 'fetch',
    silent: true,
  });
  writeFileSync(join(folder, 'calls.ts'), callsOf(example, example.newEvent('example-1')));
  const agreeing = compile(folder);
  expect(agreeing.output).toBe('');
  expect(agreeing.code).toBe(0);
  writeFileSync(
    join(folder, 'calls.ts'),
    callsOf(example, { ...example.newEvent('example-2'), type: 'BANK_MOVEMENT' }),
  );
  const refused = compile(folder);
  expect(refused.code).not.toBe(0);
  expect(refused.output).toContain('BANK_MOVEMENT');
});

/** openapi-typescript, in the workspace that gives it TypeScript 5 (its peer), and openapi-fetch beside the kit's packages. */
const OPENAPI_TYPESCRIPT_CLI = join(
  import.meta.dirname,
  'test-support',
  'openapi-typescript',
  'node_modules',
  'openapi-typescript',
  'bin',
  'cli.js',
);
const OPENAPI_FETCH = dirname(createRequire(import.meta.url).resolve('openapi-fetch/package.json'));

/** The example client's own calls through openapi-fetch, typed by the generated `paths`. */
const fetchCallsOf = (
  { headersFor }: ExampleClient,
  event: unknown,
) => `import type { paths } from './schema.ts'; import createClient from 'openapi-fetch';

const headers = ${JSON.stringify(headersFor({ clientId: '2f1c6a52-5b7e-4c55-9c43-0f1f3c1a9e11', accessToken: 'svc_test_example' }))};
const event = ${JSON.stringify(event)} as const;

export const integration = async (): Promise<void> => {
  const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:3000' });
  const created = await client.POST('${EVENTS_PATH}', { body: event, params: { header: headers } });
  const uuid: string = created.data?.uuid ?? '';
  const params = { header: headers, path: { uuid } };
  await client.GET('${EVENTS_PATH}/{uuid}', { params });
  await client.PUT('${EVENTS_PATH}/{uuid}', { body: { ...event, status: 'BOOKED' }, params });
};
`;

test("OPENAPI: types generated by openapi-typescript, with openapi-fetch, compile against the example client's calls, and refuse a type the spec does not allow", async () => {
  const example = (await import(pathToFileURL(EXAMPLE_CLIENT).href)) as ExampleClient;
  const folder = mkdtempSync(join(tmpdir(), 'fei-openapi-typescript-'));
  const written = writeOpenApiDocument(join(folder, 'document'));
  const generated = spawnSync(
    process.execPath,
    [OPENAPI_TYPESCRIPT_CLI, written.json, '--output', join(folder, 'schema.ts')],
    { encoding: 'utf8' },
  );
  expect(generated.status, `${generated.stdout}${generated.stderr}`).toBe(0);
  const options = { paths: { 'openapi-fetch': [OPENAPI_FETCH] } };
  writeFileSync(join(folder, 'calls.ts'), fetchCallsOf(example, example.newEvent('example-1')));
  const agreeing = compile(folder, options);
  expect(agreeing.output).toBe('');
  expect(agreeing.code).toBe(0);
  writeFileSync(
    join(folder, 'calls.ts'),
    fetchCallsOf(example, { ...example.newEvent('example-2'), type: 'BANK_MOVEMENT' }),
  );
  const refused = compile(folder, options);
  expect(refused.code).not.toBe(0);
  expect(refused.output).toContain('BANK_MOVEMENT');
});
