/**
 * A server whose latency grows under load, for the self-check of the latency script: an HTTP proxy in
 * front of the reference server that holds each request `msPerRequestInFlight` for every request in
 * flight, its own included, before it forwards it. One request at a time is answered in about that
 * long; under the latency script's load the requests pile up, each one slowing the next, the way a
 * service that serialises on a lock or a small connection pool degrades. Everything else (status,
 * headers, body) is the reference's own, so only the latency thresholds have reason to fail.
 */
import { createServer } from 'node:http';
import { forwarderTo, listenOnLoopback } from './proxy-forwarder.ts';

export interface SlowedProxy {
  readonly baseUrl: string;
  /** The most requests it has held at once. */
  peakInFlight(): number;
  close(): Promise<void>;
}

/** How long a request waits when `inFlight` requests (its own included) are in flight. */
export const delayFor = (inFlight: number, msPerRequestInFlight: number): number =>
  Math.max(1, inFlight) * msPerRequestInFlight;

export const startSlowedProxy = async (
  upstream: string,
  msPerRequestInFlight: number,
): Promise<SlowedProxy> => {
  const forwarder = forwarderTo(upstream, 'slowed proxy');
  let inFlight = 0;
  let peak = 0;

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
      setTimeout(() => forwarder.forward(incoming, Buffer.concat(chunks), outgoing, done), delay);
    });
  });
  const listening = await listenOnLoopback(server, forwarder);
  return {
    ...listening,
    peakInFlight: () => peak,
  };
};
