/**
 * The HAR reader: a browser's export (HTTP/2 pseudo-headers, base64 bodies, a gateway's base path, a
 * page's assets) is read; the kit's own HAR reads back as it was recorded; a file it cannot use is one
 * line saying why.
 */
import { randomUUID } from 'node:crypto';
import type { RecordedExchange } from '../client/exchange.ts';
import { harOf } from '../client/har-writer.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { readHarText } from './har-reader.ts';
import { browserHar, dedupTraffic, SERVICE_PATH } from './test-support/har-files.ts';

test("IMPACT HAR: a browser's export is read: pseudo-headers left out, base64 decoded, the gateway's path and assets left aside", () => {
  const clientId = randomUUID();
  const reading = readHarText(browserHar(dedupTraffic(clientId, true)));
  expect(reading.ok).toBe(true);
  if (!reading.ok) return;
  expect(reading.skipped).toBe(1);
  expect(
    reading.exchanges.map((e) => `${e.seq} ${e.method} ${e.url.slice(0, SERVICE_PATH.length)} ${e.status}`),
  ).toEqual([
    `1 POST ${SERVICE_PATH} 201`,
    `2 GET ${SERVICE_PATH} 200`,
    `3 POST ${SERVICE_PATH} 400`,
    `4 POST ${SERVICE_PATH} 201`,
  ]);
  const read = reading.exchanges[1];
  expect(JSON.parse(read?.responseBody ?? '')).toMatchObject({ externalId: 'order-1' });
  expect(Object.keys(read?.requestHeaders ?? {})).not.toContain(':authority');
  expect(read?.requestHeaders['x-client-id']).toBe(clientId);
  expect(read?.forwarded).toBe(true);
});

test("IMPACT HAR: the kit's own HAR reads back as recorded, the kit's faults kept, the token only as its prefix", () => {
  const token = 'svc_test_harRoundTrip0123456789';
  const exchange: RecordedExchange = {
    seq: 1,
    method: 'GET',
    url: `${SERVICE_PATH}/${randomUUID()}?x=1`,
    headers: { 'x-client-id': randomUUID(), 'x-access-token': token },
    body: '',
    sentAt: 5,
    answeredAt: 9,
    status: 429,
    responseBody: '{"status":429,"errorCode":"ERR-9429","title":"Rate limit exceeded"}',
    responseHeaders: { 'content-type': 'application/json' },
    fault: 'rate-limit',
    forwarded: false,
  };
  const text = JSON.stringify(harOf([exchange], 'http://127.0.0.1:9', new Date()));
  expect(text).not.toContain(token);
  const reading = readHarText(text);
  expect(reading.ok && reading.exchanges[0]).toMatchObject({
    method: 'GET',
    url: exchange.url,
    status: 429,
    fault: 'rate-limit',
    forwarded: false,
    responseBody: exchange.responseBody,
    requestHeaders: { 'x-access-token': 'svc_test_<redacted>' },
  });
});

test('IMPACT HAR: a file it cannot use says why in one line', () => {
  const problems = [
    '{"log": {"entries": [',
    '{"entries": []}',
    JSON.stringify({ log: { entries: [{ request: { method: 'GET' }, response: { status: 200 } }] } }),
    JSON.stringify({ log: { entries: [] } }),
  ].map((text) => {
    const reading = readHarText(text);
    return reading.ok ? 'read' : reading.problem;
  });
  expect(problems[0]).toMatch(/^not JSON \(/);
  expect(problems[1]).toBe('not a HAR file: no log.entries list');
  expect(problems[2]).toBe(
    'entry 1 is not a HAR entry: request.url Invalid input: expected string, received undefined',
  );
  expect(problems[3]).toMatch(/^no request to the service's/);
  for (const problem of problems) expect(problem).not.toContain('\n');
});
