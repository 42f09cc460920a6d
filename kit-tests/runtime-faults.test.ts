/**
 * A deployment that is slow, restarting, expiring or refusing the caller is not one that breaks rules:
 * each case runs `fei-kit conformance` as a user would against the reference server behind a proxy
 * that adds one such fault (self-check/fault-proxy.ts), and asserts the exit code, the certificate's
 * section and the one console line that names the cause, from the requests the proxy saw. No time is
 * asserted.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { EXIT } from '../config/index.ts';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import type { Certificate } from '../reports/certificate/certificate.ts';
import { testOutcomes } from '../run-records/check-record-reader.ts';
import { type Fault, startFaultProxy } from '../self-check/fault-proxy.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { expect, test } from './test-support/kit-test.ts';
import { runCliInProcess } from './test-support/run-cli-in-process.ts';
import { runConformance } from './test-support/run-conformance.ts';
import { UNPACED_TENANTS } from './test-support/unpaced-tenants.ts';

test.describe.configure({ timeout: 240_000 });

/**
 * The reference server behind a fault, with the contract of its tenants pointing at the proxy. Tenants
 * A and B get limits the run never comes near: pacing them to the spec's 1000 a minute only spread the
 * checks' requests over more seconds, and no fault here is about the rate limit.
 */
const behindFault = async (fault: (tenantAToken: string) => Fault) => {
  const server = await startReferenceServer({ tenantRateLimits: UNPACED_TENANTS });
  const proxy = await startFaultProxy(server.baseUrl, fault(server.tenants.A.accessToken));
  const env = {
    ...targetEnvironmentOf(server),
    TARGET_BASE_URL: proxy.baseUrl,
    KIT_OUTPUT_DIR: mkdtempSync(join(tmpdir(), 'kit-runtime-faults-')),
  };
  const certificate = () =>
    JSON.parse(readFileSync(join(outputPaths(env).certificate, 'certificate.json'), 'utf8')) as Certificate;
  return {
    server,
    proxy,
    env,
    certificate,
    close: async () => {
      await proxy.close();
      await server.close();
    },
  };
};

/**
 * The checks of one rule, which send about two hundred requests, nearly all POSTs: past the 60th, where
 * the restart and the expiry begin, they still have many to send, and a POST meets the window.
 */
const VALIDATION = ['--grep', '@VAL-AMOUNT-POSITIVE'];

