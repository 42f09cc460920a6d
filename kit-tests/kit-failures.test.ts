/**
 * The kit's own failure is never the service's, and the service's is never the kit's. Each case runs
 * `fei-kit conformance` as a user would and provokes one of them: an output folder that cannot be
 * written (exit 8), Playwright dying under the kit (7), a certificate that cannot be written (7); and
 * a release that answers as the service but broke its error bodies, which is judged (1, naming
 * ERROR-BODY-SHAPE), not sent away as a wrong URL (3).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EXIT } from '../config/index.ts';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import type { Certificate } from '../reports/certificate/certificate.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { expect, test } from './test-support/kit-test.ts';
import { startMisbehavingTarget } from './test-support/misbehaving-target.ts';
import { runConformance } from './test-support/run-conformance.ts';

test.describe.configure({ timeout: 180_000 });

const outputDir = () => mkdtempSync(join(tmpdir(), 'kit-failures-'));
const ONE_CHECK = ['--grep', 'RETRIEVE-UNKNOWN-404|AUTH-TOKEN-MISSING', '--workers=1'];

/** Calls `then` once the run's Playwright has started its checks. */
const whenRunning = (output: () => string, then: () => void): void => {
  const poll = async () => {
    while (!/Running \d+ tests?/.test(output())) await sleep(50);
    then();
  };
  void poll();
};

test('KIT FAILURE: an output folder that cannot be written exits 8 in one line, before any request', async () => {
  const file = join(outputDir(), 'a-file');
  writeFileSync(file, '');
  const run = await runConformance({ KIT_OUTPUT_DIR: join(file, 'outputs') }, ONE_CHECK);
  expect(run.code, run.output).toBe(EXIT.outputUnwritable);
  expect(run.output.trim()).toMatch(
    /^conformance: OUTPUT NOT WRITABLE: .*a-file\/outputs cannot be written \(ENOTDIR\): point KIT_OUTPUT_DIR at a folder the kit may write; nothing was sent$/,
  );
});

test('KIT FAILURE: Playwright killed under the kit exits 7, never 1 or 3', async () => {
  const env = { KIT_OUTPUT_DIR: outputDir() };
  const run = await runConformance(env, ['--workers=1'], (child, output) =>
    whenRunning(output, () => {
      // The Playwright runner is the wrapper's child (in a process group of its own): kill it hard,
      // as an out-of-memory killer would.
      const runner = execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' }).trim();
      for (const pid of runner.split('\n')) process.kill(-Number(pid), 'SIGKILL');
    }),
  );
  expect(run.code, run.output).toBe(EXIT.kitFailure);
  expect(run.output).toMatch(
    /conformance: KIT FAILURE: Playwright ended \(exit \d+\) without writing its results to .*results\.json: the kit failed, not the target/,
  );
  expect(run.output).not.toMatch(/DEVIATION|COULD NOT RUN/);
});

test('KIT FAILURE: a certificate that cannot be written exits 7, after the checks ran', async () => {
  const env = { KIT_OUTPUT_DIR: outputDir() };
  const certificateFolder = outputPaths(env).certificate;
  const run = await runConformance(env, ONE_CHECK, (_child, output) =>
    // A file where the certificate's folder goes: the certificate cannot be written.
    whenRunning(output, () => writeFileSync(certificateFolder, 'in the way')),
  );
  expect(run.code, run.output).toBe(EXIT.kitFailure);
  expect(run.output).toMatch(/conformance: certificate not written: /);
  expect(run.output).toMatch(/conformance: KIT FAILURE: no certificate could be written/);
});

test('ERROR-BODY-SHAPE: a release whose 404 lacks errorCode is judged (exit 1 naming ERROR-BODY-SHAPE), not sent to check its URL', async () => {
  const server = await startReferenceServer();
  const proxy = await startMisbehavingTarget({
    kind: 'proxy',
    upstream: server.baseUrl,
    notFoundWithoutErrorCode: true,
  });
  try {
    const env = { ...targetEnvironmentOf(server), TARGET_BASE_URL: proxy.url, KIT_OUTPUT_DIR: outputDir() };
    const run = await runConformance(env, ONE_CHECK);
    expect(run.code, run.output).toBe(EXIT.deviation);
    expect(run.output).toMatch(
      /conformance: preflight: the target answers as the service \(404 for an unknown uuid, 401 without a token, 400 for a malformed client id\), but its 404 is application\/json/,
    );
    expect(run.output).toMatch(/conformance: DEVIATION: the target broke .*ERROR-BODY-SHAPE/);
    const certificate = JSON.parse(
      readFileSync(join(outputPaths(env).certificate, 'certificate.json'), 'utf8'),
    ) as Certificate;
    const rule = (id: string) => certificate.rules.find((entry) => entry.id === id);
    expect(rule('ERROR-BODY-SHAPE')?.verdict).toBe('failed');
    // What its bodies do not spoil is still checked: the 401 of a missing token keeps its body, and
    // the checks of it that met no 404 pass. Those that met one stopped there, before judging the
    // token: the rule is not established, never passed, and says why.
    const tokenMissing = rule('AUTH-TOKEN-MISSING');
    expect(tokenMissing?.counts.passed).toBeGreaterThan(0);
    if (tokenMissing?.tests.some((check) => check.status === 'failed')) {
      expect(tokenMissing.verdict).toBe('inconclusive');
      expect(tokenMissing.reason).toMatch(/stopped at violations of ERROR-BODY-SHAPE before judging it/);
    } else expect(tokenMissing?.verdict).toBe('passed');
  } finally {
    await proxy.close();
    await server.close();
  }
});
