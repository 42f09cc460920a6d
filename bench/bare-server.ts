/**
 * A bare `node:http` JSON endpoint doing the least the same interface needs, the baseline of
 * `fei-kit bench`: POST parses the JSON body and stores it under a new uuid (201 `{"uuid"}`), GET of
 * that uuid returns it (200). No validation beyond "a JSON object with an externalId", no auth, no
 * rate limit: what is left when a server does nothing but HTTP and JSON.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../self-check/proxy-forwarder.ts';
import { EVENTS_PATH } from '../spec/http-interface.ts';

const json = (res: ServerResponse, status: number, body: unknown): void => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export const startBareServer = async (): Promise<{ baseUrl: string; close(): Promise<void> }> => {
  const events = new Map<string, unknown>();
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (req.method === 'POST' && url === EVENTS_PATH) {
      readBody(req).then(
        (text) => {
          let event: unknown;
          try {
            event = JSON.parse(text);
          } catch {
            json(res, 400, { status: 400, errorCode: 'ERR-3001', title: 'Malformed JSON' });
            return;
          }
          if (
            typeof event !== 'object' ||
            event === null ||
            typeof (event as { externalId?: unknown }).externalId !== 'string'
          ) {
            json(res, 400, { status: 400, errorCode: 'ERR-3001', title: 'externalId missing' });
            return;
          }
          const uuid = randomUUID();
          events.set(uuid, event);
          json(res, 201, { uuid });
        },
        () => json(res, 400, { status: 400, errorCode: 'ERR-3001', title: 'Unreadable body' }),
      );
      return;
    }
    if (req.method === 'GET' && url.startsWith(`${EVENTS_PATH}/`)) {
      const event = events.get(decodeURIComponent(url.slice(EVENTS_PATH.length + 1)));
      if (event === undefined) json(res, 404, { status: 404, errorCode: 'ERR-4002', title: 'Not found' });
      else json(res, 200, event);
      return;
    }
    json(res, 404, { status: 404, errorCode: 'ERR-4002', title: 'Not found' });
  });
  return listenOnLoopback(server);
};
