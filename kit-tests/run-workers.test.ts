/**
 * The conformance configuration's workers: the run's count from the command line or the default, the
 * rate-limit checks on one of them, the other checks never on more than the rest (so that no worker
 * is started for the last few checks once the rate-limit checks end).
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { expect, test } from '@playwright/test';
import { defaultWorkers, REMOTE_WORKERS } from '../config/run-workers.ts';
import { KIT_ROOT } from '../run-records/kit-root.ts';

/** The configuration as the runner reads it, with these arguments on its command line. */
const projectWorkers = (args: readonly string[], env: Record<string, string> = {}) => {
  const script = `const { default: config } = await import('./playwright.config.ts');
    process.stdout.write(JSON.stringify({ workers: config.workers, projects: Object.fromEntries(config.projects.map((p) => [p.name, p.workers ?? null])) }));`;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script, '--', ...args],
    {
      cwd: KIT_ROOT,
      env: { PATH: process.env.PATH, KIT_IGNORE_DOTENV: 'true', ...env },
      encoding: 'utf8',
    },
  );
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { workers: number; projects: Record<string, number | null> };
};

test('RUN WORKERS: against the reference server, cores + 1, the other checks on all but the rate-limit checks’ one', () => {
  const expected = defaultWorkers(true, availableParallelism());
  expect(projectWorkers([])).toEqual({
    workers: expected,
    projects: { ratelimit: null, conformance: expected - 1 },
  });
});

test('RUN WORKERS: --workers and -j on the command line set the cap, never below one', () => {
  expect(projectWorkers(['--workers', '4']).projects.conformance).toBe(3);
  expect(projectWorkers(['--workers=6']).projects.conformance).toBe(5);
  expect(projectWorkers(['-j', '1']).projects.conformance).toBe(1);
  // A share of the CPUs, as Playwright counts them.
  expect(projectWorkers(['--workers', '100%']).projects.conformance).toBe(Math.max(1, cpus().length - 1));
});

test('RUN WORKERS: against a deployment, the remote count less the rate-limit checks’ worker', () => {
  const remote = projectWorkers([], {
    TARGET_BASE_URL: 'https://fei.example.test',
    TENANT_A_CLIENT_ID: '0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e01',
    TENANT_A_ACCESS_TOKEN: 'svc_test_runWorkers123',
  });
  expect(remote.workers).toBe(REMOTE_WORKERS);
  expect(remote.projects.conformance).toBe(REMOTE_WORKERS - 1);
});
