/**
 * Examples that run: every request example of the OpenAPI document, and the request of
 * docs/openapi.md, sent to the reference server as written, each getting its operation's success and
 * an answer the document accepts; every successful answer of the document carries an example of the
 * shape its schema gives, so that a mock built from the document answers the spec's shapes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { startReferenceServer } from '../reference/index.ts';
import { EVENTS_PATH, eventPath, HEADERS, JSON_CONTENT_TYPE } from '../spec/index.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { SPEC_CATALOG } from './catalog.ts';
import { buildOpenApiDocument } from './document.ts';
import { EXAMPLE_UUID } from './examples.ts';
import { responseValidator } from './response-validator.ts';

interface MediaType {
  readonly example?: unknown;
}
interface Operation {
  readonly requestBody?: { readonly content: Record<string, MediaType> };
  readonly responses: Record<string, { readonly content?: Record<string, MediaType> }>;
}

const DOCUMENT = buildOpenApiDocument(SPEC_CATALOG, { kitVersion: 'test' });
const operation = (path: string, method: string): Operation =>
  (DOCUMENT.paths[path] as Record<string, Operation>)[method] as Operation;
const requestExample = (op: Operation): unknown => op.requestBody?.content[JSON_CONTENT_TYPE]?.example;

/** The body literal of the POST in docs/openapi.md's generated-client example, as the code gives it. */
const guideBody = (): unknown => {
  const guide = readFileSync(join(KIT_ROOT, 'docs', 'openapi.md'), 'utf8');
  const literal =
    /api\.POST\('\/api\/h2h\/ingestion\/financial-events', \{[\s\S]*?\n {2}body: (\{[\s\S]*?\n {2}\}),\n\}\);/.exec(
      guide,
    )?.[1];
  if (!literal) throw new Error('docs/openapi.md holds no POST body in its client example');
  // A TypeScript object literal of plain values: read as JavaScript.
  return new Function(`return (${literal});`)();
};

const send = async (
  baseUrl: string,
  tenant: { clientId: string; accessToken: string },
  method: string,
  path: string,
  body?: unknown,
) => {
  const answer = await request(`${baseUrl}${path}`, {
    method: method as 'GET',
    headers: {
      [HEADERS.clientId]: tenant.clientId,
      [HEADERS.accessToken]: tenant.accessToken,
      'content-type': JSON_CONTENT_TYPE,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { method, path, status: answer.statusCode, body: await answer.body.text() };
};

test('EXAMPLES: each request example of the document gets its success from the reference server, in the document’s shape', async () => {
  const { judge } = await responseValidator();
  const server = await startReferenceServer({ host: '127.0.0.1', port: 0 });
  try {
    const tenant = server.tenants.A;
    const create = await send(
      server.baseUrl,
      tenant,
      'POST',
      EVENTS_PATH,
      requestExample(operation(EVENTS_PATH, 'post')),
    );
    expect(create.status, create.body).toBe(201);
    expect(judge(create)).toEqual({ outcome: 'valid' });
    const uuid = (JSON.parse(create.body) as { uuid: string }).uuid;
    const itemPath = Object.keys(DOCUMENT.paths).find((path) => path.includes('{uuid}')) as string;
    const read = await send(server.baseUrl, tenant, 'GET', eventPath(uuid));
    expect(read.status, read.body).toBe(200);
    expect(judge(read)).toEqual({ outcome: 'valid' });
    const update = await send(
      server.baseUrl,
      tenant,
      'PUT',
      eventPath(uuid),
      requestExample(operation(itemPath, 'put')),
    );
    expect(update.status, update.body).toBeGreaterThanOrEqual(200);
    expect(update.status, update.body).toBeLessThan(300);
    expect(judge(update)).toEqual({ outcome: 'valid' });
    // The guide's own example, as a reader copies it.
    const guide = await send(server.baseUrl, tenant, 'POST', EVENTS_PATH, guideBody());
    expect(guide.status, guide.body).toBe(201);
    expect(judge(guide)).toEqual({ outcome: 'valid' });
  } finally {
    await server.close();
  }
});

test('EXAMPLES: every successful answer of the document has an example its own schema accepts', async () => {
  const { judge } = await responseValidator();
  const uuid = EXAMPLE_UUID;
  const answers: { method: string; path: string; status: number }[] = [];
  for (const [path, operations] of Object.entries(DOCUMENT.paths)) {
    for (const [method, op] of Object.entries(operations as Record<string, Operation>)) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('2')) continue;
        const example = response.content?.[JSON_CONTENT_TYPE]?.example;
        expect(example, `${method} ${path} ${status}`).toBeDefined();
        const concrete = status === '2XX' ? 200 : Number(status);
        const verdict = judge({
          method,
          path: path.replace('{uuid}', uuid),
          status: concrete,
          body: JSON.stringify(example),
        });
        expect(verdict, `${method} ${path} ${status}`).toEqual({ outcome: 'valid' });
        answers.push({ method, path, status: concrete });
      }
    }
  }
  expect(answers.map((a) => a.method).sort()).toEqual(['get', 'post', 'put']);
  // The creation answers the uuid and nothing the spec does not show.
  const created = operation(EVENTS_PATH, 'post').responses['201']?.content?.[JSON_CONTENT_TYPE]?.example;
  expect(Object.keys(created as object)).toEqual(['uuid']);
});
