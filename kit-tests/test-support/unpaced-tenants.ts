/**
 * Limits for the reference server's tenants A and B that no kit test's run comes near: handed to the
 * run by the server's own contract, they keep the run from pacing those tenants, where the pacing is
 * not what a test is about and would only spread its requests over more seconds.
 */
export const UNPACED_TENANTS = {
  A: { requestsPerWindow: 100_000, windowSeconds: 10 },
  B: { requestsPerWindow: 100_000, windowSeconds: 10 },
} as const;
