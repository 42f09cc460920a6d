/** Which requests the recording proxy answers itself instead of forwarding: a token of the other environment. */

import { TOKEN_PREFIXES } from '../contract/index.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { wrongEnvironmentRefusal } from './recording-proxy.ts';

const prefixes = { sandbox: TOKEN_PREFIXES.sandbox, production: TOKEN_PREFIXES.production };

test("a production token is never forwarded to a sandbox run's service, nor a sandbox token to a production one", () => {
  expect(wrongEnvironmentRefusal(`${TOKEN_PREFIXES.production}abc123`, prefixes, 'sandbox')).toBe(
    'a production token is never forwarded to a sandbox service',
  );
  expect(wrongEnvironmentRefusal(`${TOKEN_PREFIXES.sandbox}abc123`, prefixes, 'production')).toBe(
    'a sandbox token is never forwarded to a production service',
  );
});

test("a token of the run's environment, one of no known prefix, or none at all is forwarded", () => {
  expect(wrongEnvironmentRefusal(`${TOKEN_PREFIXES.sandbox}abc123`, prefixes, 'sandbox')).toBeUndefined();
  expect(wrongEnvironmentRefusal('bearer-of-no-prefix', prefixes, 'sandbox')).toBeUndefined();
  expect(wrongEnvironmentRefusal(undefined, prefixes, 'sandbox')).toBeUndefined();
  expect(wrongEnvironmentRefusal('', prefixes, 'production')).toBeUndefined();
});

test("the upstream's own prefixes decide: a th_test_ token is a sandbox's own there, a th_live_ one is refused", () => {
  const upstream = { sandbox: 'th_test_', production: 'th_live_' };
  expect(wrongEnvironmentRefusal('th_test_abc', upstream, 'sandbox')).toBeUndefined();
  expect(wrongEnvironmentRefusal('th_live_abc', upstream, 'sandbox')).toBe(
    'a production token is never forwarded to a sandbox service',
  );
});
