/**
 * Target-contract environments for the kit tests of load/: made-up sandbox credentials (never real
 * ones), a remote target that nothing listens on, and helpers to vary them.
 */

export const TOKENS = Object.freeze({
  A: 'svc_test_tenantA-secret-3f9c1d',
  B: 'svc_test_tenantB-secret-8a2e77',
  RATE_LIMIT: 'svc_test_ratelimit-secret-5b0c42',
});

export const CLIENT_IDS = Object.freeze({
  A: '0f8fad5b-d9cb-469f-a165-70867728950e',
  B: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  RATE_LIMIT: '16fd2706-8baf-433b-82eb-8c7fada847da',
});

/** A remote sandbox target with all three tenants, 10 requests per 5 s window, on a closed port. */
export const remoteEnv = (overrides: Record<string, string | undefined> = {}): Record<string, string> => {
  const env: Record<string, string | undefined> = {
    TARGET_BASE_URL: 'http://127.0.0.1:9',
    TENANT_A_CLIENT_ID: CLIENT_IDS.A,
    TENANT_A_ACCESS_TOKEN: TOKENS.A,
    TENANT_B_CLIENT_ID: CLIENT_IDS.B,
    TENANT_B_ACCESS_TOKEN: TOKENS.B,
    RATE_LIMIT_CLIENT_ID: CLIENT_IDS.RATE_LIMIT,
    RATE_LIMIT_ACCESS_TOKEN: TOKENS.RATE_LIMIT,
    RATE_LIMIT_PER_MINUTE: '10',
    RATE_LIMIT_WINDOW_SECONDS: '5',
    KIT_RUN_ID: 'run-loadtest-1',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
};

/** The same target with production (svc_live_) tokens. */
export const productionEnv = (overrides: Record<string, string | undefined> = {}): Record<string, string> =>
  remoteEnv({
    TENANT_A_ACCESS_TOKEN: TOKENS.A.replace('svc_test_', 'svc_live_'),
    TENANT_B_ACCESS_TOKEN: TOKENS.B.replace('svc_test_', 'svc_live_'),
    RATE_LIMIT_ACCESS_TOKEN: TOKENS.RATE_LIMIT.replace('svc_test_', 'svc_live_'),
    ...overrides,
  });
