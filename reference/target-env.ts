/**
 * The target-contract variables (the README's table) that point the kit at a running reference server.
 * They hold tokens: put them in a child's environment or a 0600 file, never in any output.
 */
import type { RunningReferenceServer } from './types.ts';

export const targetEnvironmentOf = (server: RunningReferenceServer): Record<string, string> => {
  const { requestsPerWindow, windowSeconds } = server.rateLimit;
  if (!Number.isInteger(windowSeconds)) {
    throw new Error(
      `RATE_LIMIT_WINDOW_SECONDS must be a whole number in the target contract; this server's window is ${windowSeconds} s`,
    );
  }
  const { A, B, RATE_LIMIT } = server.tenants;
  return {
    TARGET_BASE_URL: server.baseUrl,
    TARGET_ENVIRONMENT: server.environment,
    TENANT_A_CLIENT_ID: A.clientId,
    TENANT_A_ACCESS_TOKEN: A.accessToken,
    TENANT_B_CLIENT_ID: B.clientId,
    TENANT_B_ACCESS_TOKEN: B.accessToken,
    RATE_LIMIT_CLIENT_ID: RATE_LIMIT.clientId,
    RATE_LIMIT_ACCESS_TOKEN: RATE_LIMIT.accessToken,
    RATE_LIMIT_PER_MINUTE: String(requestsPerWindow),
    RATE_LIMIT_WINDOW_SECONDS: String(windowSeconds),
    KIT_EMBEDDED_TARGET: 'true',
  };
};

/** The same variables as the lines of a `.env` file (Node's process.loadEnvFile reads it back). */
export const toDotEnv = (variables: Record<string, string>): string =>
  `${Object.entries(variables)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n')}\n`;
