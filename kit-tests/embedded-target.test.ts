/**
 * The reference server seen as a target: the variables it hands the run (the global setup,
 * the k6 runner and `fei-kit reference` all use them) are read back by config/ as the same target. It
 * lives here, where the reference and the target contract may meet, so that neither imports the other.
 */

import { readTargetContract } from '../config/index.ts';
import { startReferenceServer, targetEnvironmentOf, toDotEnv } from '../reference/index.ts';
import { expect, test } from './test-support/kit-test.ts';

test.describe('embedded target: the target contract of a running reference server', () => {
  test('targetEnvironmentOf gives every contract variable, and config/ reads them back as the same target', async () => {
    const server = await startReferenceServer({
      environment: 'production',
      rateLimit: { requestsPerWindow: 50, windowSeconds: 5 },
      tenantRateLimits: { RATE_LIMIT: { requestsPerWindow: 7, windowSeconds: 2 } },
    });
    try {
      const variables = targetEnvironmentOf(server);
      expect(Object.keys(variables).sort()).toEqual(
        [
          'KIT_EMBEDDED_TARGET',
          'RATE_LIMIT_ACCESS_TOKEN',
          'RATE_LIMIT_CLIENT_ID',
          'RATE_LIMIT_PER_MINUTE',
          'RATE_LIMIT_WINDOW_SECONDS',
          'TARGET_BASE_URL',
          'TARGET_ENVIRONMENT',
          'TENANT_A_ACCESS_TOKEN',
          'TENANT_A_CLIENT_ID',
          'TENANT_B_ACCESS_TOKEN',
          'TENANT_B_CLIENT_ID',
          'TENANT_A_RATE_LIMIT_PER_MINUTE',
          'TENANT_A_RATE_LIMIT_WINDOW_SECONDS',
          'TENANT_B_RATE_LIMIT_PER_MINUTE',
          'TENANT_B_RATE_LIMIT_WINDOW_SECONDS',
          'RATE_LIMIT_TENANT_PER_MINUTE',
          'RATE_LIMIT_TENANT_WINDOW_SECONDS',
        ].sort(),
      );
      const contract = readTargetContract(variables);
      expect(contract.kind).toBe('remote');
      if (contract.kind !== 'remote') return;
      const { target } = contract;
      expect(target.baseUrl).toBe(server.baseUrl);
      expect(target.embedded).toBe(true);
      expect(target.environment).toBe('production');
      expect(target.tenantA).toEqual({
        name: 'A',
        clientId: server.tenants.A.clientId,
        accessToken: server.tenants.A.accessToken,
      });
      expect(target.tenantB?.clientId).toBe(server.tenants.B.clientId);
      expect(target.rateLimitTenant?.accessToken).toBe(server.tenants.RATE_LIMIT.accessToken);
      expect(target.limits).toEqual({
        A: { requestsPerWindow: 50, windowSeconds: 5 },
        B: { requestsPerWindow: 50, windowSeconds: 5 },
        RATE_LIMIT: { requestsPerWindow: 7, windowSeconds: 2 },
      });
      expect(server.rateLimits.RATE_LIMIT).toEqual({ requestsPerWindow: 7, windowSeconds: 2 });
      expect(toDotEnv(variables)).toContain(`TENANT_A_CLIENT_ID=${server.tenants.A.clientId}\n`);
    } finally {
      await server.close();
    }
  });

  test('a window the contract cannot express is refused rather than silently rounded', async () => {
    const server = await startReferenceServer({ rateLimit: { requestsPerWindow: 5, windowSeconds: 0.5 } });
    try {
      expect(() => targetEnvironmentOf(server)).toThrow(/RATE_LIMIT_WINDOW_SECONDS must be a whole number/);
    } finally {
      await server.close();
    }
    const tenantOnly = await startReferenceServer({
      tenantRateLimits: { B: { requestsPerWindow: 5, windowSeconds: 1.5 } },
    });
    try {
      expect(() => targetEnvironmentOf(tenantOnly)).toThrow(
        /TENANT_B_RATE_LIMIT_WINDOW_SECONDS must be a whole number/,
      );
    } finally {
      await tenantOnly.close();
    }
  });
});
