/**
 * A tenant's recorded traffic as the gate works on it, whatever wrote the HAR (the kit's client
 * certification, a gateway, a browser): each exchange's request and the answer the tenant got.
 */
export interface TrafficExchange {
  /** 1, 2, … in the order the tenant sent them. */
  readonly seq: number;
  readonly method: string;
  /** The path and query, from the service's own path on (`/api/h2h/…?…`), whatever the base was. */
  readonly url: string;
  /** Lower-case names; HTTP/2's pseudo-headers (`:authority`) left out. */
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody: string;
  /** 0: no answer came (the client gave up, or the connection failed). */
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string>>;
  readonly responseBody: string;
  /** A fault the recording layer injected: the answer is not the service's (the kit's own HAR field). */
  readonly fault?: string;
  /** False when the service never saw the request (the kit's own HAR field; true elsewhere). */
  readonly forwarded: boolean;
}

/** One tenant's traffic: a HAR file, or one X-Client-Id of it. */
export interface TenantTraffic {
  /** The file's name, with `#<client id>` when the file holds several tenants. */
  readonly name: string;
  readonly file: string;
  /** The X-Client-Id the tenant sent (undefined when it never sent one). */
  readonly clientId: string | undefined;
  readonly exchanges: readonly TrafficExchange[];
}

/** The path without its query string. */
export const pathOf = (url: string): string => url.split('?')[0] ?? url;
