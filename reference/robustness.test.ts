import { connect } from 'node:net';
import { request } from 'undici';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { EVENT_FIELDS } from '../spec/index.ts';
import { BODY_LIMIT_BYTES, buildReferenceApp } from './app.ts';
import { startReferenceServer } from './server.ts';
import {
  type Answer,
  credentialHeaders,
  EVENTS_PATH,
  eventUrl,
  expectSimpleError,
  expectStructuredError,
  expectValidationErrors,
  type Harness,
  harness,
  jsonHeaders,
  payinEvent,
  send,
} from './test-support/reference-app.ts';
import type { RunningReferenceServer } from './types.ts';

let h: Harness;
test.beforeAll(() => {
  h = harness({ rateLimit: { requestsPerWindow: 1_000_000, windowSeconds: 60 } });
});
test.afterAll(() => h.app.close());

/** POSTs raw bytes; contentType null sends no Content-Type header at all. */
const post = (
  payload: string | Buffer | undefined,
  contentType: string | null = 'application/json',
): Promise<Answer> =>
  send(h.app, {
    method: 'POST',
    url: EVENTS_PATH,
    headers: {
      ...credentialHeaders(h.a.tenant),
      ...(contentType === null ? {} : { 'content-type': contentType }),
    },
    payload,
  });

