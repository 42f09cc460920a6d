/**
/**
 * The target-contract variables (the README's table) that point the kit at a running reference server:
 * its base URL, the seeded tenants' credentials and each tenant's own rate limit.
 * They hold tokens: put them in a child's environment or a 0600 file, never in any output.
 */
import {
  CONTRACT_VARIABLES,
  SHARED_LIMIT_VARIABLES,
  TENANT_NAMES,
  TENANT_VARIABLES,
} from '../contract/index.ts';
import type { RateLimitOptions, RunningReferenceServer } from './types.ts';

const wholeWindow = (name: string, limit: RateLimitOptions): number => {
  if (!Number.isInteger(limit.windowSeconds)) {
    throw new Error(
      `${name} must be a whole number in the target contract; this server's window is ${limit.windowSeconds} s`,
    );
  }
  return limit.windowSeconds;
};

export const targetEnvironmentOf = (server: RunningReferenceServer): Record<string, string> => {
  const shared = SHARED_LIMIT_VARIABLES;
  const variables: Record<string, string> = {
    [CONTRACT_VARIABLES.baseUrl]: server.baseUrl,
    [CONTRACT_VARIABLES.environment]: server.environment,
    [shared.requestsPerWindow]: String(server.rateLimit.requestsPerWindow),
    [shared.windowSeconds]: String(wholeWindow(shared.windowSeconds, server.rateLimit)),
  };
  for (const name of TENANT_NAMES) {
    const names = TENANT_VARIABLES[name];
    const tenant = server.tenants[name];
    const limit = server.rateLimits[name] ?? server.rateLimit;
    variables[names.clientId] = tenant.clientId;
    variables[names.accessToken] = tenant.accessToken;
    variables[names.requestsPerWindow] = String(limit.requestsPerWindow);
    variables[names.windowSeconds] = String(wholeWindow(names.windowSeconds, limit));
  }
  variables[CONTRACT_VARIABLES.embeddedTarget] = 'true';
  return variables;
};

/** The same variables as the lines of a `.env` file (Node's process.loadEnvFile reads it back). */
export const toDotEnv = (variables: Record<string, string>): string =>
  `${Object.entries(variables)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n')}\n`;
