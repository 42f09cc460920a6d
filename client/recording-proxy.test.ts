/**
 * Which requests the recording proxy answers itself instead of forwarding: a token of the other
 * environment. And what it passes on of a compressed answer: the text, its coding undone, recorded so.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { request } from 'undici';

import { TOKEN_PREFIXES } from '../contract/index.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { startRecordingProxy, wrongEnvironmentRefusal } from './recording-proxy.ts';

const prefixes = { sandbox: TOKEN_PREFIXES.sandbox, production: TOKEN_PREFIXES.production };

test("a production token is never forwarded to a sandbox run's service, nor a sandbox token to a production one", () => {
  expect(wrongEnvironmentRefusal(`${TOKEN_PREFIXES.production}abc123`, prefixes, 'sandbox')).toBe(
    'a production token is never forwarded to a sandbox service',
  );
  expect(wrongEnvironmentRefusal(`${TOKEN_PREFIXES.sandbox}abc123`, prefixes, 'production')).toBe(
    'a sandbox token is never forwarded to a production service',
  );
});

test("a token of the run's environment, one of no known prefix, or none at all is forwarded", () => {
  expect(wrongEnvironmentRefusal(`${TOKEN_PREFIXES.sandbox}abc123`, prefixes, 'sandbox')).toBeUndefined();
  expect(wrongEnvironmentRefusal('bearer-of-no-prefix', prefixes, 'sandbox')).toBeUndefined();
  expect(wrongEnvironmentRefusal(undefined, prefixes, 'sandbox')).toBeUndefined();
  expect(wrongEnvironmentRefusal('', prefixes, 'production')).toBeUndefined();
});

test("the upstream's own prefixes decide: a th_test_ token is a sandbox's own there, a th_live_ one is refused", () => {
  const upstream = { sandbox: 'th_test_', production: 'th_live_' };
  expect(wrongEnvironmentRefusal('th_test_abc', upstream, 'sandbox')).toBeUndefined();
  expect(wrongEnvironmentRefusal('th_live_abc', upstream, 'sandbox')).toBe(
    'a production token is never forwarded to a sandbox service',
  );
});

test('a compressed answer of the service reaches the client uncoded, and is recorded as the JSON it holds', async () => {
  const body = JSON.stringify({ status: 404, errorCode: 'ERR-4002', title: 'Not found' });
  const upstream = createServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    response.end(gzipSync(body));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  const proxy = await startRecordingProxy({
    upstream: `http://127.0.0.1:${port}`,
    environment: 'sandbox',
    faults: [],
  });
  try {
    const answer = await request(
      `${proxy.baseUrl}/api/h2h/ingestion/financial-events/${crypto.randomUUID()}`,
      {
        headers: { 'accept-encoding': 'gzip', 'x-access-token': `${TOKEN_PREFIXES.sandbox}x` },
      },
    );
    expect([answer.statusCode, answer.headers['content-encoding'], await answer.body.text()]).toEqual([
      404,
      undefined,
      body,
    ]);
    await proxy.settled();
    expect(proxy.exchanges().map((exchange) => exchange.responseBody)).toEqual([body]);
  } finally {
    await proxy.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  }
});
