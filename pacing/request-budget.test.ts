/**
 * Kit tests of the run's request counts (request-stats.ts) and their report (request-budget.ts): what
 * a worker records, how the workers' files are summed, the busiest window, and when the run is told
 * that it was throttled by its own traffic.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  describeRequestBudget,
  limitOfRecorded,
  requestBudgetReport,
  sumRequestStats,
  sumWorkerStats,
} from './request-budget.ts';
import {
  type RecorderContext,
  type RequestScope,
  RequestStatsRecorder,
  type TenantSendSlots,
  WORKER_STATS_FORMAT,
  type WorkerRequestStats,
} from './request-stats.ts';
import { SendSlots, slotMsOf } from './send-slots.ts';

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

/** A worker file's slots for sends at `times`, in a window of `windowMs`. */
const slotsOf = (times: readonly number[], windowMs: number): TenantSendSlots => {
  const slots = new SendSlots(slotMsOf(windowMs));
  for (const time of times) slots.add(time);
  return { slotMs: slots.slotMs, counts: slots.counts() };
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
  const recorder = new RequestStatsRecorder(context, (tenant) => (tenant === 'A' ? 60_000 : 5_000));
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
  // Slots of a thousandth of each tenant's window: 60 ms for A, 5 ms for the others.
  expect(file.sentPerSlot).toEqual({
    A: {
      slotMs: 60,
      counts: [
        [Math.floor(t / 60), 2],
        [Math.floor((t + 100) / 60), 1],
      ],
    },
    B: { slotMs: 5, counts: [[(t + 100) / 5, 1]] },
    RATE_LIMIT: { slotMs: 5, counts: [[(t + 100) / 5, 1]] },
  });
  expect(recorder.snapshot().A).toEqual({ requests: 3, throttled: 1, retries: 1 });
  // The worker's peak memory, which the bench compares between limits.
  const rss = process.resourceUsage().maxRSS;
  expect(file.maxRssKb).toBeGreaterThan(0);
  expect(file.maxRssKb).toBeLessThanOrEqual(rss);
  const summed = sumWorkerStats([
    { ...file, maxRssKb: 1_000 },
    { ...file, maxRssKb: 3_000 },
  ]);
  expect(requestBudgetReport(summed, LIMITS).peakWorkerRssKb).toBe(3_000);
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
    expect(stats.sent.get('A')?.counts()).toEqual([[Math.floor(1_700_000_000_000 / 60), 30]]);
    // Without a run id every readable file counts.
    expect(sumRequestStats(folder).workerFiles).toBe(3);
  });
  expect(sumRequestStats('/nonexistent/request-stats').workerFiles).toBe(0);
});

test('REQUEST-BUDGET: 429s of the @ratelimit checks are expected; one outside them is a loud breach', () => {
  const at = (count: number, from: number, everyMs: number): number[] =>
    Array.from({ length: count }, (_, i) => from + i * everyMs);
  // A: 500 requests 10 ms apart (all within 5 s); the rate-limit tenant 3000 within 2 s.
  const sentPerSlot = { A: slotsOf(at(500, 0, 10), 5_000), RATE_LIMIT: slotsOf(at(3000, 0, 0.5), 2_000) };
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
      sentPerSlot,
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
    "A: 500 requests, 0 × 429, 0 retries; 500 in the busiest 5 s window (limit 1000 per 5 s, run's share 800)",
  );
  expect(lines).toContain(
    'RATE_LIMIT: 3000 requests, 900 × 429, 0 retries; 3000 in the busiest 2 s window (limit 50 per 2 s)',
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
      sentPerSlot: { A: slotsOf(at(900, 0, 5), 5_000), B: slotsOf(at(10, 0, 1), 5_000) },
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

test('REQUEST-STATS: a tenant sent 300,100 requests at 100,000 per minute: counted per slot, summed and reported without a crash', () => {
  // The rate-limit checks' traffic at a raised limit: 300,100 requests over three minutes, faster
  // than the limit for the first of them. The record holds a count per slot, never a list of sends.
  const limits = { ...LIMITS, RATE_LIMIT: { requestsPerWindow: 100_000, windowSeconds: 60 } };
  const context = fakeContext();
  context.scopeNow = 'ratelimit';
  const recorder = new RequestStatsRecorder(
    context,
    (tenant) => limitOfRecorded(limits, tenant).windowSeconds * 1000,
  );
  const start = context.time;
  for (let i = 0; i < 300_100; i += 1) {
    // 110,000 in the first 50 s, the rest spread over the next 130 s.
    context.time =
      start + (i < 110_000 ? i * (50_000 / 110_000) : 50_000 + (i - 110_000) * (130_000 / 190_100));
    recorder.sent('RATE_LIMIT');
  }
  const file = recorder.toJSON();
  const slots = file.sentPerSlot.RATE_LIMIT;
  // Three minutes in slots of 60 ms: 3,000 of them, whatever the number of requests.
  expect(slots?.slotMs).toBe(60);
  expect(slots?.counts.length).toBeLessThanOrEqual(3_001);
  const stats = sumWorkerStats([file, file]);
  expect(stats.byScope.ratelimit.RATE_LIMIT?.requests).toBe(600_200);
  const report = requestBudgetReport(stats, limits);
  const tenant = report.tenants.RATE_LIMIT;
  // Two workers' copies of the same sends: 2 × 110,000 in the first 50 s, plus the rest's first 10 s.
  const exact = 2 * (110_000 + Math.floor(10_000 / (130_000 / 190_100)));
  expect(tenant?.peakPerWindow).toBeLessThanOrEqual(exact + 2);
  expect(tenant?.peakPerWindowAtMost).toBeGreaterThanOrEqual(exact);
  // Within one slot's requests: two workers' sends of 60 ms at the fastest pace.
  expect((tenant?.peakPerWindowAtMost ?? 0) - (tenant?.peakPerWindow ?? 0)).toBeLessThanOrEqual(
    2 * Math.ceil(60 / (50_000 / 110_000)),
  );
  expect(describeRequestBudget(report).join('\n')).toContain('RATE_LIMIT: 600200 requests');
});

test('REQUEST-STATS: workers that cut a tenant into slots of different widths are said, not summed', () => {
  const file = (slots: TenantSendSlots): WorkerRequestStats => ({
    format: WORKER_STATS_FORMAT,
    runId: 'r',
    pid: 7,
    parallelIndex: '0',
    workers: 1,
    byScope: { conformance: { A: { requests: 1, throttled: 0, retries: 0 } }, ratelimit: {} },
    sentPerSlot: { A: slots },
  });
  const stats = sumWorkerStats([file(slotsOf([0], 5_000)), file(slotsOf([0], 60_000))]);
  expect(stats.sent.get('A')?.total).toBe(1);
  expect(stats.unreadable).toEqual([
    expect.stringMatching(/tenant A's requests in slots of 60 ms, where other workers used 5 ms/),
  ]);
});
