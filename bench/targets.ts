/**
 * What bench/serve.ts hands the bench over IPC: the two servers' addresses and the credentials of
 * the reference server's tenant A (never printed).
 */
export interface BenchTargets {
  readonly reference: { readonly baseUrl: string; readonly clientId: string; readonly accessToken: string };
  readonly bare: { readonly baseUrl: string };
}

/** Far above any loopback bench: the reference server must not throttle the measurement. */
export const BENCH_RATE_LIMIT = Object.freeze({ requestsPerWindow: 1_000_000_000, windowSeconds: 60 });
