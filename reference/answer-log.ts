/**
 * Every answer the server gives, appended as one JSON line to a file: what a run got, whole, for a
 * reader that judges answers apart from the checks (the self-check validates them against the kit's
 * OpenAPI document). Opt-in (the `answersFile` option): a server started without it writes nothing.
 *
 * The line is written when the answer leaves (Fastify's last onSend hook), with the status, the
 * content type and the body as sent. A request the HTTP parser refuses before routing (a malformed
 * request line) is answered on the socket and has no line: it never reached the service.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/** One line of the file. */
export interface LoggedAnswer {
  readonly method: string;
  /** The request's path with its query, as received. */
  readonly path: string;
  readonly status: number;
  /** The answer's Content-Type, or '' when it has none. */
  readonly contentType: string;
  /** The body as sent, as UTF-8 text ('' when empty). */
  readonly body: string;
}

const textOf = (payload: unknown): string => {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  // The server sends strings and buffers only; anything else is shown for what it is.
  return payload === null || payload === undefined ? '' : `(${typeof payload} body)`;
};

/** Appends every answer of `app` to `file` (created if missing) until the app closes. */
export const registerAnswerLog = (app: FastifyInstance, file: string): void => {
  // One descriptor for the server's life, written synchronously: lines stay whole and in order, and a
  // process stopped mid-run keeps every line written before.
  const fd = openSync(file, 'a', 0o600);
  app.addHook('onSend', (request, reply, payload, done) => {
    const answer: LoggedAnswer = {
      method: request.method,
      path: request.url,
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
      body: textOf(payload),
    };
    writeSync(fd, `${JSON.stringify(answer)}\n`);
    done(null, payload);
  });
  app.addHook('onClose', (_app, done) => {
    closeSync(fd);
    done();
  });
};
