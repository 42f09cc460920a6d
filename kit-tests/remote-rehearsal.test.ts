/**
 * A remote run rehearsed on one machine, end to end: `fei-kit reference` with HTTPS and a simulated
 * latency writes a credentials file, and `fei-kit conformance` pointed at it (KIT_ENV_FILE) trusts the
 * generated certificate and passes; so does a k6 load run (k6 is given the certificate through
 * SSL_CERT_DIR: load/k6-environment.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from '../config/exit-codes.ts';
import { findK6 } from '../load/find-k6.ts';
import { kitCommandArguments } from '../utilities/kit-root.ts';
import { runKit } from '../utilities/test-support/run-kit.ts';
import { expect, test } from './test-support/kit-test.ts';
import { runConformance } from './test-support/run-conformance.ts';

const startReference = (env: Record<string, string>): { child: ChildProcess; output: () => string } => {
  const child = spawn(process.execPath, kitCommandArguments(['reference']), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
};

test('REHEARSAL: fei-kit reference over HTTPS with latency, then conformance --grep @readonly through KIT_ENV_FILE', async () => {
  test.setTimeout(150_000);
  const folder = mkdtempSync(join(tmpdir(), 'rehearsal-'));
  const credentials = join(folder, 'credentials.env');
  const reference = startReference({
    REFERENCE_PORT: '0',
    REFERENCE_HTTPS: 'true',
    REFERENCE_LATENCY_MS: '20-60',
    REFERENCE_CREDENTIALS_FILE: credentials,
  });
  try {
    await expect.poll(reference.output, { timeout: 20_000 }).toMatch(/listening on https:/);
    const run = await runConformance(
      { KIT_IGNORE_DOTENV: 'false', KIT_ENV_FILE: credentials, KIT_OUTPUT_DIR: join(folder, 'output') },
      ['--grep', '@readonly'],
    );
    expect(run.output).toMatch(/conformance: target https:\/\/127\.0\.0\.1:\d+ \(sandbox\)/);
    expect(run.output).toMatch(/\d+ passed/);
    expect(run.output).not.toMatch(/\b[1-9]\d* failed/);
    expect(run.code, run.output).toBe(0);
    for (const token of readFileSync(credentials, 'utf8').match(/svc_test_\S+/g) ?? []) {
      expect(run.output).not.toContain(token);
    }
  } finally {
    reference.child.kill('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  }
});

test('REHEARSAL: fei-kit load rate-limit under the real k6 trusts the rehearsal certificate through TARGET_CA_FILE', async () => {
  test.setTimeout(120_000);
  const k6 = findK6(process.env);
  test.skip(!k6.found, `k6 not found: ${k6.found ? '' : k6.reason}`);
  const folder = mkdtempSync(join(tmpdir(), 'rehearsal-k6-'));
  const credentials = join(folder, 'credentials.env');
  const reference = startReference({
    REFERENCE_PORT: '0',
    REFERENCE_HTTPS: 'true',
    REFERENCE_CREDENTIALS_FILE: credentials,
    RATE_LIMIT_PER_MINUTE: '40',
    RATE_LIMIT_WINDOW_SECONDS: '2',
  });
  try {
    await expect.poll(reference.output, { timeout: 20_000 }).toMatch(/listening on https:/);
    const run = await runKit(['load', 'rate-limit'], {
      ...process.env,
      KIT_IGNORE_DOTENV: 'false',
      KIT_ENV_FILE: credentials,
      LOAD_REPORT_DIR: join(folder, 'load'),
      LOAD_DIST_DIR: join(folder, 'dist'),
    });
    expect(run.output).not.toMatch(/x509|certificate signed by unknown authority/);
    // What the certificate decides: every response came back over TLS with a status the script
    // expects, and the limit was seen. The window counts beside them depend on how busy the machine
    // is (the self-check's rows judge those), so a crossed one may end the run with 1, or with 3 when
    // the load generator fell short of its rate, never with 7.
    expect(run.output).toMatch(/✓ LOAD-EXPECTED-STATUSES:/);
    expect(run.output).toMatch(/✓ RATE-LIMIT-429: traffic at [\d.]+ times the limit is throttled with 429/);
    expect([EXIT.ok, EXIT.deviation, EXIT.couldNotRun], run.output).toContain(run.code);
  } finally {
    reference.child.kill('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  }
});
