/**
 * What the self-check's proxies in front of the reference server share: one request forwarded as it
 * came (hop-by-hop headers left with their own connection) and the reference's answer piped back, or a
 * plain 502 when the reference cannot be reached. The fault proxy (fault-proxy.ts) and the slowed proxy
 * (slowed-proxy.ts) decide only when to call it.
 */
import { Agent, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Hop-by-hop headers stay with their own connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

export const forwardedHeaders = (headers: IncomingMessage['headers']): IncomingMessage['headers'] =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));

export interface Forwarder {
  /**
   * Sends `incoming` with its whole `body` upstream and the answer back on `outgoing`; `done` is called
   * once, when the answer has ended or the upstream could not be reached.
   */
  forward(incoming: IncomingMessage, body: Buffer, outgoing: ServerResponse, done?: () => void): void;
  /** Closes the kept-alive connections upstream. */
  destroy(): void;
}

/** A forwarder to `upstream` (the reference server's base URL); `name` is said in its 502 page. */
export const forwarderTo = (upstream: string, name: string): Forwarder => {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true });
  const forward: Forwarder['forward'] = (incoming, body, outgoing, done = () => undefined) => {
    const upstreamRequest = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...forwardedHeaders(incoming.headers), host: target.host, 'content-length': body.length },
        agent,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, forwardedHeaders(answer.headers));
        answer.pipe(outgoing);
        answer.on('end', done);
      },
    );
    upstreamRequest.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`the ${name} could not reach the reference server`);
      done();
    });
    upstreamRequest.end(body);
  };
  return { forward, destroy: () => agent.destroy() };
};

/**
 * A server listening on a free loopback port: its base URL, and a close that ends every connection
 * (a proxy's upstream ones too, through its forwarder).
 */
export const listenOnLoopback = async (
  server: Server,
  forwarder?: Pick<Forwarder, 'destroy'>,
): Promise<{ readonly baseUrl: string; close(): Promise<void> }> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        forwarder?.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
