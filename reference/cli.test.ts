/**
 * `fei-kit reference` started as a user starts it (cli.ts): the credentials file it writes and the
 * tokens it never prints, its stop on SIGTERM and SIGINT, HTTPS and simulated latency, a tenants file,
 * and a bad setting refused in one line.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { rootCertificates } from 'node:tls';
import { parseEnv } from 'node:util';
import { Agent, request } from 'undici';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { EVENTS_PATH } from '../spec/index.ts';
import { ReferenceStartError, serveReference } from './cli.ts';
import { startReferenceServer } from './server.ts';
import { readTenantsFile } from './tenants-file.ts';
import { payinEvent } from './test-support/reference-app.ts';

const PROJECT_ROOT = resolve(import.meta.dirname, '..');
/** The kit's command line, as a user starts the reference server with it: `fei-kit reference`. */
const CLI = [join(PROJECT_ROOT, 'bin', 'fei-kit.mjs'), 'reference'];

interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

const startCli = (env: Record<string, string>): Started => {
  const child = spawn(process.execPath, CLI, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk.toString();
  });
  // 'close', not 'exit': the output is read whole only once the pipes are drained.
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  return { child, output: () => output, exited };
};

const waitFor = async (started: Started, pattern: RegExp, timeoutMs = 45_000): Promise<RegExpMatchArray> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = started.output().match(pattern);
    if (match) return match;
    if (started.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`CLI output never matched ${pattern}:\n${started.output()}`);
};

/**
 * Why a start with these settings is refused, as `fei-kit reference` would say it after its
 * `configuration error: ` (and exit 2, which one spawned case shows): the start run in this process,
 * a process's start-up saved per case. Fails if it serves instead.
 */
const refusal = async (env: Record<string, string>, credentials: string): Promise<string> => {
  // A start that serves says where it listens: that first line ends the test, not its Ctrl-C.
  const served = (line: string): never => {
    throw new Error(`served instead of refusing: ${line}`);
  };
  const refused: unknown = await serveReference(credentials, served, {
    REFERENCE_CREDENTIALS_FILE: credentials,
    ...env,
  }).catch((error: unknown) => error);
  expect(refused, JSON.stringify(env)).toBeInstanceOf(ReferenceStartError);
  return (refused as Error).message;
};

const TENANTS = [
  {
    name: 't001',
    clientId: '0f8fad5b-d9cb-469f-a165-70867728950e',
    accessToken: 'svc_test_tenants-file-secret-one',
    requestsPerWindow: 1000,
  },
  {
    name: 'tight',
    clientId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    accessToken: 'svc_test_tenants-file-secret-two',
    requestsPerWindow: 3,
    windowSeconds: 60,
  },
];

