import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { request } from 'undici';
import { EVENTS_PATH } from '../spec/index.ts';
import { readTenantsFile } from './tenants-file.ts';

const PROJECT_ROOT = resolve(import.meta.dirname, '..');
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

let folder: string;
test.beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'reference-tenants-'));
});
test.afterEach(() => rmSync(folder, { recursive: true, force: true }));

const startCli = (
  file: string,
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } => {
  const child = spawn(process.execPath, ['--import', 'tsx', join('reference', 'cli.ts')], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      REFERENCE_TENANTS_FILE: file,
      REFERENCE_CREDENTIALS_FILE: join(folder, 'credentials.env'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk.toString();
  });
  return {
    child,
    output: () => output,
    exited: new Promise((done) => child.on('exit', (code) => done(code))),
  };
};

test('reference: npm run reference serves the tenants of a tenants file, each with its own limit, and prints no token', async () => {
  const file = join(folder, 'tenants.json');
  writeFileSync(file, JSON.stringify({ tenants: TENANTS }));
  const cli = startCli(file);
  try {
    const deadline = Date.now() + 60_000;
    while (!/Ctrl\+C/.test(cli.output()) && Date.now() < deadline && cli.child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const baseUrl = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(cli.output())?.[1];
    expect(baseUrl, cli.output()).toBeDefined();
    expect(cli.output()).toContain(`And 2 tenants of ${file}, each with its own limit`);
    for (const t of TENANTS) expect(cli.output()).not.toContain(t.accessToken);
    const get = async (tenant: (typeof TENANTS)[number]) =>
      (
        await request(`${baseUrl}${EVENTS_PATH}/7d444840-9dc0-11d1-b245-5ffdce74fad2`, {
          headers: {
            'x-client-id': tenant.clientId,
            'x-access-token': tenant.accessToken,
            'content-type': 'application/json',
          },
        })
      ).statusCode;
    // Authenticated (an unknown event is 404, not 401), each tenant within its own budget.
    const tight = [];
    for (let i = 0; i < 4; i += 1) tight.push(await get(TENANTS[1] as (typeof TENANTS)[number]));
    expect(tight).toEqual([404, 404, 404, 429]);
    expect(await get(TENANTS[0] as (typeof TENANTS)[number])).toBe(404);
  } finally {
    cli.child.kill('SIGTERM');
    await cli.exited;
  }
});

test('reference: a malformed tenants file stops the start in one line, exit 2, naming no value', async () => {
  const file = join(folder, 'tenants.json');
  writeFileSync(file, JSON.stringify({ tenants: [{ ...TENANTS[0], requestsPerWindow: 0 }] }));
  const cli = startCli(file);
  expect(await cli.exited).toBe(2);
  const lines = cli
    .output()
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('npm warn'));
  expect(lines).toEqual([
    'reference: REFERENCE_TENANTS_FILE: tenant 1 (t001): requestsPerWindow and windowSeconds must be positive whole numbers',
  ]);
  expect(() => readTenantsFile(join(folder, 'missing.json'))).toThrow(/cannot be read/);
  writeFileSync(file, '{"tenants": []}');
  expect(() => readTenantsFile(file)).toThrow(/non-empty "tenants" array/);
});
