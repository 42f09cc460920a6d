import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { decideEnvironment, environmentOfTokenIn, prefixesInUse } from './environment.ts';
import { TENANT_VARIABLES } from './variables.ts';

const A = { variable: TENANT_VARIABLES.A.accessToken, token: 'svc_test_a' };
const liveB = { variable: TENANT_VARIABLES.B.accessToken, token: 'svc_live_b' };
const liveA = { variable: TENANT_VARIABLES.A.accessToken, token: 'svc_live_a' };
const SPEC = { sandbox: 'svc_test_', production: 'svc_live_' };

/** A deployment's own prefixes: `th_test_` in Sandbox, `th_live_` in Production. */
const thA = { variable: TENANT_VARIABLES.A.accessToken, token: 'th_test_SecretOfTenantA0123' };
const thB = { variable: TENANT_VARIABLES.B.accessToken, token: 'th_test_SecretOfTenantB0123' };
const thLiveB = { variable: TENANT_VARIABLES.B.accessToken, token: 'th_live_SecretOfTenantB0123' };

test('CONTRACT: the environment is the declared one, else the tokens', () => {
  expect(decideEnvironment(undefined, [])).toEqual({ ok: true, environment: 'sandbox', prefixes: SPEC });
  expect(decideEnvironment(undefined, [A])).toEqual({ ok: true, environment: 'sandbox', prefixes: SPEC });
  expect(decideEnvironment(undefined, [liveA, liveB])).toEqual({
    ok: true,
    environment: 'production',
    prefixes: SPEC,
  });
  expect(decideEnvironment('production', [liveA])).toMatchObject({ ok: true, environment: 'production' });
  expect(decideEnvironment('production', [])).toEqual({
    ok: true,
    environment: 'production',
    prefixes: SPEC,
  });
});

test('CONTRACT: tokens of both environments, or against the declared one, are a configuration error in one line', () => {
  const mixed = decideEnvironment(undefined, [A, liveB]);
  expect(mixed).toEqual({
    ok: false,
    message:
      'TENANT_B_ACCESS_TOKEN belongs to another environment than TENANT_A_ACCESS_TOKEN: credentials of one environment do not work in the other',
  });
  expect(decideEnvironment('sandbox', [liveA])).toMatchObject({
    ok: false,
    message: expect.stringContaining(
      'TENANT_A_ACCESS_TOKEN is a production token but TARGET_ENVIRONMENT is sandbox',
    ),
  });
  expect(decideEnvironment('prod', [A])).toEqual({
    ok: false,
    message: 'TARGET_ENVIRONMENT must be one of: sandbox, production',
  });
  for (const decision of [mixed, decideEnvironment('sandbox', [liveA])]) {
    expect(JSON.stringify(decision)).not.toContain('svc_live_a');
    expect(JSON.stringify(decision)).not.toContain('svc_live_b');
  }
});

test("CONTRACT: a token of a deployment's own prefix is that of the declared environment, with its prefixes in use", () => {
  expect(decideEnvironment('sandbox', [thA, thB])).toEqual({
    ok: true,
    environment: 'sandbox',
    prefixes: { sandbox: 'th_test_', production: 'th_live_' },
  });
  expect(decideEnvironment('production', [{ ...thA, token: 'th_live_Secret0123' }])).toEqual({
    ok: true,
    environment: 'production',
    prefixes: { sandbox: 'th_test_', production: 'th_live_' },
  });
  // A prefix without test or live: the other environment's is the spec's; no prefix at all: none.
  expect(prefixesInUse('sandbox', [{ ...thA, token: 'acme_sbx_Secret0123' }])).toEqual({
    sandbox: 'acme_sbx_',
    production: 'svc_live_',
  });
  expect(prefixesInUse('sandbox', [{ ...thA, token: 'Secret0123Secret0123' }])).toEqual({
    sandbox: '',
    production: 'svc_live_',
  });
  // A token of the spec's own prefix beside the deployment's, in the declared environment, is fine.
  expect(decideEnvironment('sandbox', [thA, { ...thB, token: 'svc_test_b0123' }])).toMatchObject({
    ok: true,
  });
});

test('CONTRACT: without TARGET_ENVIRONMENT a token of another prefix stops the run with one line asking for it', () => {
  const decision = decideEnvironment(undefined, [thA]);
  expect(decision).toEqual({
    ok: false,
    message:
      'TENANT_A_ACCESS_TOKEN starts with th_test_, not svc_test_ (sandbox) or svc_live_ (production): set TARGET_ENVIRONMENT to sandbox or production to say which environment its deployment is',
  });
  const bare = decideEnvironment(undefined, [{ ...thA, token: 'Secret0123Secret0123' }]);
  expect(bare).toMatchObject({ ok: false, message: expect.stringContaining('starts with no prefix') });
  for (const refused of [decision, bare]) {
    expect(JSON.stringify(refused)).not.toContain('SecretOf');
    expect(JSON.stringify(refused)).not.toContain('Secret0123');
  }
});

test('CONTRACT: two prefixes equal but for test and live are tokens of both environments', () => {
  const mixed = decideEnvironment('sandbox', [thA, thLiveB]);
  expect(mixed).toEqual({
    ok: false,
    message:
      'TENANT_B_ACCESS_TOKEN belongs to another environment than TENANT_A_ACCESS_TOKEN: credentials of one environment do not work in the other',
  });
  expect(JSON.stringify(mixed)).not.toContain('SecretOf');
});

test("CONTRACT: a token's environment by the prefixes in use, else by the spec's", () => {
  const th = { sandbox: 'th_test_', production: 'th_live_' };
  expect(environmentOfTokenIn('th_test_x0123', th)).toBe('sandbox');
  expect(environmentOfTokenIn('th_live_x0123', th)).toBe('production');
  expect(environmentOfTokenIn('svc_live_x0123', th)).toBe('production');
  expect(environmentOfTokenIn('other_x0123', th)).toBeUndefined();
  expect(environmentOfTokenIn('svc_test_x0123', SPEC)).toBe('sandbox');
  expect(environmentOfTokenIn('Secret0123', { sandbox: '', production: 'svc_live_' })).toBeUndefined();
});
