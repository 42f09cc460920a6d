/**
 * A recorded request made the replay's own: sent as the sandbox tenant (its id and token in place of
 * the recorded tenant's), every externalId re-keyed with the replay's tag so that dedup sees the same
 * relations (the same recorded id is the same replayed id, a fresh one stays fresh), and every uuid
 * the recorded tenant got from a creation replaced by the one the replay's own creation returned.
 */
import { tokenPrefixOf, UUID_SOURCE } from '../spec/index.ts';
import { parseJson } from './aspects.ts';
import type { TrafficExchange } from './traffic.ts';

export interface SandboxTenant {
  /** The contract's name of it: `A`, `B`. */
  readonly name: string;
  readonly clientId: string;
  readonly accessToken: string;
}

export interface ReplayRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

export type Rewritten =
  | { readonly ok: true; readonly request: ReplayRequest }
  | { readonly ok: false; readonly reason: string };

/** Set by the transport or secret: never replayed as recorded. */
const NOT_REPLAYED = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'te',
  'upgrade',
  'cookie',
  'authorization',
  'accept-encoding',
]);

const UUIDS = new RegExp(UUID_SOURCE, 'gi');

const errorCodeOf = (exchange: TrafficExchange): unknown =>
  (parseJson(exchange.responseBody) as { errorCode?: unknown } | undefined)?.errorCode;

/** What the replay of one tenant knows as it goes: the ids it re-keyed and the uuids it was given. */
export class ReplayState {
  readonly #uuids = new Map<string, string>();
  /** Uuids the recording's creations gave but the replay's did not: why, by uuid. */
  readonly #notCreated = new Map<string, string>();
  readonly #tag: string;
  readonly #recordedClientId: string | undefined;
  readonly #sandbox: SandboxTenant;

  constructor(recordedClientId: string | undefined, sandbox: SandboxTenant, tag: string) {
    this.#recordedClientId = recordedClientId?.toLowerCase();
    this.#sandbox = sandbox;
    this.#tag = tag;
  }

  /** The recorded externalId as this replay sends it: the same id always gives the same one. */
  externalId(recorded: string): string {
    return `${this.#tag}-${recorded}`;
  }

  /** After a creation both sides answered 201: the recorded uuid stands for the replayed one. */
  learnUuid(recorded: string, replayed: string): void {
    this.#uuids.set(recorded.toLowerCase(), replayed);
  }

  /** A creation the recording shows but the replay could not repeat: its uuid cannot be mapped. */
  learnNotCreated(recorded: string, why: string): void {
    this.#notCreated.set(recorded.toLowerCase(), why);
  }

  mappedUuid(recorded: string): string | undefined {
    return this.#uuids.get(recorded.toLowerCase());
  }

  #headers(exchange: TrafficExchange): Rewritten {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(exchange.requestHeaders))
      if (!NOT_REPLAYED.has(name)) headers[name] = value;
    const clientId = headers['x-client-id'];
    if (clientId !== undefined && clientId.toLowerCase() === this.#recordedClientId)
      headers['x-client-id'] = this.#sandbox.clientId;
    if (headers['x-access-token'] === undefined)
      return { ok: true, request: this.#request(exchange, headers) };
    const code = errorCodeOf(exchange);
    if (code === 'ERR-1003')
      return {
        ok: false,
        reason: `request ${exchange.seq} used another tenant's token, which the replay does not have`,
      };
    // A token the service refused stays one it refuses; any other is the sandbox tenant's.
    headers['x-access-token'] =
      code === 'ERR-1002'
        ? `${tokenPrefixOf(this.#sandbox.accessToken) ?? ''}not-a-token-of-this-service`
        : this.#sandbox.accessToken;
    return { ok: true, request: this.#request(exchange, headers) };
  }

  #request(exchange: TrafficExchange, headers: Record<string, string>): ReplayRequest {
    return { method: exchange.method, url: exchange.url, headers, body: undefined };
  }

  /** Replaces each known uuid; an unknown one the service had answered about cannot be reproduced. */
  #uuidsIn(text: string, exchange: TrafficExchange, where: 'path' | 'body'): Rewritten | string {
    let unknown: string | undefined;
    const replaced = text.replace(UUIDS, (uuid) => {
      const mapped = this.mappedUuid(uuid);
      if (mapped !== undefined) return mapped;
      if (uuid.toLowerCase() !== this.#recordedClientId) unknown ??= uuid;
      return uuid;
    });
    // An id the service said it does not know stays unknown to it: sent as recorded.
    if (unknown !== undefined && where === 'path' && exchange.status !== 404) {
      const why = this.#notCreated.get(unknown.toLowerCase());
      return {
        ok: false,
        reason: `request ${exchange.seq} (${exchange.method}) names the event ${unknown}, ${why ?? "which this tenant's traffic never created"}: the replay cannot reproduce it`,
      };
    }
    return replaced;
  }

  #body(text: string): string {
    const json = parseJson(text);
    if (json === null || typeof json !== 'object' || Array.isArray(json)) return text;
    const event = json as Record<string, unknown>;
    if (typeof event.externalId !== 'string') return text;
    return JSON.stringify({ ...event, externalId: this.externalId(event.externalId) });
  }

  rewrite(exchange: TrafficExchange): Rewritten {
    const withHeaders = this.#headers(exchange);
    if (!withHeaders.ok) return withHeaders;
    const url = this.#uuidsIn(exchange.url, exchange, 'path');
    if (typeof url !== 'string') return url;
    const body = this.#uuidsIn(this.#body(exchange.requestBody), exchange, 'body') as string;
    return {
      ok: true,
      request: {
        ...withHeaders.request,
        url: this.#externalIdsInQuery(url),
        body: exchange.requestBody === '' && exchange.method === 'GET' ? undefined : body,
      },
    };
  }

  /** A listing filtered by externalId asks for the re-keyed one. */
  #externalIdsInQuery(url: string): string {
    const [path, query] = url.split('?');
    if (query === undefined) return url;
    const params = new URLSearchParams(query);
    const value = params.get('externalId');
    if (value === null) return url;
    params.set('externalId', this.externalId(value));
    return `${path}?${params}`;
  }
}
