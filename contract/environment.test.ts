import { expect, test } from '@playwright/test';
import { decideEnvironment } from './environment.ts';
import { TENANT_VARIABLES } from './variables.ts';

const A = { variable: TENANT_VARIABLES.A.accessToken, token: 'svc_test_a' };
const liveB = { variable: TENANT_VARIABLES.B.accessToken, token: 'svc_live_b' };
const liveA = { variable: TENANT_VARIABLES.A.accessToken, token: 'svc_live_a' };

test('CONTRACT: the environment is the declared one, else the tokens', () => {
  expect(decideEnvironment(undefined, [])).toEqual({ ok: true, environment: 'sandbox' });
  expect(decideEnvironment(undefined, [A])).toEqual({ ok: true, environment: 'sandbox' });
  expect(decideEnvironment(undefined, [liveA, liveB])).toEqual({ ok: true, environment: 'production' });
  expect(decideEnvironment('production', [liveA])).toEqual({ ok: true, environment: 'production' });
  expect(decideEnvironment('production', [])).toEqual({ ok: true, environment: 'production' });
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
