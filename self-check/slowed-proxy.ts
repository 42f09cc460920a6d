/**
 * A server whose latency grows under load, for the self-check of the latency script: an HTTP proxy in
 * front of the reference server that holds each request `msPerRequestInFlight` for every request in
 * flight, its own included, before it forwards it. One request at a time is answered in about that
 * long; under the latency script's load the requests pile up, each one slowing the next, the way a
 * service that serialises on a lock or a small connection pool degrades. Everything else (status,
 * headers, body) is the reference's own, so only the latency thresholds have reason to fail.
 */
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlowedProxy {
  readonly baseUrl: string;
  /** The most requests it has held at once. */
  peakInFlight(): number;
  close(): Promise<void>;
}

/** How long a request waits when `inFlight` requests (its own included) are in flight. */
export const delayFor = (inFlight: number, msPerRequestInFlight: number): number =>
  Math.max(1, inFlight) * msPerRequestInFlight;

/** Hop-by-hop headers stay with their own connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

const forwardedHeaders = (headers: IncomingMessage['headers']): IncomingMessage['headers'] =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));

export const startSlowedProxy = async (
  upstream: string,
  msPerRequestInFlight: number,
): Promise<SlowedProxy> => {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true });
  let inFlight = 0;
  let peak = 0;

  const forward = (
    incoming: IncomingMessage,
    body: Buffer,
    outgoing: ServerResponse,
    done: () => void,
  ): void => {
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
      outgoing.end('the slowed proxy could not reach the reference server');
      done();
    });
    upstreamRequest.end(body);
  };

  const server = createServer((incoming, outgoing) => {
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    const delay = delayFor(inFlight, msPerRequestInFlight);
    let finished = false;
    const done = (): void => {
      if (finished) return;
      finished = true;
      inFlight -= 1;
    };
    outgoing.on('close', done);
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      setTimeout(() => forward(incoming, Buffer.concat(chunks), outgoing, done), delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    peakInFlight: () => peak,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
