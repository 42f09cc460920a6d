/** The reference server's record of its answers (answer-log.ts): one JSON line per answer, as sent. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { EVENTS_PATH, HEADERS, JSON_CONTENT_TYPE } from '../spec/index.ts';
import type { LoggedAnswer } from './answer-log.ts';
import { startReferenceServer } from './server.ts';
import { payinEvent } from './test-support/reference-app.ts';

const linesOf = (file: string): LoggedAnswer[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoggedAnswer);

test('ANSWER LOG: every answer is appended as it was sent, in order: method, path, status, content type, body', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'fei-answers-')), 'answers.jsonl');
  const server = await startReferenceServer({ answersFile: file });
  const { clientId, accessToken } = server.tenants.A;
  const headers = {
    [HEADERS.contentType]: JSON_CONTENT_TYPE,
    [HEADERS.clientId]: clientId,
    [HEADERS.accessToken]: accessToken,
  };
  const sent: { status: number; body: string }[] = [];
  const send = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const answer = await request(`${server.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    sent.push({ status: answer.statusCode, body: await answer.body.text() });
  };
  try {
    await send('POST', EVENTS_PATH, payinEvent());
    await send('POST', EVENTS_PATH, payinEvent({ amount: 0 }));
    await send('GET', `${EVENTS_PATH}/not-a-uuid?x=1`);
    await send('GET', '/somewhere-else');
  } finally {
    await server.close();
  }
  const lines = linesOf(file);
  expect(lines.map((l) => [l.method, l.path, l.status])).toEqual([
    ['POST', EVENTS_PATH, 201],
    ['POST', EVENTS_PATH, 400],
    ['GET', `${EVENTS_PATH}/not-a-uuid?x=1`, sent[2]?.status],
    ['GET', '/somewhere-else', 404],
  ]);
  expect(lines.map((l) => l.body)).toEqual(sent.map((s) => s.body));
  expect(lines.map((l) => l.contentType.split(';')[0])).toEqual(lines.map(() => JSON_CONTENT_TYPE));
});

test('ANSWER LOG: a second server appends to the same file instead of replacing it', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'fei-answers-')), 'answers.jsonl');
  for (const _ of [1, 2]) {
    const server = await startReferenceServer({ answersFile: file });
    await (await request(`${server.baseUrl}/nowhere`)).body.text();
    await server.close();
  }
  expect(linesOf(file).map((l) => l.status)).toEqual([404, 404]);
});
