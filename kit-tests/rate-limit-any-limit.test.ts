/**
 * The rate-limit checks at any limit a provider sets, run as a user runs them (`fei-kit conformance
 * --grep …` against a reference server): 10 per 5 s, the spec's 1000 per 60 s and 100,000 per 60 s. A
 * conforming server passes, or is honestly inconclusive (exit 3) where this machine cannot send faster
 * than the limit, and the run names the rate it reached; never a kit failure. A server that throttles
 * with 503 is caught at 100,000 (past the limit, whatever the machine's speed).
 *
 * CI time: at 10 per 5 s every rate-limit check runs (the waits for fresh windows take seconds). At 60 s
 * windows the checks that wait for a fresh window would take minutes each, so those rows run the
 * checks that need none (the 429 burst, the headers, the per-tenant stream): they are the ones whose
 * requests, counts and memory grow with the limit, and they are judged against the true 60 s window,
 * not a shortened one, since a shorter window would ask a faster machine. The waiting checks run the
 * same code at every limit, at 10 per 5 s. Alone each row takes about half a minute; beside the other
 * whole runs of `npm test` on two cores, three to six times that: hence the five minutes a row may take.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import { runConformance } from './test-support/run-conformance.ts';

/** The checks that start with a burst and wait for no fresh window. */
const UNWAITED = 'RATE-LIMIT-429: inside a fresh window|RATE-LIMIT-NO-HEADERS|RATE-LIMIT-PER-TENANT';

const REACHED =
  /^rate-limit checks: this machine reached \d+ requests a second against the rate-limit tenant; its limit of (\d+) per (\d+) s needs more than \d+ a second: (enough|not enough)/m;

const runAt = async (
  rateLimit: { requestsPerWindow: number; windowSeconds: number },
  grep: string,
  mutant?: string,
) => {
  const server = await startReferenceServer({ rateLimit, ...(mutant ? { mutant } : {}) });
  const output = mkdtempSync(join(tmpdir(), 'kit-any-limit-'));
  try {
    const { KIT_EMBEDDED_TARGET: _embedded, ...contract } = targetEnvironmentOf(server);
    return await runConformance({ ...contract, KIT_OUTPUT_DIR: output }, ['--grep', grep]);
  } finally {
    await server.close();
    rmSync(output, { recursive: true, force: true });
  }
};

/** A conforming server's run: passed, or inconclusive because the machine said it could not reach the limit. */
const expectPassedOrUnreachable = (run: { code: number | null; output: string }, limit: number): void => {
  expect(run.output).not.toContain('KIT FAILURE');
  const reached = REACHED.exec(run.output);
  expect(reached, run.output).not.toBeNull();
  expect(reached?.[1]).toBe(String(limit));
  if (reached?.[3] === 'enough') expect(run.code, run.output).toBe(0);
  else expect([0, 3], run.output).toContain(run.code);
};

test('ANY-LIMIT: at 10 per 5 s every rate-limit check passes against the reference', async () => {
  test.setTimeout(300_000);
  const run = await runAt({ requestsPerWindow: 10, windowSeconds: 5 }, '@ratelimit');
  expectPassedOrUnreachable(run, 10);
  expect(run.code, run.output).toBe(0);
});

test("ANY-LIMIT: at the spec's 1000 per 60 s and at 100,000 per 60 s the bursts are judged, the machine's reach said", async () => {
  test.setTimeout(300_000);
  for (const requestsPerWindow of [1000, 100_000]) {
    const run = await runAt({ requestsPerWindow, windowSeconds: 60 }, UNWAITED);
    expectPassedOrUnreachable(run, requestsPerWindow);
    expect(run.output).toMatch(/RATE_LIMIT: \d+ requests/);
  }
});

test('ANY-LIMIT: at 100,000 per 60 s a limiter that throttles with 503 is caught past the limit', async () => {
  test.setTimeout(300_000);
  const run = await runAt(
    { requestsPerWindow: 100_000, windowSeconds: 60 },
    'RATE-LIMIT-429: inside a fresh window',
    'rate-limit-503',
  );
  expect(run.output).not.toContain('KIT FAILURE');
  expect(run.code, run.output).toBe(1);
  expect(run.output).toMatch(
    /past the limit of 100000 the service must answer 429; request #\d+ got HTTP 503/,
  );
});
