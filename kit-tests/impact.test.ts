/**
 * `fei-kit impact` as a provider runs it, on traffic `fei-kit certify-client` recorded from five
 * clients of different styles (the kit's example client, one that reads PUT's body, one that branches
 * on `errors[].field`, one that never updates, one that reads the 429's body): the reference server
 * replayed as the candidate leaves every tenant unaffected; each variant or mutant affects exactly the
 * tenants its differences explain, moved toward the spec or away from it as the oracle judges.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CertifyRun, runCertifyClient } from '../client/self-check-clients/run-certify.ts';
import { kitEnvironment } from '../conformance-run/kit-environment.ts';
import type { ImpactResult } from '../impact/impact-run.ts';
import { impactAgainst, startCandidate, verdicts } from '../impact/test-support/candidate.ts';
import { targetEnvironmentOf } from '../reference/index.ts';
import { expect, test } from './test-support/kit-test.ts';
import { runCliInProcess } from './test-support/run-cli-in-process.ts';

// Six client certifications (a kit process and a client each) record the traffic: slow on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const CLIENTS = {
  'example-client': ['node', 'client/examples/example-client.mjs'],
  'put-body-reader': ['--faults', 'none', 'node', 'client/examples/put-body-reader.mjs'],
  'error-field-client': ['--faults', 'none', 'node', 'client/examples/error-field-client.mjs'],
  'read-only-client': ['--faults', 'none', 'node', 'client/examples/read-only-client.mjs'],
  'rate-limit-reader': ['--faults', 'rate-limit', 'node', 'client/examples/rate-limit-reader.mjs'],
} as const;

type Tenant = `${keyof typeof CLIENTS}.har`;
const TENANTS = Object.keys(CLIENTS).map((name) => `${name}.har`) as Tenant[];

const HAR = join('client-certificate', 'client-traffic.har');

let traffic = '';

const certify = (args: readonly string[], env: NodeJS.ProcessEnv = kitEnvironment()): Promise<CertifyRun> =>
  runCertifyClient(args, {
    env,
    outputFolder: mkdtempSync(join(tmpdir(), 'impact-certify-')),
    timeoutMs: 200_000,
  });

test.beforeAll(async () => {
  // Client certifications side by side: the tests' time, not a hook's default, on a busy machine.
  test.setTimeout(180_000);
  traffic = mkdtempSync(join(tmpdir(), 'impact-traffic-'));
  const runs = await Promise.all(Object.values(CLIENTS).map((args) => certify(args)));
  for (const [index, name] of Object.keys(CLIENTS).entries()) {
    const run = runs[index] as CertifyRun;
    expect(run.code, run.output).toBe(0);
    copyFileSync(join(run.outputFolder, HAR), join(traffic, `${name}.har`));
  }
});

/** Which tenants are affected, and how each difference moved. */
const affected = (result: ImpactResult) =>
  Object.fromEntries(
    result.tenants
      .filter((t) => t.verdict !== 'unaffected')
      .map((t) => [t.tenant, [...new Set(t.differences.map((d) => d.direction))].sort()]),
  );

test("IMPACT: certify-client keeps each client's traffic as HAR 1.2, and the reference server replayed as the candidate affects no tenant", async () => {
  const har = JSON.parse(readFileSync(join(traffic, 'example-client.har'), 'utf8'));
  expect(har.log.version).toBe('1.2');
  expect(har.log.creator.name).toBe('fei-kit certify-client');
  expect(
    har.log.entries
      .map((e: { _fault?: string }) => e._fault)
      .filter(Boolean)
      .sort(),
  ).toEqual(['post-500-stored', 'post-timeout-stored', 'put-500-unapplied', ...Array(6).fill('rate-limit')]);
  for (const entry of har.log.entries) {
    const token = entry.request.headers.find((h: { name: string }) => h.name === 'x-access-token');
    expect(token?.value).toBe('svc_test_<redacted>');
  }
  const candidate = await startCandidate();
  try {
    const result = await impactAgainst(traffic, candidate);
    expect(verdicts(result)).toEqual(Object.fromEntries(TENANTS.map((t) => [t, 'unaffected'])));
    expect(result.exitCode).toBe(0);
    const withBaseline = await impactAgainst(traffic, candidate, { baseline: candidate });
    expect(affected(withBaseline)).toEqual({});
    const footprint = result.tenants.find((t) => t.tenant === 'error-field-client.har')?.footprint;
    expect(footprint?.operations.map((o) => `${o.operation} ${o.status} ${o.errorCodes.join(',')}`)).toEqual([
      'POST /events 400 ERR-3005',
      'POST /events 201 ',
    ]);
    expect(footprint?.operations[0]?.fields).toContain('errors[].field: string');
    expect(footprint?.operations[0]?.fieldNotations).toContain('dot (payload.channel)');
  } finally {
    await candidate.close();
  }
});

