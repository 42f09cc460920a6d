/**
 * Small local targets that are no working deployment, or not for long, for the kit's tests of "could
 * not run": a fixed answer to everything (a proxy's 502 page, a redirect, an empty 404, 429s, 200 {}),
 * or a proxy in front of a real server (the reference) that slows every answer, stops answering after
 * some requests or never answers a body that is not JSON, echoes the caller's token back in every encoding, or records every method it is sent.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';

export type Misbehaviour =
  | {
      readonly kind: 'fixed';
      readonly status: number;
      readonly headers?: Readonly<Record<string, string>>;
      readonly body?: string;
    }
  | {
      readonly kind: 'proxy';
      readonly upstream: string;
      /** Added to every answer. */
      readonly delayMs?: number;
      /** After this many requests, stop answering: reset every connection, or hang. */
      readonly dieAfter?: { readonly requests: number; readonly how: 'reset' | 'hang' };
      /** Echo the caller's X-Access-Token in every encoding, in headers and in JSON bodies. */
      readonly echoToken?: boolean;
      /** Leave `errorCode` out of every 404 body: a release that broke part 7 in one answer. */
      readonly notFoundWithoutErrorCode?: boolean;
      /**
       * Answer the first GET without an X-Access-Token with this instead of the upstream's answer
       * (the preflight's POST without a token is answered truly), and the later ones truly: a deployment whose answer changes from one attempt to the
       * next (flaky).
       */
      readonly firstTokenlessAnswer?: { readonly status: number; readonly body: string };
      /**
       * Never answer a request whose body is there but is not JSON, and answer every other: a
       * validation proxy that hangs on what it cannot parse (Prism's does), or a service that does.
       */
      readonly silentOnBodyNotJson?: boolean;
    };

/** One request as the target saw it: when it came, whose it was, and what it was answered. */
export interface SeenRequest {
  /** performance.now() as the request came in. */
  readonly arrivedAt: number;
  readonly clientId: string | undefined;
  /** The status it was answered with, and when, once it was. */
  status?: number;
  answeredAt?: number;
}

export interface MisbehavingTarget {
  readonly url: string;
  /** Every request, as `METHOD /path`, in order. */
  readonly requests: readonly string[];
  /** Every request with its tenant and answer, in order of arrival. */
  readonly seen: readonly SeenRequest[];
  /** When it stopped answering (performance.now()), once it has. */
  readonly diedAt: () => number | undefined;
  close(): Promise<void>;
}

/** The token's every form, as a deployment that quotes the request might write it. */
export const echoOf = (token: string): string => {
  const base64 = (prefix: string) => Buffer.from(`${prefix}${token}`).toString('base64');
  return [
    `token ${token}`,
    `url ${encodeURIComponent(token)}`,
    `b64 ${base64('')} ${base64('x')} ${base64('xy')}`,
    `b64url ${base64('X-Access-Token: ').replace(/\+/g, '-').replace(/\//g, '_')}`,
  ].join('; ');
};

const readBody = async (incoming: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const withEcho = (body: string, token: string): string => {
  try {
    const json = JSON.parse(body) as unknown;
    if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
      return JSON.stringify({ ...json, detail: `request quoted: ${echoOf(token)}` });
    }
  } catch {
    // Not JSON: left as it is.
  }
  return body;
};

const isJson = (body: Buffer): boolean => {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
};

const withoutErrorCode = (body: string): string => {
  try {
    const { errorCode: _dropped, ...rest } = JSON.parse(body) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return body;
  }
};

export const startMisbehavingTarget = async (behaviour: Misbehaviour): Promise<MisbehavingTarget> => {
  const requests: string[] = [];
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  let tokenlessAnswered = false;
  let diedAt: number | undefined;

  const proxy = async (
    incoming: IncomingMessage,
    outgoing: ServerResponse,
    options: Extract<Misbehaviour, { kind: 'proxy' }>,
  ): Promise<void> => {
    if (options.dieAfter && requests.length > options.dieAfter.requests) {
      diedAt ??= performance.now();
      if (options.dieAfter.how === 'reset') incoming.socket.destroy();
      return; // hang: never answer
    }
    const body = await readBody(incoming);
    if (options.silentOnBodyNotJson && body.length > 0 && !isJson(body)) return; // never answered
    if (
      options.firstTokenlessAnswer &&
      incoming.method === 'GET' &&
      !incoming.headers['x-access-token'] &&
      !tokenlessAnswered
    ) {
      tokenlessAnswered = true;
      outgoing.writeHead(options.firstTokenlessAnswer.status, { 'content-type': 'application/json' });
      outgoing.end(options.firstTokenlessAnswer.body);
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(incoming.headers).filter(
        ([name]) => !['host', 'connection', 'content-length'].includes(name),
      ),
    ) as Record<string, string>;
    const answer = await request(`${options.upstream}${incoming.url ?? '/'}`, {
      method: (incoming.method ?? 'GET') as 'GET',
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    let text = await answer.body.text();
    const outHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (
        value !== undefined &&
        !['content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)
      )
        outHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const token = incoming.headers['x-access-token'];
    if (options.echoToken && typeof token === 'string') {
      text = withEcho(text, token);
      outHeaders['x-debug-token'] = token;
      outHeaders['x-debug-request'] = Buffer.from(`X-Access-Token: ${token}`).toString('base64');
      outHeaders['x-debug-url'] = encodeURIComponent(token);
    }
    if (options.notFoundWithoutErrorCode && answer.statusCode === 404) text = withoutErrorCode(text);
    if (options.delayMs) await sleep(options.delayMs);
    outgoing.writeHead(answer.statusCode, outHeaders);
    outgoing.end(text);
  };

  const server = createServer((incoming, outgoing) => {
    requests.push(`${incoming.method} ${incoming.url}`);
    const clientId = incoming.headers['x-client-id'];
    const entry: SeenRequest = {
      arrivedAt: performance.now(),
      clientId: typeof clientId === 'string' ? clientId : undefined,
    };
    seen.push(entry);
    const writeHead = outgoing.writeHead.bind(outgoing) as (
      status: number,
      ...rest: unknown[]
    ) => ServerResponse;
    outgoing.writeHead = ((status: number, ...rest: unknown[]) => {
      entry.status = status;
      entry.answeredAt = performance.now();
      return writeHead(status, ...rest);
    }) as typeof outgoing.writeHead;
    if (behaviour.kind === 'fixed') {
      outgoing.writeHead(behaviour.status, behaviour.headers ?? {});
      outgoing.end(behaviour.body ?? '');
      return;
    }
    proxy(incoming, outgoing, behaviour).catch(() => {
      if (!outgoing.headersSent) outgoing.writeHead(599);
      outgoing.end();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    seen,
    diedAt: () => diedAt,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close').catch(() => undefined);
    },
  };
};