test('RUNTIME: a 2 s restart window of 503 + Retry-After with a part 7.1 body is said as unavailability, never a deviation', async () => {
  const setup = await behindFault(() => ({ kind: 'restart', afterRequests: 60, forMs: 2_000 }));
  try {
    const run = await runConformance(setup.env, VALIDATION);
    expect(setup.proxy.counts().faulted, 'the window was met').toBeGreaterThan(0);
    expect(run.output).not.toContain('DEVIATION');
    const certificate = setup.certificate();
    expect(certificate.unavailable.length, run.output).toBeGreaterThan(0);
    expect(certificate.unavailable[0]?.what.join(' ')).toContain('HTTP 503 with Retry-After: 2');
    expect(run.output).toMatch(
      /UNAVAILABLE: the deployment was unavailable from \S+ for [\d.]+ s \(HTTP 503/,
    );
    expect(certificate.rules.filter((rule) => rule.verdict === 'failed')).toEqual([]);
    // Exit 3 exactly when a rule is left not established by the window (a POST met it), else 0.
    const unestablished = certificate.rules.some((rule) => rule.verdict === 'inconclusive');
    expect(run.code, run.output).toBe(unestablished ? EXIT.couldNotRun : EXIT.ok);
    if (unestablished)
      expect(JSON.stringify(certificate.rules)).toMatch(/not run: the deployment was unavailable/);
  } finally {
    await setup.close();
  }
});

/**
 * One check run behind a 2 s window of 503 that opens at the first request of `method` carrying an
 * event (a check's, never the preflight's): a deterministic place in the check, whatever the timing.
 */
const windowAtFirst = async (method: string, grep: string) => {
  const setup = await behindFault(() => ({
    kind: 'restart',
    afterRequests: 0,
    forMs: 2_000,
    opensOn: method,
  }));
  try {
    const run = await runConformance(setup.env, ['--grep', grep]);
    const results = JSON.parse(readFileSync(outputPaths(setup.env).results, 'utf8')) as JSONReport;
    return {
      run,
      sent: setup.proxy.carryingEvents(method),
      certificate: setup.certificate(),
      checks: testOutcomes(results),
    };
  } finally {
    await setup.close();
  }
};

test('RUNTIME: a check that starts afresh whose POST met a 2 s window of 503 is run again whole once the deployment is back, and passes: exit 0', async () => {
  const { run, sent, certificate, checks } = await windowAtFirst(
    'POST',
    'VAL-AMOUNT-POSITIVE: POST with amount zero',
  );
  // The check's one POST: its first attempt met the window, its second was forwarded.
  expect(sent, 'one POST met the window, one was sent again').toEqual({ faulted: 1, forwarded: 1 });
  expect(run.code, run.output).toBe(EXIT.ok);
  expect(run.output).toMatch(/UNAVAILABLE: the deployment was unavailable from \S+ for [\d.]+ s \(HTTP 503/);
  expect(run.output).toMatch(/1 check that starts afresh was run again whole once it was back/);
  expect(certificate.unavailable).toHaveLength(1);
  expect(certificate.runAgain?.map((finding) => finding.check)).toEqual([checks[0]?.fullTitle]);
  expect(certificate.rules.find((rule) => rule.id === 'VAL-AMOUNT-POSITIVE')?.verdict).toBe('passed');
  expect(checks).toHaveLength(1);
  expect(checks[0]).toMatchObject({ status: 'passed', attempts: 1, notRun: undefined });
  expect(checks[0]?.runAgain).toMatch(
    /a POST of its first attempt met the deployment's unavailability from \S+ for [\d.]+ s \(HTTP 503 with Retry-After: 2\)/,
  );
});

test('RUNTIME: a check not declared to start afresh whose PUT met the window is not run again: not established, exit 3', async () => {
  const { run, sent, certificate, checks } = await windowAtFirst(
    'PUT',
    'UPDATE-UNKNOWN-404: PUT of an unknown uuid',
  );
  expect(sent, 'the PUT met the window and was not sent again').toEqual({ faulted: 1, forwarded: 0 });
  expect(run.code, run.output).toBe(EXIT.couldNotRun);
  expect(certificate.unavailable).toHaveLength(1);
  expect(certificate.runAgain).toEqual([]);
  expect(certificate.rules.find((rule) => rule.id === 'UPDATE-UNKNOWN-404')?.verdict).toBe('inconclusive');
  expect(checks[0]?.notRun?.kind).toBe('unavailable');
  expect(checks[0]?.runAgain).toBeUndefined();
});

test("RUNTIME: tenant A's token refused for good after it worked stops the run: exit 3, one line naming the tenant, no rule judged on it", async () => {
  const setup = await behindFault((token) => ({ kind: 'token-expires', afterRequests: 60, token }));
  try {
    const run = await runConformance(setup.env, VALIDATION);
    expect(run.code, run.output).toBe(EXIT.couldNotRun);
    expect(run.output).toMatch(
      /CREDENTIALS STOPPED WORKING: tenant A's credentials \(TENANT_A_CLIENT_ID \/ TENANT_A_ACCESS_TOKEN\) are refused since \S+ \(HTTP 401 ERR-1002/,
    );
    expect(run.output).not.toContain(setup.server.tenants.A.accessToken);
    expect(run.output).not.toContain('DEVIATION');
    const certificate = setup.certificate();
    expect(certificate.rules.filter((rule) => rule.verdict === 'failed')).toEqual([]);
    expect(certificate.outcomeText).toMatch(/the run was stopped: CREDENTIALS STOPPED WORKING/);
    // Stopped within a few requests: the one that met it, its probe, and what one worker had in flight.
    expect(setup.proxy.afterExpiry()).toBeLessThan(5);
  } finally {
    await setup.close();
  }
});

test('RUNTIME: an allowlist refusing every request keeps its one line at the preflight, naming the likely cause: exit 2', async () => {
  const setup = await behindFault(() => ({ kind: 'allowlist' }));
  try {
    // Stopped at the preflight: through the command line's entry in this process, and with no filter,
    // whose listing of the checks it selects would come first; the same line either way.
    const inProcess = await runCliInProcess(['conformance'], { KIT_IGNORE_DOTENV: 'true', ...setup.env });
    const run = { code: inProcess.status, output: inProcess.output };
    expect(run.code, run.output).toBe(EXIT.badConfiguration);
    expect(run.output).toMatch(
      /TENANT_A_CLIENT_ID \/ TENANT_A_ACCESS_TOKEN are refused by \S+ \(HTTP 403, ERR-1003\): check the credentials and the environment; likely cause: the deployment's IP allowlist/,
    );
    expect(run.output).not.toContain('Running');
    // The preflight's first GET, and nothing after it.
    expect(setup.proxy.counts().requests).toBe(1);
  } finally {
    await setup.close();
  }
});

test('RUNTIME: a round trip over 3.6 s is slow, not a configuration error: the plan says how long first, the run passes', async () => {
  // Above the 3.6 s that the run once read as 3600 "seconds" and refused.
  const setup = await behindFault(() => ({ kind: 'slow', delayMs: 3_700 }));
  try {
    const run = await runConformance(setup.env, ['--grep', 'RETRIEVE-UNKNOWN-404: GET of an unknown uuid']);
    expect(run.code, run.output).toBe(EXIT.ok);
    expect(run.output).not.toMatch(/KIT_ROUND_TRIP_MS|configuration error/i);
    const roundTrip = /preflight: the service answers, round trip (\d+) ms/.exec(run.output)?.[1];
    expect(Number(roundTrip)).toBeGreaterThanOrEqual(3_700);
    const planLines = run.output.split('\n').filter((line) => /plan: (about|tenant A)/.test(line));
    expect(planLines[0], run.output).toMatch(/plan: about [\d.]+ (s|min) in all at a round trip of \d+ ms/);
  } finally {
    await setup.close();
  }
});
