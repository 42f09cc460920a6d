/**
 * The public shapes of the reference server: what it is started with and what a running one
 * offers. Other parts of the kit code against these names.
 */
import type { Environment } from '../spec/index.ts';
import type { ReferenceBehaviour } from './behaviour.ts';

export interface SeededTenant {
  /** 'A' | 'B' | 'RATE_LIMIT' for the seeded three; other names are allowed for extra tenants. */
  readonly name: string;
  /** The tenant's X-Client-Id, a UUID. */
  readonly clientId: string;
  /** svc_test_… in sandbox, svc_live_… in production. */
  readonly accessToken: string;
  /**
   * Addresses or CIDR ranges the tenant may call from. Sandbox default: loopback (127.0.0.1, ::1 and
   * ::ffff:127.0.0.1). Production default: any address (the portal's ranges are optional).
   */
  readonly allowedIps?: readonly string[];
  /** Production only: the token stops working at this instant. Sandbox tokens never expire. */
  readonly tokenExpiresAt?: Date;
}

export interface RateLimitOptions {
  /** Requests a tenant may make per window (a positive whole number). */
  readonly requestsPerWindow: number;
  /** The window in seconds (may be fractional in tests; the target contract needs a whole number). */
  readonly windowSeconds: number;
}

/**
 * Every option of the reference server, declared once, as the server runs with it: options.ts fills in
 * each default and checks each value. What it is started with (ReferenceServerOptions) and what a
 * running server shows of itself (ReferenceIdentity) are derived from this one declaration.
 */
export interface ReferenceOptions {
  /** Default 'sandbox'. */
  readonly environment: Environment;
  /** Default: A, B and RATE_LIMIT generated fresh (random UUIDs and tokens). Must include those three names. */
  readonly tenants: readonly SeededTenant[];
  /** Default 1000 per 60 s; applies to every tenant separately. */
  readonly rateLimit: RateLimitOptions;
  /** A tenant's own limit, by tenant name (`A`, `B`, `RATE_LIMIT`, …); `rateLimit` for the others. Default none. */
  readonly tenantRateLimits: Readonly<Record<string, RateLimitOptions>>;
  /**
   * Readings of the spec's gaps; default the reference's documented choices (DEFAULT_BEHAVIOUR), under
   * a variant's and a mutant's own. Given in part when the server is started.
   */
  readonly behaviour: ReferenceBehaviour;
  /** A named variant of VARIANTS: its behaviour, overlaid by `behaviour` if both are given. Default none. */
  readonly variant: string | undefined;
  /** A named mutant of MUTANTS: one rule deliberately broken; or a comma list of them. Default none. */
  readonly mutant: string | undefined;
  /**
   * A named deployment of DEPLOYMENTS: a server that behaves as a real deployment documents itself,
   * its variant's readings and its mutants' deviations together. Default none.
   */
  readonly deployment: string | undefined;
  /** Default '127.0.0.1'. */
  readonly host: string;
  /** Default 0 (a free port). */
  readonly port: number;
  /** The server's clock in epoch milliseconds (rate limit, token expiry, timestamps); default Date.now. */
  readonly clock: () => number;
  /** Serve HTTPS with this key and certificate (PEM) instead of HTTP. Default: HTTP. */
  readonly tls: { readonly key: string; readonly cert: string } | undefined;
  /**
   * A simulated network round trip added to every answer, drawn uniformly from minMs to maxMs (equal
   * for a fixed latency). Default: none.
   */
  readonly latency: { readonly minMs: number; readonly maxMs: number } | undefined;
  /**
   * Append every answer (method, path, status, content type, body) as one JSON line to this file
   * (answer-log.ts), an absolute path once resolved. Default: none.
   */
  readonly answersFile: string | undefined;
}

/** What the reference server is started with: any option may be left out for its default, the behaviour given in part. */
export type ReferenceServerOptions = {
  readonly [K in Exclude<keyof ReferenceOptions, 'behaviour'>]?: ReferenceOptions[K];
} & { readonly behaviour?: Partial<ReferenceBehaviour> };

/** What a built or running server shows of the options it runs with. */
export type ReferenceIdentity = Pick<
  ReferenceOptions,
  'environment' | 'rateLimit' | 'behaviour' | 'variant' | 'mutant' | 'deployment'
> & {
  /** Each seeded tenant's limit, by tenant name: its own, else the default. */
  readonly rateLimits: Readonly<Record<string, RateLimitOptions>>;
};

export interface ReferenceTenants {
  readonly A: SeededTenant;
  readonly B: SeededTenant;
  readonly RATE_LIMIT: SeededTenant;
}

export interface RunningReferenceServer extends ReferenceIdentity {
  /** e.g. http://127.0.0.1:41234, or https://… with the tls option */
  readonly baseUrl: string;
  readonly tenants: ReferenceTenants;
  /** Every seeded tenant, the three above first. */
  readonly allTenants: readonly SeededTenant[];
  /** Events stored, for one tenant or all: lets the kit's tests prove a run created nothing. */
  eventCount(clientId?: string): number;
  close(): Promise<void>;
}