const CANDIDATES: readonly {
  readonly name: string;
  readonly options: { variant?: string; mutant?: string };
  readonly affected: Partial<Record<Tenant, string[]>>;
}[] = [
  {
    name: 'PUT answers 204 with no body (variant put-no-content)',
    options: { variant: 'put-no-content' },
    affected: { 'example-client.har': ['within-the-spec'], 'put-body-reader.har': ['within-the-spec'] },
  },
  {
    name: 'errors[].field as JSON pointers (variant json-pointer-paths)',
    options: { variant: 'json-pointer-paths' },
    affected: { 'error-field-client.har': ['within-the-spec'] },
  },
  {
    name: 'validation failures answer 422 (mutant validation-status-422)',
    options: { mutant: 'validation-status-422' },
    affected: { 'error-field-client.har': ['away-from-the-spec'] },
  },
  {
    name: 'the 429 is text/plain (mutant rate-limit-429-unstructured)',
    options: { mutant: 'rate-limit-429-unstructured' },
    affected: {
      'example-client.har': ['away-from-the-spec'],
      'rate-limit-reader.har': ['away-from-the-spec'],
    },
  },
  {
    name: 'an unknown event answers ERR-9404 (mutant unknown-event-generic-404)',
    options: { mutant: 'unknown-event-generic-404' },
    affected: { 'read-only-client.har': ['away-from-the-spec'] },
  },
  {
    name: 'a creation answers 200 (mutant create-returns-200)',
    options: { mutant: 'create-returns-200' },
    affected: Object.fromEntries(TENANTS.map((t) => [t, ['away-from-the-spec']])),
  },
];

for (const candidate of CANDIDATES) {
  test(`IMPACT: ${candidate.name} affects ${Object.keys(candidate.affected).join(', ')}, against the reference as baseline`, async () => {
    const baseline = await startCandidate();
    const server = await startCandidate(candidate.options, baseline);
    try {
      const result = await impactAgainst(traffic, server, { baseline });
      expect(affected(result)).toEqual(candidate.affected);
      expect(result.exitCode).toBe(5);
    } finally {
      await server.close();
      await baseline.close();
    }
  });
}

test('IMPACT: a release that fixes a deviation the tenant relied on affects it, toward the spec', async () => {
  const deviating = await startCandidate({ mutant: 'validation-status-422' });
  const fixed = await startCandidate();
  try {
    const run = await certify(
      ['--upstream', deviating.baseUrl, 'node', 'client/examples/error-field-client.mjs'],
      {
        ...kitEnvironment(),
        ...targetEnvironmentOf(deviating),
      },
    );
    expect(run.code, run.output).toBe(0);
    const folder = mkdtempSync(join(tmpdir(), 'impact-traffic-'));
    copyFileSync(join(run.outputFolder, HAR), join(folder, 'error-field-client.har'));
    const result = await impactAgainst(folder, fixed);
    expect(affected(result)).toEqual({ 'error-field-client.har': ['toward-the-spec'] });
    expect(result.tenants[0]?.differences[0]).toMatchObject({
      changes: [{ aspect: 'status', recorded: '422', replayed: '400' }],
      rulesBrokenReplayed: [],
    });
  } finally {
    await deviating.close();
    await fixed.close();
  }
});

test('IMPACT: fei-kit impact writes the report (Markdown, HTML, JSON, JUnit a case per tenant, Allure) and exits 5, no token in any of it', async () => {
  const server = await startCandidate({ variant: 'put-no-content' });
  const output = mkdtempSync(join(tmpdir(), 'impact-output-'));
  try {
    const run = await runCliInProcess(['impact', '--traffic', traffic, '--output', output], {
      ...targetEnvironmentOf(server),
      PATH: process.env.PATH ?? '',
    });
    expect(run.status, run.output).toBe(5);
    expect(run.stdout).toContain(
      'impact: TENANTS AFFECTED: 2 affected, 3 unaffected, 0 not established (of 5 tenants)',
    );
    const folder = join(output, 'impact');
    const junit = readFileSync(join(folder, 'impact-report.junit.xml'), 'utf8');
    expect(junit).toContain('tests="5" failures="2" errors="0"');
    expect(junit).toContain('<testcase classname="tenant-impact" name="put-body-reader.har"><failure');
    const markdown = readFileSync(join(folder, 'impact-report.md'), 'utf8');
    expect(markdown).toContain('| put-body-reader.har | affected | 2 | 1 | A |');
    expect(markdown).toContain('| PUT /events/{uuid} | 200 | 1 |');
    const json = JSON.parse(readFileSync(join(folder, 'impact-report.json'), 'utf8'));
    expect(json.counts).toEqual({ unaffected: 3, affected: 2, notEstablished: 0 });
    const allure = readdirSync(join(folder, 'allure-results'));
    expect(allure).toHaveLength(5);
    const everything = [
      run.output,
      ...readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8')),
    ].join('\n');
    for (const tenant of server.allTenants) expect(everything).not.toContain(tenant.accessToken.slice(9));
  } finally {
    await server.close();
  }
});

test('IMPACT: no --traffic, or a folder that is not there, is one line and exit 2', async () => {
  const missing = await runCliInProcess(['impact']);
  expect(missing.status).toBe(2);
  expect(missing.stderr.trim().split('\n')).toEqual([
    'impact: configuration error: --traffic <folder> is required: the folder of HAR files to replay',
  ]);
  const nowhere = join(mkdtempSync(join(tmpdir(), 'impact-none-')), 'nothing');
  mkdirSync(join(nowhere, '..', 'empty'));
  const absent = await runCliInProcess(['impact', '--traffic', nowhere]);
  expect(absent.status).toBe(2);
  expect(absent.stderr).toContain(`--traffic ${nowhere}: no such folder`);
  const empty = await runCliInProcess(['impact', '--traffic', join(nowhere, '..', 'empty')]);
  expect(empty.status).toBe(2);
  expect(empty.stderr).toContain('no .har file in the folder');
});
