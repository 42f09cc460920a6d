/**
/**
 * The target-contract variables (the README's table) that point the kit at a running reference server:
 * its base URL, the seeded tenants' credentials and each tenant's own rate limit.
 * They hold tokens: put them in a child's environment or a 0600 file, never in any output.
 */
import type { RateLimitOptions, RunningReferenceServer } from './types.ts';

/** Each seeded tenant's variable prefix for its credentials, and the names of its own limit. */
const TENANT_VARIABLES = {
  A: {
    prefix: 'TENANT_A',
    limit: 'TENANT_A_RATE_LIMIT_PER_MINUTE',
    window: 'TENANT_A_RATE_LIMIT_WINDOW_SECONDS',
  },
  B: {
    prefix: 'TENANT_B',
    limit: 'TENANT_B_RATE_LIMIT_PER_MINUTE',
    window: 'TENANT_B_RATE_LIMIT_WINDOW_SECONDS',
  },
  RATE_LIMIT: {
    prefix: 'RATE_LIMIT',
    limit: 'RATE_LIMIT_TENANT_PER_MINUTE',
    window: 'RATE_LIMIT_TENANT_WINDOW_SECONDS',
  },
} as const;

const wholeWindow = (name: string, limit: RateLimitOptions): number => {
  if (!Number.isInteger(limit.windowSeconds)) {
    throw new Error(
      `${name} must be a whole number in the target contract; this server's window is ${limit.windowSeconds} s`,
    );
  }
  return limit.windowSeconds;
};

export const targetEnvironmentOf = (server: RunningReferenceServer): Record<string, string> => {
  const variables: Record<string, string> = {
    TARGET_BASE_URL: server.baseUrl,
    TARGET_ENVIRONMENT: server.environment,
    RATE_LIMIT_PER_MINUTE: String(server.rateLimit.requestsPerWindow),
    RATE_LIMIT_WINDOW_SECONDS: String(wholeWindow('RATE_LIMIT_WINDOW_SECONDS', server.rateLimit)),
  };
  for (const [name, names] of Object.entries(TENANT_VARIABLES)) {
    const tenant = server.tenants[name as keyof typeof TENANT_VARIABLES];
    const limit = server.rateLimits[name] ?? server.rateLimit;
    variables[`${names.prefix}_CLIENT_ID`] = tenant.clientId;
    variables[`${names.prefix}_ACCESS_TOKEN`] = tenant.accessToken;
    variables[names.limit] = String(limit.requestsPerWindow);
    variables[names.window] = String(wholeWindow(names.window, limit));
  }
  variables.KIT_EMBEDDED_TARGET = 'true';
  return variables;
};

/** The same variables as the lines of a `.env` file (Node's process.loadEnvFile reads it back). */
export const toDotEnv = (variables: Record<string, string>): string =>
  `${Object.entries(variables)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n')}\n`;