test.describe('reference: fei-kit reference (cli.ts)', () => {
  let folder: string;
  test.beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'reference-cli-'));
  });
  test.afterEach(() => rmSync(folder, { recursive: true, force: true }));

  test('starts with a tenants file, writes the credentials file (0600), prints its path and the URL but no token, serves each tenant of the file within its own limit, and stops on SIGTERM', async () => {
    const credentials = join(folder, 'nested', 'credentials.env');
    const tenantsFile = join(folder, 'tenants.json');
    writeFileSync(tenantsFile, JSON.stringify({ tenants: TENANTS }));
    const cli = startCli({
      REFERENCE_PORT: '0',
      REFERENCE_CREDENTIALS_FILE: credentials,
      REFERENCE_TENANTS_FILE: tenantsFile,
      RATE_LIMIT_PER_MINUTE: '77',
    });
    try {
      const [, baseUrl] = await waitFor(cli, /listening on (http:\/\/127\.0\.0\.1:\d+)/, 60_000);
      await waitFor(cli, /Ctrl\+C stops it/);
      expect(cli.output()).toContain(credentials);
      expect(statSync(credentials).mode & 0o777).toBe(0o600);
      const variables = parseEnv(readFileSync(credentials, 'utf8'));
      expect(variables.TARGET_BASE_URL).toBe(baseUrl);
      expect(variables.TARGET_ENVIRONMENT).toBe('sandbox');
      expect(variables.RATE_LIMIT_PER_MINUTE).toBe('77');
      expect(variables.RATE_LIMIT_WINDOW_SECONDS).toBe('60');
      expect(variables.KIT_EMBEDDED_TARGET).toBe('true');
      for (const name of ['TENANT_A_ACCESS_TOKEN', 'TENANT_B_ACCESS_TOKEN', 'RATE_LIMIT_ACCESS_TOKEN']) {
        const token = variables[name] as string;
        expect(token).toMatch(/^svc_test_/);
        expect(cli.output()).not.toContain(token);
        expect(cli.output()).not.toContain(token.slice('svc_test_'.length));
      }
      const created = await request(`${baseUrl}${EVENTS_PATH}`, {
        method: 'POST',
        headers: {
          'x-client-id': variables.TENANT_A_CLIENT_ID as string,
          'x-access-token': variables.TENANT_A_ACCESS_TOKEN as string,
          'content-type': 'application/json',
        },
        body: JSON.stringify(payinEvent()),
      });
      expect(created.statusCode).toBe(201);
      await created.body.dump();
      expect(cli.output()).toContain(`and 2 tenants of ${tenantsFile}, each with its own limit`);
      for (const t of TENANTS) expect(cli.output()).not.toContain(t.accessToken);
      const get = async (tenant: (typeof TENANTS)[number]) => {
        const answer = await request(`${baseUrl}${EVENTS_PATH}/7d444840-9dc0-11d1-b245-5ffdce74fad2`, {
          headers: {
            'x-client-id': tenant.clientId,
            'x-access-token': tenant.accessToken,
            'content-type': 'application/json',
          },
        });
        await answer.body.dump();
        return answer.statusCode;
      };
      // Authenticated (an unknown event is 404, not 401), each tenant within its own budget.
      const [wide, tight] = TENANTS as [(typeof TENANTS)[number], (typeof TENANTS)[number]];
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push(await get(tight));
      expect(statuses).toEqual([404, 404, 404, 429]);
      expect(await get(wide)).toBe(404);
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
      expect(cli.output()).not.toMatch(/\bat .+:\d+:\d+/);
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  test('REFERENCE_ENVIRONMENT=production gives svc_live_ credentials; SIGINT stops it cleanly', async () => {
    const credentials = join(folder, 'credentials.env');
    const cli = startCli({
      REFERENCE_PORT: '0',
      REFERENCE_CREDENTIALS_FILE: credentials,
      REFERENCE_ENVIRONMENT: 'production',
    });
    try {
      await waitFor(cli, /listening on/);
      const variables = parseEnv(readFileSync(credentials, 'utf8'));
      expect(variables.TARGET_ENVIRONMENT).toBe('production');
      expect(variables.TENANT_A_ACCESS_TOKEN).toMatch(/^svc_live_/);
      expect(cli.output()).not.toContain(variables.TENANT_A_ACCESS_TOKEN as string);
      cli.child.kill('SIGINT');
      expect(await cli.exited).toBe(0);
      expect(cli.output()).toContain('stopping (SIGINT)');
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  test('REFERENCE_DEPLOYMENT: a deployment of its own th_test_ tokens, the credentials file naming its environment', async () => {
    const credentials = join(folder, 'credentials.env');
    const cli = startCli({
      REFERENCE_PORT: '0',
      REFERENCE_CREDENTIALS_FILE: credentials,
      REFERENCE_DEPLOYMENT: 'public-deployment',
    });
    try {
      await waitFor(cli, /listening on/);
      expect(cli.output()).toContain('DEPLOYMENT public-deployment (differs from the spec)');
      const variables = parseEnv(readFileSync(credentials, 'utf8'));
      expect(variables.TARGET_ENVIRONMENT).toBe('sandbox');
      expect(variables.TENANT_A_ACCESS_TOKEN).toMatch(/^th_test_/);
      expect(cli.output()).not.toContain(variables.TENANT_A_ACCESS_TOKEN as string);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  test('REFERENCE_HTTPS and REFERENCE_LATENCY_MS: HTTPS with a generated certificate the credentials file names, answers delayed', async () => {
    const credentials = join(folder, 'credentials.env');
    const cli = startCli({
      REFERENCE_PORT: '0',
      REFERENCE_CREDENTIALS_FILE: credentials,
      REFERENCE_HTTPS: 'true',
      REFERENCE_LATENCY_MS: '150-200',
    });
    try {
      const [, baseUrl] = await waitFor(cli, /listening on (https:\/\/127\.0\.0\.1:\d+)/);
      await waitFor(cli, /Ctrl\+C stops it/);
      expect(cli.output()).toMatch(/simulated round trip: 150 to 200 ms per request/);
      const variables = parseEnv(readFileSync(credentials, 'utf8'));
      expect(variables.TARGET_BASE_URL).toBe(baseUrl);
      const caFile = variables.TARGET_CA_FILE as string;
      expect(caFile).toBe(join(folder, 'reference-certificate.pem'));
      expect(readFileSync(caFile, 'utf8')).toMatch(/^-----BEGIN CERTIFICATE-----/);
      expect(readFileSync(caFile, 'utf8')).not.toMatch(/PRIVATE KEY/);
      // A rehearsal of a remote deployment is not marked as the kit's reference server.
      expect(variables.KIT_EMBEDDED_TARGET).toBeUndefined();
      const headers = {
        'x-client-id': variables.TENANT_A_CLIENT_ID as string,
        'x-access-token': variables.TENANT_A_ACCESS_TOKEN as string,
      };
      const url = `${baseUrl}${EVENTS_PATH}/${crypto.randomUUID()}`;
      await expect(request(url, { headers })).rejects.toThrow(/self-signed certificate/);
      const trusting = new Agent({ connect: { ca: [...rootCertificates, readFileSync(caFile, 'utf8')] } });
      try {
        const started = performance.now();
        const answer = await request(url, { headers, dispatcher: trusting });
        // A lower bound only: a busy machine can make an answer slower, never faster.
        expect(performance.now() - started).toBeGreaterThanOrEqual(145);
        expect(answer.statusCode).toBe(404);
        await answer.body.dump();
      } finally {
        await trusting.close();
      }
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  test('bad settings print one clear line and exit 2, without a stack trace or a credentials file', async () => {
    const credentials = join(folder, 'credentials.env');
    // Through the command once: its exit code, and the one line it makes of a refusal.
    const cli = startCli({ REFERENCE_PORT: 'abc', REFERENCE_CREDENTIALS_FILE: credentials });
    expect(await cli.exited).toBe(2);
    expect(cli.output()).toBe(
      'reference: configuration error: REFERENCE_PORT must be a whole number from 0 to 65535; got "abc"\n',
    );
    // Every refusal is that kind: a ReferenceStartError of one line, before anything is served.
    const occupied = await startReferenceServer();
    try {
      const cases: [Record<string, string>, RegExp][] = [
        [{ REFERENCE_PORT: 'abc' }, /^REFERENCE_PORT must be a whole number from 0 to 65535; got "abc"$/],
        [{ REFERENCE_PORT: '70000' }, /^REFERENCE_PORT must be a whole number/],
        [
          { REFERENCE_PORT: '0', REFERENCE_ENVIRONMENT: 'staging' },
          /^REFERENCE_ENVIRONMENT must be one of sandbox, production/,
        ],
        [
          { REFERENCE_PORT: '0', RATE_LIMIT_PER_MINUTE: '-5' },
          /^RATE_LIMIT_PER_MINUTE must be a whole number/,
        ],
        [
          { REFERENCE_PORT: '0', RATE_LIMIT_WINDOW_SECONDS: '0' },
          /^RATE_LIMIT_WINDOW_SECONDS must be a whole number/,
        ],
        [{ REFERENCE_PORT: '0', REFERENCE_MUTANT: 'nope' }, /^Unknown reference mutant "nope"/],
        [
          { REFERENCE_PORT: '0', REFERENCE_DEPLOYMENT: 'nope' },
          /^Unknown reference deployment "nope"\. Known deployments: public-deployment/,
        ],
        [{ REFERENCE_PORT: new URL(occupied.baseUrl).port }, /^port \d+ on 127\.0\.0\.1 is already in use/],
      ];
      for (const [env, message] of cases) {
        const refused = await refusal(env, credentials);
        expect(refused, JSON.stringify(env)).toMatch(message);
        expect(refused.split('\n'), JSON.stringify(env)).toHaveLength(1);
      }
      expect(() => statSync(credentials)).toThrow();
    } finally {
      await occupied.close();
    }
  });
});

test.describe('reference: fei-kit reference with a tenants file', () => {
  let folder: string;
  test.beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'reference-tenants-'));
  });
  test.afterEach(() => rmSync(folder, { recursive: true, force: true }));

  test('a malformed tenants file stops the start in one line, exit 2, naming no value', async () => {
    const file = join(folder, 'tenants.json');
    writeFileSync(file, JSON.stringify({ tenants: [{ ...TENANTS[0], requestsPerWindow: 0 }] }));
    // As the command says it after `configuration error: `, exit 2 (the bad settings above).
    expect(
      await refusal({ REFERENCE_PORT: '0', REFERENCE_TENANTS_FILE: file }, join(folder, 'credentials.env')),
    ).toBe(
      'REFERENCE_TENANTS_FILE: tenant 1 (t001): requestsPerWindow and windowSeconds must be positive whole numbers',
    );
    expect(() => readTenantsFile(join(folder, 'missing.json'))).toThrow(/cannot be read/);
    writeFileSync(file, '{"tenants": []}');
    expect(() => readTenantsFile(file)).toThrow(/non-empty "tenants" array/);
  });
});
