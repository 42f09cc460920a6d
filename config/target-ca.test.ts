import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { ConfigError, caTrustEnvironment, caTrustingDispatcher, loadTarget } from './index.ts';

const contract = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
  TARGET_BASE_URL: 'https://127.0.0.1:8443',
  TENANT_A_CLIENT_ID: '0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e01',
  TENANT_A_ACCESS_TOKEN: 'svc_test_AAAAsecretAAAA',
  ...extra,
});

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

test.describe('CONFIG: TARGET_CA_FILE', () => {
  let folder: string;
  test.beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'target-ca-'));
  });
  test.afterEach(() => rmSync(folder, { recursive: true, force: true }));

  test('unset: nothing extra is trusted', () => {
    const target = loadTarget(contract({}));
    expect(target.caFile).toBeUndefined();
    expect(caTrustEnvironment(target, {})).toEqual({});
    expect(caTrustingDispatcher(target)).toBeUndefined();
  });

  test('a PEM file is resolved to an absolute path and trusted by child processes and this one', async () => {
    const file = join(folder, 'ca.pem');
    writeFileSync(file, PEM);
    const target = loadTarget(contract({ TARGET_CA_FILE: file }));
    expect(target.caFile).toBe(file);
    expect(caTrustEnvironment(target, {})).toEqual({ NODE_EXTRA_CA_CERTS: file });
    expect(caTrustEnvironment(target, { NODE_EXTRA_CA_CERTS: file })).toEqual({ NODE_EXTRA_CA_CERTS: file });
    const dispatcher = caTrustingDispatcher(target);
    expect(dispatcher).toBeDefined();
    await dispatcher?.close();
  });

  test('a file already trusted through NODE_EXTRA_CA_CERTS is kept: both go into one bundle', () => {
    const file = join(folder, 'ca.pem');
    const corporate = join(folder, 'corporate.pem');
    writeFileSync(file, PEM);
    writeFileSync(corporate, PEM.replace('MIIB', 'MIIC'));
    const env = caTrustEnvironment(loadTarget(contract({ TARGET_CA_FILE: file })), {
      NODE_EXTRA_CA_CERTS: corporate,
    });
    const bundle = readFileSync(env.NODE_EXTRA_CA_CERTS as string, 'utf8');
    expect(bundle).toContain('MIIB');
    expect(bundle).toContain('MIIC');
  });

  test('a missing file, or one with no certificate, stops the run with one message', () => {
    const missing = join(folder, 'missing.pem');
    expect(() => loadTarget(contract({ TARGET_CA_FILE: missing }))).toThrow(ConfigError);
    expect(() => loadTarget(contract({ TARGET_CA_FILE: missing }))).toThrow(
      `TARGET_CA_FILE names ${missing}, which cannot be read`,
    );
    const key = join(folder, 'key.pem');
    writeFileSync(key, '-----BEGIN PRIVATE KEY-----\n');
    expect(() => loadTarget(contract({ TARGET_CA_FILE: key }))).toThrow(
      `TARGET_CA_FILE names ${key}, which holds no PEM certificate`,
    );
  });
});
