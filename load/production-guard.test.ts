import { readTargetContract as readConformanceTarget } from '../config/index.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { productionRefusal } from './lib/production-guard.ts';
import { targetEnvironment } from './lib/target.ts';
import { productionEnv, remoteEnv, TOKENS } from './test-support/env-fixtures.ts';

test.describe('production refusal', () => {
  test('a sandbox target is not refused', () => {
    expect(targetEnvironment(remoteEnv())).toBe('sandbox');
    expect(productionRefusal(remoteEnv(), 'latency')).toBeUndefined();
  });

  test('TARGET_ENVIRONMENT=production is refused, naming the opt-in', () => {
    const refusal = productionRefusal(productionEnv({ TARGET_ENVIRONMENT: 'production' }), 'rate-limit');
    expect(refusal).toContain('refusing to run the rate-limit load script against a production target');
    expect(refusal).toContain('ALLOW_PRODUCTION_LOAD=true');
  });

  test('a svc_live_ token makes the target production, even with no TARGET_ENVIRONMENT', () => {
    expect(targetEnvironment(productionEnv())).toBe('production');
    expect(productionRefusal(productionEnv(), 'latency')).toBeDefined();
  });

  test('tokens of both environments, or against TARGET_ENVIRONMENT, stop the script as the conformance run does', () => {
    // Credentials of one environment do not work in the other: a mixed contract is a mistake, not production.
    const oneLive = remoteEnv({ RATE_LIMIT_ACCESS_TOKEN: 'svc_live_only-this-one' });
    expect(() => productionRefusal(oneLive, 'rate-limit')).toThrow(
      'RATE_LIMIT_ACCESS_TOKEN belongs to another environment than TENANT_A_ACCESS_TOKEN',
    );
    expect(() => targetEnvironment(remoteEnv({ TARGET_ENVIRONMENT: 'production' }))).toThrow(
      'TENANT_A_ACCESS_TOKEN is a sandbox token but TARGET_ENVIRONMENT is production',
    );
    expect(() => readConformanceTarget(oneLive)).toThrow(
      'RATE_LIMIT_ACCESS_TOKEN belongs to another environment than TENANT_A_ACCESS_TOKEN',
    );
  });

  test("production follows the decided environment, not the prefix: a deployment's own th_test_ tokens declared production are refused", () => {
    const own = (env: string) =>
      remoteEnv({
        TARGET_ENVIRONMENT: env,
        TENANT_A_ACCESS_TOKEN: TOKENS.A.replace('svc_test_', 'th_test_'),
        TENANT_B_ACCESS_TOKEN: TOKENS.B.replace('svc_test_', 'th_test_'),
        RATE_LIMIT_ACCESS_TOKEN: TOKENS.RATE_LIMIT.replace('svc_test_', 'th_test_'),
      });
    expect(productionRefusal(own('production'), 'latency')).toContain('against a production target');
    expect(productionRefusal(own('sandbox'), 'latency')).toBeUndefined();
  });

  test('ALLOW_PRODUCTION_LOAD=true, and only that value, allows it', () => {
    expect(productionRefusal(productionEnv({ ALLOW_PRODUCTION_LOAD: 'true' }), 'latency')).toBeUndefined();
    for (const value of ['false', '1', 'yes', 'TRUE', '']) {
      expect(
        productionRefusal(productionEnv({ ALLOW_PRODUCTION_LOAD: value }), 'latency'),
        value,
      ).toBeDefined();
    }
    // The conformance suite's own opt-in does not allow load.
    expect(productionRefusal(productionEnv({ ALLOW_PRODUCTION_WRITES: 'true' }), 'latency')).toBeDefined();
  });

  test('the refusal never quotes a token', () => {
    const refusal = productionRefusal(productionEnv(), 'latency') ?? '';
    for (const token of Object.values(TOKENS)) {
      expect(refusal).not.toContain(token.replace('svc_test_', 'svc_live_'));
    }
    expect(refusal).not.toContain('svc_live_tenant');
  });

  test('a TARGET_ENVIRONMENT outside the contract is an error, not a pass', () => {
    expect(() => productionRefusal(remoteEnv({ TARGET_ENVIRONMENT: 'prod' }), 'latency')).toThrow(
      /TARGET_ENVIRONMENT/,
    );
  });
});
