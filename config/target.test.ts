import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  ConfigError,
  describeLimits,
  EMBEDDED_DEFAULT_LIMITS,
  loadTarget,
  mayWrite,
  readTargetContract,
} from './index.ts';

const A_ID = '0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e01';
const B_ID = '6f0a9d2c-8e4b-4f1a-b3c2-1d9e8f7a6b05';
const SANDBOX_TOKEN = 'svc_test_AAAAsecretAAAA';
const LIVE_TOKEN = 'svc_live_BBBBsecretBBBB';

const remote = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  TARGET_BASE_URL: 'https://sandbox.example.test/',
  TENANT_A_CLIENT_ID: A_ID,
  TENANT_A_ACCESS_TOKEN: SANDBOX_TOKEN,
  ...extra,
});

/** The ConfigError's message; any other error, or none, fails the test as it is thrown. */
const errorOf = (env: NodeJS.ProcessEnv): string => {
  try {
    readTargetContract(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

test('CONFIG: no TARGET_BASE_URL means the reference server: budgets that never slow the run, a quick rate-limit tenant', () => {
  const contract = readTargetContract({});
  expect(contract.kind).toBe('embedded');
  if (contract.kind !== 'embedded') return;
  expect(contract.limits).toEqual(EMBEDDED_DEFAULT_LIMITS);
  expect(contract.limits.A.requestsPerWindow / contract.limits.A.windowSeconds).toBeGreaterThanOrEqual(1000);
  expect(contract.limits.RATE_LIMIT.windowSeconds).toBeLessThanOrEqual(5);
  expect(contract.runId).toMatch(/^run-\d{14}-[0-9a-f]{6}$/);
  // A shared limit applies to every tenant, as it always did, with the reference server's short window.
  const custom = readTargetContract({ RATE_LIMIT_PER_MINUTE: '50', RATE_LIMIT_WINDOW_SECONDS: '2' });
  expect(custom.kind === 'embedded' && custom.limits).toEqual({
    A: { requestsPerWindow: 50, windowSeconds: 2 },
    B: { requestsPerWindow: 50, windowSeconds: 2 },
    RATE_LIMIT: { requestsPerWindow: 50, windowSeconds: 2 },
  });
  const sharedOnly = readTargetContract({ RATE_LIMIT_PER_MINUTE: '300' });
  expect(sharedOnly.kind === 'embedded' && sharedOnly.limits.B).toEqual({
    requestsPerWindow: 300,
    windowSeconds: 5,
  });
});

test("CONFIG: a tenant's own limit and window win over the shared ones, variable by variable", () => {
  const target = loadTarget(
    remote({
      RATE_LIMIT_PER_MINUTE: '600',
      TENANT_A_RATE_LIMIT_PER_MINUTE: '5000',
      TENANT_B_RATE_LIMIT_WINDOW_SECONDS: '10',
      RATE_LIMIT_TENANT_PER_MINUTE: '20',
      RATE_LIMIT_TENANT_WINDOW_SECONDS: '1',
    }),
  );
  expect(target.limits).toEqual({
    A: { requestsPerWindow: 5000, windowSeconds: 60 },
    B: { requestsPerWindow: 600, windowSeconds: 10 },
    RATE_LIMIT: { requestsPerWindow: 20, windowSeconds: 1 },
  });
  // Nothing set: the spec's 1000 per minute for every tenant of a deployment.
  expect(loadTarget(remote()).limits.RATE_LIMIT).toEqual({ requestsPerWindow: 1000, windowSeconds: 60 });
  expect(describeLimits(target.limits)).toBe('A 5000 per 60 s, B 600 per 10 s, RATE_LIMIT 20 per 1 s');
  expect(describeLimits(loadTarget(remote()).limits)).toBe('1000 per 60 s per tenant');
  const embedded = readTargetContract({ TENANT_A_RATE_LIMIT_WINDOW_SECONDS: '3' });
  expect(embedded.kind === 'embedded' && embedded.limits.A).toEqual({
    requestsPerWindow: EMBEDDED_DEFAULT_LIMITS.A.requestsPerWindow,
    windowSeconds: 3,
  });
});

test('CONFIG: a full remote contract becomes a frozen Target', () => {
  const target = loadTarget(
    remote({
      TENANT_B_CLIENT_ID: B_ID,
      TENANT_B_ACCESS_TOKEN: 'svc_test_CCCC',
      RATE_LIMIT_CLIENT_ID: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
      RATE_LIMIT_ACCESS_TOKEN: 'svc_test_DDDD',
      KIT_RUN_ID: 'nightly-42',
    }),
  );
  expect(target.baseUrl).toBe('https://sandbox.example.test');
  expect(target.environment).toBe('sandbox');
  expect(target.tenantB?.clientId).toBe(B_ID);
  expect(target.rateLimitTenant?.name).toBe('RATE_LIMIT');
  expect(target.limits.A).toEqual({ requestsPerWindow: 1000, windowSeconds: 60 });
  expect(target.runId).toBe('nightly-42');
  expect(Object.isFrozen(target)).toBe(true);
  expect(Object.isFrozen(target.tenantA)).toBe(true);
  expect(mayWrite(target)).toBe(true);
});

test('CONFIG: the environment comes from TARGET_ENVIRONMENT or the token prefix', () => {
  expect(loadTarget(remote()).environment).toBe('sandbox');
  const live = loadTarget(remote({ TENANT_A_ACCESS_TOKEN: LIVE_TOKEN }));
  expect(live.environment).toBe('production');
  expect(mayWrite(live)).toBe(false);
  expect(
    mayWrite(loadTarget(remote({ TENANT_A_ACCESS_TOKEN: LIVE_TOKEN, ALLOW_PRODUCTION_WRITES: 'true' }))),
  ).toBe(true);
  expect(loadTarget(remote({ TARGET_ENVIRONMENT: 'sandbox' })).environment).toBe('sandbox');
});

test('CONFIG: every malformed value stops the run with one message naming the variable, never the secret', () => {
  const cases: [NodeJS.ProcessEnv, RegExp][] = [
    [remote({ TARGET_BASE_URL: 'ftp://example.test' }), /^TARGET_BASE_URL must be an http/],
    [remote({ TARGET_BASE_URL: 'not a url' }), /^TARGET_BASE_URL/],
    [remote({ TARGET_ENVIRONMENT: 'staging' }), /^TARGET_ENVIRONMENT must be one of: sandbox, production/],
    [
      remote({ TARGET_ENVIRONMENT: 'production' }),
      /TENANT_A_ACCESS_TOKEN is a sandbox token but TARGET_ENVIRONMENT is production/,
    ],
    [remote({ TENANT_A_CLIENT_ID: 'tenant-a' }), /^TENANT_A_CLIENT_ID must be a UUID/],
    [
      remote({ TENANT_A_ACCESS_TOKEN: 'abc123secret' }),
      /^TENANT_A_ACCESS_TOKEN starts with no prefix, not svc_test_ \(sandbox\) or svc_live_ \(production\): set TARGET_ENVIRONMENT/,
    ],
    [
      remote({ TENANT_A_ACCESS_TOKEN: 'th_test_SecretOfA0123' }),
      /^TENANT_A_ACCESS_TOKEN starts with th_test_, not svc_test_ .*set TARGET_ENVIRONMENT/,
    ],
    [
      remote({
        TARGET_ENVIRONMENT: 'sandbox',
        TENANT_A_ACCESS_TOKEN: 'th_test_SecretOfA0123',
        TENANT_B_CLIENT_ID: B_ID,
        TENANT_B_ACCESS_TOKEN: 'th_live_SecretOfB0123',
      }),
      /^TENANT_B_ACCESS_TOKEN belongs to another environment than TENANT_A_ACCESS_TOKEN/,
    ],
    [{ TARGET_BASE_URL: 'https://x.test' }, /TENANT_A_CLIENT_ID and TENANT_A_ACCESS_TOKEN are required/],
    [remote({ TENANT_B_CLIENT_ID: B_ID }), /^TENANT_B_ACCESS_TOKEN is missing/],
    [remote({ TENANT_B_ACCESS_TOKEN: 'svc_test_x' }), /^TENANT_B_CLIENT_ID is missing/],
    [
      remote({ TENANT_B_CLIENT_ID: A_ID, TENANT_B_ACCESS_TOKEN: 'svc_test_x' }),
      /TENANT_B_CLIENT_ID must differ/,
    ],
    [
      remote({ TENANT_B_CLIENT_ID: B_ID, TENANT_B_ACCESS_TOKEN: LIVE_TOKEN }),
      /TENANT_B_ACCESS_TOKEN belongs to another environment/,
    ],
    [remote({ RATE_LIMIT_PER_MINUTE: '0' }), /^RATE_LIMIT_PER_MINUTE must be a positive whole number/],
    [
      remote({ RATE_LIMIT_WINDOW_SECONDS: '1.5' }),
      /^RATE_LIMIT_WINDOW_SECONDS must be a positive whole number/,
    ],
    [
      remote({ TENANT_A_RATE_LIMIT_PER_MINUTE: '-5' }),
      /^TENANT_A_RATE_LIMIT_PER_MINUTE must be a positive whole number/,
    ],
    [
      remote({ TENANT_B_RATE_LIMIT_WINDOW_SECONDS: '0' }),
      /^TENANT_B_RATE_LIMIT_WINDOW_SECONDS must be a positive whole number/,
    ],
    [
      remote({ RATE_LIMIT_TENANT_PER_MINUTE: 'lots' }),
      /^RATE_LIMIT_TENANT_PER_MINUTE must be a positive whole number/,
    ],
    [
      { RATE_LIMIT_TENANT_WINDOW_SECONDS: '2.5' },
      /^RATE_LIMIT_TENANT_WINDOW_SECONDS must be a positive whole number/,
    ],
    [remote({ ALLOW_PRODUCTION_WRITES: 'yes' }), /^ALLOW_PRODUCTION_WRITES must be true or false/],
    [remote({ KIT_RUN_ID: 'has spaces' }), /^KIT_RUN_ID/],
  ];
  // Each case's message read once, in one expect (each expect is a step Playwright reports with its
  // stack): the pattern it must match, one line, and no secret in it.
  const secrets = [SANDBOX_TOKEN, LIVE_TOKEN, 'abc123secret', 'svc_test_x', 'SecretOf'];
  const readings = cases.map(([env, expected]) => {
    const message = errorOf(env);
    return {
      read: {
        message,
        lines: message.split('\n').length,
        secrets: secrets.filter((s) => message.includes(s)),
      },
      want: { message: expect.stringMatching(expected), lines: 1, secrets: [] },
    };
  });
  expect(readings.map(({ read }) => read)).toEqual(readings.map(({ want }) => want));
});

test("CONFIG: with TARGET_ENVIRONMENT, a token of a deployment's own prefix is that environment's, its prefixes in use", () => {
  const target = loadTarget(
    remote({ TARGET_ENVIRONMENT: 'sandbox', TENANT_A_ACCESS_TOKEN: 'th_test_SecretOfA0123' }),
  );
  expect(target.environment).toBe('sandbox');
  expect(target.tokenPrefixes).toEqual({ sandbox: 'th_test_', production: 'th_live_' });
  expect(mayWrite(target)).toBe(true);
  // Production safety follows the decided environment, whatever the prefix says.
  const live = loadTarget(
    remote({ TARGET_ENVIRONMENT: 'production', TENANT_A_ACCESS_TOKEN: 'th_test_SecretOfA0123' }),
  );
  expect(live.environment).toBe('production');
  expect(mayWrite(live)).toBe(false);
  expect(loadTarget(remote()).tokenPrefixes).toEqual({ sandbox: 'svc_test_', production: 'svc_live_' });
});

test('CONFIG: loadTarget refuses a contract with no base URL', () => {
  expect(() => loadTarget({})).toThrow(ConfigError);
});
