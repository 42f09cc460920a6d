/**
 * The reference server behind one fault a real deployment has and the loopback server has not: an
 * HTTP proxy that forwards every request as it is, but
 * - `slow`: answers each one `delayMs` late (a sandbox an ocean away, a cold start);
 * - `restart`: after `afterRequests` requests (and, with `opensOn`, at the first request of that
 *   method after them that carries an event, a check's and never the preflight's: a deterministic
 *   place in a check), answers every request for `forMs` with 503,
 *   `Retry-After` and a part 7.1 body, as a gateway does in front of a rolling restart, then forwards
 *   again;
 * - `token-expires`: after `afterRequests` requests, answers every request carrying `token` with 401
 *   ERR-1002 for good (a production token past its expiry, or rotated);
 * - `allowlist`: answers every request with 403 ERR-1003 (an IP allowlist that does not admit the
 *   caller, part 5.4).
 * Everything else is the reference's own answer, so a run behind it must end as the fault says (0, 2
 * or 3), never with a deviation.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { forwarderTo, listenOnLoopback } from './proxy-forwarder.ts';

export type Fault =
  | { readonly kind: 'slow'; readonly delayMs: number }
  | {
      readonly kind: 'restart';
      readonly afterRequests: number;
      readonly forMs: number;
      /** The method whose first request carrying an event (after `afterRequests`) opens the window. */
      readonly opensOn?: string;
    }
  | { readonly kind: 'token-expires'; readonly afterRequests: number; readonly token: string }
  | { readonly kind: 'allowlist' };

export interface FaultProxy {
  readonly baseUrl: string;
  /** Requests seen, and how many of them the fault answered itself. */
  counts(): { readonly requests: number; readonly faulted: number };
  /** The requests of one method that carry an event (a check's): how many the fault answered, how many it forwarded. */
  carryingEvents(method: string): { readonly faulted: number; readonly forwarded: number };
  /** The requests the fault answered, after the first of them, that still carried the expired token. */
  afterExpiry(): number;
  close(): Promise<void>;
}

/** A part 7.1 body. */
const problem = (status: number, errorCode: string, title: string): string =>
  JSON.stringify({ status, errorCode, title });

interface FaultAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The fault's own answer to the `index`-th request (1-based), or undefined to forward it. */
const faultAnswer = (
  fault: Fault,
  index: number,
  incoming: IncomingMessage,
  restartStarted: () => number | undefined,
): FaultAnswer | undefined => {
  const json = { 'content-type': 'application/json' };
  switch (fault.kind) {
    case 'allowlist':
      return { status: 403, headers: json, body: problem(403, 'ERR-1003', 'Forbidden') };
    case 'token-expires':
      return index > fault.afterRequests && incoming.headers['x-access-token'] === fault.token
        ? { status: 401, headers: json, body: problem(401, 'ERR-1002', 'Authentication token invalid') }
        : undefined;
    case 'restart': {
      const started = restartStarted();
      if (index <= fault.afterRequests || started === undefined || Date.now() - started >= fault.forMs)
        return undefined;
      return {
        status: 503,
        headers: { ...json, 'retry-after': String(Math.ceil(fault.forMs / 1000)) },
        body: problem(503, 'ERR-5001', 'Service Unavailable'),
      };
    }
    case 'slow':
      return undefined;
  }
};

export const startFaultProxy = async (upstream: string, fault: Fault): Promise<FaultProxy> => {
  const forwarder = forwarderTo(upstream, 'fault proxy');
  let requests = 0;
  let faulted = 0;
  let expiredSeen = 0;
  let restartAt: number | undefined;
  const withEvents = new Map<string, { faulted: number; forwarded: number }>();
  const countOf = (method: string | undefined) => {
    const key = method ?? '';
    const count = withEvents.get(key) ?? { faulted: 0, forwarded: 0 };
    withEvents.set(key, count);
    return count;
  };
  const carriesEvent = (body: Buffer): boolean => body.includes('"externalId"');
  const opens = (index: number, method: string | undefined, body: Buffer): boolean =>
    fault.kind === 'restart' &&
    restartAt === undefined &&
    index > fault.afterRequests &&
    (fault.opensOn === undefined || (fault.opensOn === method && carriesEvent(body)));

  const server = createServer((incoming, outgoing) => {
    requests += 1;
    const index = requests;
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      if (opens(index, incoming.method, body)) restartAt = Date.now();
      const own = faultAnswer(fault, index, incoming, () => restartAt);
      if (own) {
        faulted += 1;
        if (carriesEvent(body)) countOf(incoming.method).faulted += 1;
        if (fault.kind === 'token-expires' && faulted > 1) expiredSeen += 1;
        outgoing.writeHead(own.status, own.headers);
        outgoing.end(own.body);
        return;
      }
      if (carriesEvent(body)) countOf(incoming.method).forwarded += 1;
      if (fault.kind === 'slow') setTimeout(() => forwarder.forward(incoming, body, outgoing), fault.delayMs);
      else forwarder.forward(incoming, body, outgoing);
    });
  });
  const listening = await listenOnLoopback(server, forwarder);
  return {
    ...listening,
    counts: () => ({ requests, faulted }),
    carryingEvents: (method) => ({ ...countOf(method) }),
    afterExpiry: () => expiredSeen,
  };
};
