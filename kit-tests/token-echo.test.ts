/**
 * A deployment that echoes the token back (an error page quoting the request, a debugging proxy) in
 * every encoding: plain, URL-encoded, base64 at each alignment, base64url, in headers and bodies. The
 * suite runs against it, and no output of the run holds any form of any token, nor a part of one:
 * not the JSON and JUnit reports, the Allure results, the certificate, the observations, the console.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from '../config/index.ts';
import { LOOPBACK_ADDRESSES, startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import { scanFiles } from '../reports/secret-scan/secret-scan.ts';
import { expect, test } from './test-support/kit-test.ts';
import { startMisbehavingTarget } from './test-support/misbehaving-target.ts';
import { runConformance } from './test-support/run-conformance.ts';

test.setTimeout(240_000);

/** Tokens whose URL encoding and base64 differ from the text: `+`, `/` and `=` inside. */
const tokenOf = (name: string) => `svc_test_${name}+Ech0/Tok3n=${crypto.randomUUID().replace(/-/g, '')}`;

test('TOKEN-ECHO: a token echoed in every encoding leaves no trace in any output of the run', async () => {
  const tenants = (['A', 'B', 'RATE_LIMIT'] as const).map((name) => ({
    name,
    clientId: crypto.randomUUID(),
    accessToken: tokenOf(name.replace('_', '')),
    allowedIps: LOOPBACK_ADDRESSES,
  }));
  const server = await startReferenceServer({ tenants });
  const proxy = await startMisbehavingTarget({ kind: 'proxy', upstream: server.baseUrl, echoToken: true });
  try {
    const output = mkdtempSync(join(tmpdir(), 'kit-token-echo-'));
    // The property's one run writes every kind of output its many would: its runs, seed and exchanges.
    const env = {
      ...targetEnvironmentOf(server),
      TARGET_BASE_URL: proxy.url,
      KIT_OUTPUT_DIR: output,
      FC_RUNS: '1',
    };
    // Checks that fail (the echo breaks nothing, but an unknown token's answer quotes it in the title
    // of a failure) and pass, observations, and a property: every kind of output there is.
    const run = await runConformance(env, [
      '--grep',
      '@auth|GAP-MALFORMED-JSON|RETRIEVE-RETURNS-EVENT: GET by uuid|VAL-ALL-FAILURES: every invalid',
    ]);
    expect([EXIT.ok, EXIT.deviation], run.output).toContain(run.code);
    writeFileSync(join(output, 'console.log'), run.output);
    const secrets = tenants.map((t) => t.accessToken);
    const { files, hits } = scanFiles([output], secrets);
    expect(files.length).toBeGreaterThan(10);
    expect(hits).toEqual([]);
    // The echo really happened: the proxy quoted the tokens in what it answered.
    expect(proxy.requests.length).toBeGreaterThan(50);
  } finally {
    await proxy.close();
    await server.close();
  }
});
