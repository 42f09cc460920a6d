/**
 * A remote run rehearsed on one machine, end to end: `npm run reference` with HTTPS and a simulated
 * latency writes a credentials file, and `npm run conformance` pointed at it (KIT_ENV_FILE) trusts the
 * generated certificate and passes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runConformance } from './test-support/run-conformance.ts';

const startReference = (env: Record<string, string>): { child: ChildProcess; output: () => string } => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'reference/cli.ts'], {
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

test('REHEARSAL: npm run reference over HTTPS with latency, then conformance --grep @readonly through KIT_ENV_FILE', async () => {
  test.setTimeout(150_000);
  const folder = mkdtempSync(join(tmpdir(), 'rehearsal-'));
  const credentials = join(folder, 'credentials.env');
  const reference = startReference({
    PORT: '0',
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
