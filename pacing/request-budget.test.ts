/**
 * Kit tests of the run's request counts (request-stats.ts) and their report (request-budget.ts): what
 * a worker records, how the workers' files are summed, the busiest window, and when the run is told
 * that it was throttled by its own traffic.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  describeRequestBudget,
  requestBudgetReport,
  sumRequestStats,
  sumWorkerStats,
} from './request-budget.ts';
import {
  type RecorderContext,
  type RequestScope,
  RequestStatsRecorder,
  WORKER_STATS_FORMAT,
} from './request-stats.ts';

const LIMIT = { requestsPerWindow: 1000, windowSeconds: 5 };
const LIMITS = { A: LIMIT, B: LIMIT, RATE_LIMIT: { requestsPerWindow: 50, windowSeconds: 2 } };

/** A recorder context under the test's control. */
const fakeContext = (): RecorderContext & { scopeNow: RequestScope; time: number } => {
  const context = {
    scopeNow: 'conformance' as RequestScope,
    time: 1_700_000_000_000,
    scope: () => context.scopeNow,
    now: () => context.time,
    workers: () => 2,
  };
  return context;
};

const withFolder = async (body: (folder: string) => Promise<void> | void): Promise<void> => {
  const folder = mkdtempSync(join(tmpdir(), 'request-stats-'));
  try {
    await body(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};

test('REQUEST-STATS: a worker counts requests, 429s and retries per tenant and per scope, and when each left', () => {
  const context = fakeContext();
  const recorder = new RequestStatsRecorder(context);
  recorder.sent('A');
  recorder.sent('A');
  recorder.throttled('A');
  recorder.retried('A');
  context.time += 100.04;
  recorder.sent('B');
  context.scopeNow = 'ratelimit';
  recorder.sent('RATE_LIMIT');
  recorder.throttled('RATE_LIMIT');
  recorder.sent('A');
  const file = recorder.toJSON();
  expect(file.format).toBe(WORKER_STATS_FORMAT);
  expect(file.workers).toBe(2);
  expect(file.byScope).toEqual({
    conformance: {
      A: { requests: 2, throttled: 1, retries: 1 },
      B: { requests: 1, throttled: 0, retries: 0 },
    },
    ratelimit: {
      RATE_LIMIT: { requests: 1, throttled: 1, retries: 0 },
      A: { requests: 1, throttled: 0, retries: 0 },
    },
  });
  const t = 1_700_000_000_000;
  expect(file.sentAt).toEqual({ A: [t, t, t + 100], B: [t + 100], RATE_LIMIT: [t + 100] });
  expect(recorder.snapshot().A).toEqual({ requests: 3, throttled: 1, retries: 1 });
});

test("REQUEST-STATS: the workers' files sum per tenant and scope; other runs' and broken files are left out", async () => {
  await withFolder((folder) => {
    const previous = process.env.KIT_RUN_ID;
    try {
      process.env.KIT_RUN_ID = 'run-this';
      const contexts = [fakeContext(), fakeContext()];
      const recorders = contexts.map((c) => new RequestStatsRecorder(c));
      for (const [i, recorder] of recorders.entries()) {
        for (let n = 0; n < 10 * (i + 1); n += 1) recorder.sent('A');
        recorder.sent('B');
        (contexts[i] as ReturnType<typeof fakeContext>).scopeNow = 'ratelimit';
        recorder.sent('RATE_LIMIT');
        recorder.throttled('RATE_LIMIT');
        // One worker restarted after a failure writes under the same slot with another pid.
        writeFileSync(join(folder, `worker-0-${100 + i}.json`), JSON.stringify(recorder.toJSON()));
      }
      process.env.KIT_RUN_ID = 'run-other';
      new RequestStatsRecorder(fakeContext()).writeTo(folder, '1');
      writeFileSync(join(folder, 'worker-2-1.json'), '{"A": {"requests": 3}}');
      writeFileSync(join(folder, 'notes.txt'), 'not a worker file');
    } finally {
      process.env.KIT_RUN_ID = previous;
    }
    const stats = sumRequestStats(folder, 'run-this');
    expect(stats.workerFiles).toBe(2);
    expect(stats.otherRuns).toBe(1);
    expect(stats.unreadable).toEqual([expect.stringMatching(/^worker-2-1\.json: /)]);
    expect(stats.workers).toBe(2);
    expect(stats.byScope.conformance).toEqual({
      A: { requests: 30, throttled: 0, retries: 0 },
      B: { requests: 2, throttled: 0, retries: 0 },
    });
    expect(stats.byScope.ratelimit).toEqual({ RATE_LIMIT: { requests: 2, throttled: 2, retries: 0 } });
    expect(stats.sentAt.A).toEqual(Array.from({ length: 30 }, () => 1_700_000_000_000));
    // Without a run id every readable file counts.
    expect(sumRequestStats(folder).workerFiles).toBe(3);
  });
  expect(sumRequestStats('/nonexistent/request-stats').workerFiles).toBe(0);
});

test('REQUEST-BUDGET: 429s of the @ratelimit checks are expected; one outside them is a loud breach', () => {
  const at = (count: number, from: number, everyMs: number): number[] =>
    Array.from({ length: count }, (_, i) => from + i * everyMs);
  // A: 500 requests 10 ms apart (all within 5 s); the rate-limit tenant 3000 within 2 s.
  const sentAt = { A: at(500, 0, 10), RATE_LIMIT: at(3000, 0, 0.5) };
  const clean = sumWorkerStats([
    {
      format: WORKER_STATS_FORMAT,
      runId: 'r',
      pid: 1,
      parallelIndex: '0',
      workers: 2,
      byScope: {
        conformance: { A: { requests: 499, throttled: 0, retries: 0 } },
        ratelimit: {
          A: { requests: 1, throttled: 0, retries: 0 },
          RATE_LIMIT: { requests: 3000, throttled: 900, retries: 0 },
        },
      },
      sentAt,
    },
  ]);
  const report = requestBudgetReport(clean, LIMITS, { runId: 'r' });
  expect(report.breaches).toEqual([]);
  expect(report.warnings).toEqual([]);
  expect(report).toMatchObject({ runShare: 0.8, workers: 2 });
  expect(report.tenants.A).toMatchObject({
    requests: 500,
    throttled: 0,
    peakPerWindow: 500,
    limit: { requestsPerWindow: 1000, windowSeconds: 5, runBudgetPerWindow: 800 },
  });
  // Each tenant's peak is over its own window: the rate-limit tenant's is 2 s.
  expect(report.tenants.RATE_LIMIT).toMatchObject({
    requests: 3000,
    throttled: 900,
    limit: { requestsPerWindow: 50, windowSeconds: 2 },
  });
  const lines = describeRequestBudget(report).join('\n');
  expect(lines).toContain(
    "A: 500 requests, 0 × 429, 0 retries; at most 500 in any 5 s window (limit 1000 per 5 s, run's share 800)",
  );
  expect(lines).toContain(
    'RATE_LIMIT: 3000 requests, 900 × 429, 0 retries; at most 3000 in any 2 s window (limit 50 per 2 s)',
  );
  expect(lines).toContain('request budget kept');
  expect(lines).not.toContain('BREACH');

  const throttled = sumWorkerStats([
    {
      format: WORKER_STATS_FORMAT,
      runId: 'r',
      pid: 1,
      parallelIndex: '0',
      workers: 1,
      byScope: {
        conformance: {
          A: { requests: 900, throttled: 3, retries: 3 },
          B: { requests: 10, throttled: 0, retries: 0 },
        },
        ratelimit: {},
      },
      // 900 of A, 5 ms apart: 900 in one 5 s window, one past it.
      sentAt: { A: at(900, 0, 5), B: at(10, 0, 1) },
    },
  ]);
  const breached = requestBudgetReport(throttled, LIMITS);
  expect(breached.breaches).toEqual([expect.stringMatching(/^tenant A met 3 × 429 outside @ratelimit/)]);
  expect(breached.warnings).toEqual([
    expect.stringMatching(
      /tenant A sent 900 requests within one 5 s window, more than the run's share of 800/,
    ),
  ]);
  const loud = describeRequestBudget(breached).join('\n');
  expect(loud).toContain('REQUEST BUDGET BREACH');
  expect(loud).toMatch(/tenant A met 3 × 429/);
  // A tenant whose limit was raised is judged by its own limit.
  const raised = requestBudgetReport(throttled, {
    ...LIMITS,
    A: { requestsPerWindow: 5000, windowSeconds: 5 },
  });
  expect(raised.warnings).toEqual([]);
});
