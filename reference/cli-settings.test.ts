/**
 * The settings of `fei-kit reference` (cli-settings.ts): the defaults, the port read only from its own
 * name, and every setting read and checked, a bad one refused in words that name it.
 */
import { join, resolve } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { readSettings } from './cli-settings.ts';

const PROJECT_ROOT = resolve(import.meta.dirname, '..');
/** Where readSettings is told the credentials go unless REFERENCE_CREDENTIALS_FILE says. */
const DEFAULT_CREDENTIALS_FILE = join(PROJECT_ROOT, 'some-output', 'reference', 'credentials.env');

test.describe('reference: the settings of fei-kit reference', () => {
  test('defaults: port 8080, sandbox, 1000 per 60 s, the credentials where the caller says', () => {
    expect(readSettings({}, DEFAULT_CREDENTIALS_FILE)).toEqual({
      port: 8080,
      environment: 'sandbox',
      requestsPerWindow: 1000,
      windowSeconds: 60,
      tenantRateLimits: {
        A: { requestsPerWindow: 1000, windowSeconds: 60 },
        B: { requestsPerWindow: 1000, windowSeconds: 60 },
        RATE_LIMIT: { requestsPerWindow: 1000, windowSeconds: 60 },
      },
      variant: undefined,
      mutant: undefined,
      credentialsFile: DEFAULT_CREDENTIALS_FILE,
      https: false,
      latency: undefined,
      certificateFile: join(PROJECT_ROOT, 'some-output', 'reference', 'reference-certificate.pem'),
    });
  });

  test('the port is REFERENCE_PORT (or --port): a bare PORT, which platforms set for their own servers, is not read', () => {
    expect(readSettings({ PORT: '9999' }, DEFAULT_CREDENTIALS_FILE).port).toBe(8080);
    expect(readSettings({ PORT: '9999', REFERENCE_PORT: '9090' }, DEFAULT_CREDENTIALS_FILE).port).toBe(9090);
  });

  test('every setting is read and checked', () => {
    expect(
      readSettings(
        {
          REFERENCE_PORT: '0',
          REFERENCE_ENVIRONMENT: 'production',
          RATE_LIMIT_PER_MINUTE: '50',
          RATE_LIMIT_WINDOW_SECONDS: '5',
          TENANT_A_RATE_LIMIT_PER_MINUTE: '5000',
          RATE_LIMIT_TENANT_PER_MINUTE: '20',
          RATE_LIMIT_TENANT_WINDOW_SECONDS: '2',
          REFERENCE_VARIANT: 'token-bucket',
          REFERENCE_MUTANT: 'rate-limit-removed',
          REFERENCE_CREDENTIALS_FILE: 'x/creds.env',
          REFERENCE_HTTPS: 'true',
          REFERENCE_LATENCY_MS: '80-160',
        },
        DEFAULT_CREDENTIALS_FILE,
      ),
    ).toEqual({
      port: 0,
      environment: 'production',
      requestsPerWindow: 50,
      windowSeconds: 5,
      tenantRateLimits: {
        A: { requestsPerWindow: 5000, windowSeconds: 5 },
        B: { requestsPerWindow: 50, windowSeconds: 5 },
        RATE_LIMIT: { requestsPerWindow: 20, windowSeconds: 2 },
      },
      variant: 'token-bucket',
      mutant: 'rate-limit-removed',
      credentialsFile: resolve('x/creds.env'),
      https: true,
      latency: { minMs: 80, maxMs: 160 },
      certificateFile: resolve('x/reference-certificate.pem'),
    });
    expect(readSettings({ REFERENCE_LATENCY_MS: '120' }, DEFAULT_CREDENTIALS_FILE).latency).toEqual({
      minMs: 120,
      maxMs: 120,
    });
    expect(readSettings({ REFERENCE_LATENCY_MS: '0' }, DEFAULT_CREDENTIALS_FILE).latency).toBeUndefined();
    expect(readSettings({ REFERENCE_HTTPS: 'false' }, DEFAULT_CREDENTIALS_FILE).https).toBe(false);
    const bad: [Record<string, string>, RegExp][] = [
      [{ REFERENCE_PORT: 'abc' }, /^REFERENCE_PORT must be a whole number from 0 to 65535; got "abc"$/],
      [{ REFERENCE_PORT: '70000' }, /^REFERENCE_PORT must be a whole number/],
      [{ REFERENCE_PORT: '-1' }, /^REFERENCE_PORT must be a whole number/],
      [{ REFERENCE_PORT: '80.5' }, /^REFERENCE_PORT must be a whole number/],
      [{ REFERENCE_ENVIRONMENT: 'staging' }, /^REFERENCE_ENVIRONMENT must be one of sandbox, production/],
      [{ RATE_LIMIT_PER_MINUTE: '-5' }, /^RATE_LIMIT_PER_MINUTE must be a whole number/],
      [{ RATE_LIMIT_PER_MINUTE: '0' }, /^RATE_LIMIT_PER_MINUTE must be a whole number/],
      [{ RATE_LIMIT_WINDOW_SECONDS: '0' }, /^RATE_LIMIT_WINDOW_SECONDS must be a whole number/],
      [{ TENANT_B_RATE_LIMIT_PER_MINUTE: '1e3' }, /^TENANT_B_RATE_LIMIT_PER_MINUTE must be a whole number/],
      [{ RATE_LIMIT_TENANT_WINDOW_SECONDS: '0' }, /^RATE_LIMIT_TENANT_WINDOW_SECONDS must be a whole number/],
      [{ REFERENCE_MUTANT: 'nope' }, /^Unknown reference mutant "nope". Known mutants: /],
      [{ REFERENCE_VARIANT: 'nope' }, /^Unknown reference variant "nope". Known variants: /],
      [{ REFERENCE_HTTPS: 'yes' }, /^REFERENCE_HTTPS must be true or false; got "yes"$/],
      [
        { REFERENCE_LATENCY_MS: 'fast' },
        /^REFERENCE_LATENCY_MS must be whole milliseconds, fixed \(120\) or a range/,
      ],
      [{ REFERENCE_LATENCY_MS: '160-80' }, /^REFERENCE_LATENCY_MS must be whole milliseconds/],
      [{ REFERENCE_LATENCY_MS: '1.5' }, /^REFERENCE_LATENCY_MS must be whole milliseconds/],
      [{ REFERENCE_LATENCY_MS: '60001' }, /^REFERENCE_LATENCY_MS must be whole milliseconds/],
    ];
    for (const [env, message] of bad)
      expect(() => readSettings(env, DEFAULT_CREDENTIALS_FILE), JSON.stringify(env)).toThrow(message);
  });
});
