/**
 * An answer's body read with its content codings undone: what a deployment or its gateway compressed
 * is read as the JSON it holds, every coding of node:zlib and a chain of them; what cannot be undone
 * is read as it came. Against a local server too, through undici as the kit's clients read it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as zlib from 'node:zlib';
import { request } from 'undici';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { answerText, contentCodings, decodedText, wasEncoded } from './http-body.ts';

const JSON_TEXT = JSON.stringify({ status: 404, errorCode: 'ERR-4002', title: 'Not found — ü' });
const plain = Buffer.from(JSON_TEXT, 'utf8');

test('HTTP BODY: gzip, deflate (zlib or raw), br and identity are undone; a chain last applied first', () => {
  const cases: [string, Buffer][] = [
    ['gzip', zlib.gzipSync(plain)],
    ['x-gzip', zlib.gzipSync(plain)],
    ['deflate', zlib.deflateSync(plain)],
    ['deflate', zlib.deflateRawSync(plain)],
    ['br', zlib.brotliCompressSync(plain)],
    ['identity', plain],
    ['', plain],
    ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(plain))],
    ['GZIP', zlib.gzipSync(plain)],
  ];
  expect(cases.map(([coding, bytes]) => [coding, decodedText(bytes, coding)])).toEqual(
    cases.map(([coding]) => [coding, JSON_TEXT]),
  );
  expect(decodedText(zlib.gzipSync(plain), ['gzip'])).toBe(JSON_TEXT);
});

test('HTTP BODY: a coding the kit does not know, or bytes that do not decode, are read as they came', () => {
  expect(decodedText(plain, 'compress')).toBe(JSON_TEXT);
  expect(decodedText(plain, 'gzip')).toBe(JSON_TEXT);
  expect(contentCodings(' gzip , br ')).toEqual(['gzip', 'br']);
  expect([wasEncoded('gzip'), wasEncoded('identity'), wasEncoded(undefined)]).toEqual([true, false, false]);
});

test('HTTP BODY: a compressed answer of a local server reads, through undici, as the JSON it holds', async () => {
  const server = createServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    response.end(zlib.gzipSync(plain));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await request(`http://127.0.0.1:${port}/`);
    expect(JSON.parse(await answerText(answer))).toEqual(JSON.parse(JSON_TEXT));
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