test.describe('reference: bad bodies get a 4xx with a structured body, never a 5xx', () => {
  test('GAP-MALFORMED-JSON: a body that is not JSON gets 400 ERR-9001, on POST and PUT', async () => {
    const uuid = await h.a.create();
    for (const text of [
      '{',
      '{"externalId":}',
      "{'a':1}",
      '{"a":1,}',
      'undefined',
      'NaN',
      '{"a":1}{',
      '\u0000',
      '{"a":"\ud800"',
    ]) {
      expectSimpleError(await post(text), 400, 'ERR-9001');
      expectSimpleError(
        await send(h.app, {
          method: 'PUT',
          url: eventUrl(uuid),
          headers: jsonHeaders(h.a.tenant),
          payload: text,
        }),
        400,
        'ERR-9001',
      );
    }
    expectSimpleError(await post(''), 400, 'ERR-9001');
    expectSimpleError(await post(Buffer.from([0xff, 0xfe, 0x00, 0x7b])), 400, 'ERR-9001');
  });

  test('a JSON body that is not an object gets 400 ERR-9002', async () => {
    for (const text of ['[]', '[{"externalId":"x"}]', '"event"', '42', 'true', 'null']) {
      expectSimpleError(await post(text), 400, 'ERR-9002');
    }
  });

  test('GAP-CONTENT-TYPE: POST and PUT without application/json get 400 ERR-9004', async () => {
    const body = JSON.stringify(payinEvent());
    for (const contentType of [
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'application/json-patch+json',
      'json',
      '',
    ]) {
      expectSimpleError(await post(body, contentType), 400, 'ERR-9004');
    }
    expectSimpleError(await post(body, null), 400, 'ERR-9004');
    expectSimpleError(await post(undefined, null), 400, 'ERR-9004');
    const uuid = await h.a.create();
    expectSimpleError(
      await send(h.app, { method: 'PUT', url: eventUrl(uuid), headers: credentialHeaders(h.a.tenant) }),
      400,
      'ERR-9004',
    );
  });

  test('Content-Type parameters and case are accepted', async () => {
    for (const contentType of [
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json;charset=UTF-8',
    ]) {
      expect((await post(JSON.stringify(payinEvent()), contentType)).status).toBe(201);
    }
  });

  test('GAP-FIELD-LIMITS: a body over 256 KiB gets 400 ERR-9005; one just under is judged normally', async () => {
    const big = JSON.stringify(payinEvent({ originalStatus: 'x'.repeat(BODY_LIMIT_BYTES) }));
    expectSimpleError(await post(big), 400, 'ERR-9005');
    const fits = JSON.stringify(payinEvent({ originalStatus: 'x'.repeat(BODY_LIMIT_BYTES - 1000) }));
    expect((await post(fits)).status).toBe(201);
    const manyItems = JSON.stringify(
      payinEvent({
        multiCurrencyAmounts: Array.from({ length: 5000 }, () => ({ currencyCode: 'USD', amount: 1 })),
      }),
    );
    expect((await post(manyItems)).status).toBe(201);
  });

  test('deeply nested bodies get 400 ERR-9003 (and never overflow a stack)', async () => {
    const depth = 50_000;
    expectSimpleError(await post(`${'['.repeat(depth)}${']'.repeat(depth)}`), 400, 'ERR-9003');
    expectSimpleError(
      await post(`{"externalId":${'{"a":'.repeat(depth / 2)}1${'}'.repeat(depth / 2)}}`),
      400,
      'ERR-9003',
    );
    const nested = JSON.stringify(
      payinEvent({ payload: { channel: JSON.parse(`${'['.repeat(20)}${']'.repeat(20)}`) } }),
    );
    expectValidationErrors(await post(nested), [['payload.channel', 'ERR-3011']]);
  });

  test('wrong JSON types anywhere get a validation body, not a crash', async () => {
    for (const value of [null, true, 0, -1, 1.5, '', 'x', [], [null], {}, { a: { b: [] } }]) {
      const event: Record<string, unknown> = {};
      for (const field of EVENT_FIELDS) {
        event[field] = value;
      }
      const answer = await post(JSON.stringify(event));
      expect(answer.status, JSON.stringify(value)).toBe(400);
      expectStructuredError(answer);
      expect(answer.body.errors.length).toBeGreaterThanOrEqual(5);
    }
  });

  test('__proto__ and constructor keys never touch a prototype and are reported as unknown fields', async () => {
    const text = `{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},${JSON.stringify(payinEvent()).slice(1)}`;
    const answer = await post(text);
    expectValidationErrors(answer, [
      ['__proto__', 'ERR-3014'],
      ['constructor', 'ERR-3014'],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('GAP-OTHER-OPERATIONS: unknown routes get 404 ERR-9404, unsupported methods 404 ERR-9405, headers or not', async () => {
    const uuid = await h.a.create();
    for (const [method, url] of [
      ['GET', '/'],
      ['GET', '/api/h2h/ingestion'],
      ['POST', '/api/h2h/ingestion/financial-event'],
      ['GET', `${EVENTS_PATH}/${uuid}/history`],
      ['GET', '/API/H2H/INGESTION/FINANCIAL-EVENTS'],
    ] as const) {
      expectSimpleError(
        await send(h.app, { method, url, headers: credentialHeaders(h.a.tenant) }),
        404,
        'ERR-9404',
      );
      expectSimpleError(await send(h.app, { method, url }), 404, 'ERR-9404');
    }
    for (const [method, url] of [
      ['GET', EVENTS_PATH],
      ['PUT', EVENTS_PATH],
      ['DELETE', eventUrl(uuid)],
      ['PATCH', eventUrl(uuid)],
      ['POST', eventUrl(uuid)],
      ['OPTIONS', eventUrl(uuid)],
    ] as const) {
      expectSimpleError(
        await send(h.app, { method, url, headers: jsonHeaders(h.a.tenant), payload: '{not json' }),
        404,
        'ERR-9405',
      );
    }
    expect((await h.a.get(uuid)).status).toBe(200); // DELETE deleted nothing
  });

  test('a URL that cannot be decoded gets 400 ERR-9007', async () => {
    expectSimpleError(
      await send(h.app, { method: 'GET', url: `${EVENTS_PATH}/%zz`, headers: credentialHeaders(h.a.tenant) }),
      400,
      'ERR-9007',
    );
  });

  test('query strings are ignored', async () => {
    const uuid = await h.a.create();
    expect((await h.a.get(`${uuid}?expand=all&x=%zz`)).status).toBe(200);
  });

  test('HEAD of an event answers like GET without a body', async () => {
    const uuid = await h.a.create();
    const head = await send(h.app, {
      method: 'HEAD',
      url: eventUrl(uuid),
      headers: credentialHeaders(h.a.tenant),
    });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
  });

  test('ERROR-INTERNAL-5001: an unexpected error answers 500 ERR-5001 with no stack trace or message', async () => {
    const app = buildReferenceApp();
    app.get('/explode', async () => {
      throw new Error('secret internal detail');
    });
    const answer = await send(app, { method: 'GET', url: '/explode' });
    expectSimpleError(answer, 500, 'ERR-5001');
    expect(answer.text).not.toContain('secret internal detail');
    expect(answer.text).not.toContain('Error');
    expect(answer.body).toEqual({ status: 500, errorCode: 'ERR-5001', title: 'Unexpected internal error' });
    await app.close();
  });
});

test.describe('reference: bad HTTP on a real socket', () => {
  let server: RunningReferenceServer;
  test.beforeAll(async () => {
    server = await startReferenceServer();
  });
  test.afterAll(() => server.close());

  const raw = (text: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const url = new URL(server.baseUrl);
      const socket = connect(Number(url.port), url.hostname);
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('utf8');
      });
      socket.on('end', () => resolve(received));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      socket.write(text);
    });

  const bodyOf = (response: string): unknown => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));

  test('a request HTTP cannot parse gets 400 ERR-9007 as JSON', async () => {
    const response = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(response.toLowerCase()).toContain('content-type: application/json');
    expect(bodyOf(response)).toEqual(expect.objectContaining({ status: 400, errorCode: 'ERR-9007' }));
  });

  test('headers too large get 400 ERR-9007 as JSON', async () => {
    const response = await raw(
      `GET ${EVENTS_PATH} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(response)).toEqual(expect.objectContaining({ status: 400, errorCode: 'ERR-9007' }));
  });

  test('an oversized body declared by Content-Length is refused over HTTP with 400 ERR-9005', async () => {
    const { A } = server.tenants;
    const response = await request(`${server.baseUrl}${EVENTS_PATH}`, {
      method: 'POST',
      headers: { ...credentialHeaders(A), 'content-type': 'application/json' },
      body: Buffer.alloc(BODY_LIMIT_BYTES + 10, 0x20),
    });
    const body = await response.body.json();
    expect(response.statusCode).toBe(400);
    expect(body).toEqual(expect.objectContaining({ status: 400, errorCode: 'ERR-9005' }));
  });

  test('the server keeps serving after all of that', async () => {
    const { A } = server.tenants;
    const response = await request(`${server.baseUrl}${EVENTS_PATH}`, {
      method: 'POST',
      headers: { ...credentialHeaders(A), 'content-type': 'application/json' },
      body: JSON.stringify(payinEvent()),
    });
    expect(response.statusCode).toBe(201);
    await response.body.dump();
  });
});
