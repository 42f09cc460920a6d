/**
 * Kit tests of the run's shared pacing (pacing-broker.ts): one schedule per tenant for every worker,
 * the budget's share kept whatever the number of workers asking, a line while requests wait for
 * budget, and a worker that falls back to its own share when the broker is gone.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { request } from 'undici';
import {
  needsSharedPacing,
  SHARED_PACING_MIN_INTERVAL_MS,
  SharedPacer,
  startPacingBroker,
  WAIT_NOTICE_MS,
} from './pacing-broker.ts';
import { pacingIntervalMs, RUN_SHARE_OF_LIMIT } from './request-pacer.ts';

const LIMIT = { requestsPerWindow: 1000, windowSeconds: 60 };

const waitOf = async (url: string, tenant: string): Promise<number | undefined> => {
  const answer = await request(`${url}/${tenant}`, { method: 'POST' });
  const body = (await answer.body.json()) as { waitMs?: number };
  return answer.statusCode === 200 ? body.waitMs : undefined;
};

test('PACING: every request of a tenant, whoever asks, gets the next slot of one schedule at the run share', async () => {
  let clock = 1_000;
  const lines: string[] = [];
  const broker = await startPacingBroker(
    { A: LIMIT, B: { requestsPerWindow: 100, windowSeconds: 10 } },
    { now: () => clock, say: (line) => lines.push(line) },
  );
  try {
    const interval = (LIMIT.windowSeconds * 1000) / (LIMIT.requestsPerWindow * RUN_SHARE_OF_LIMIT);
    // Ten requests at the same instant, as several workers would send them: one interval apart.
    const waits = await Promise.all(Array.from({ length: 10 }, () => waitOf(broker.url, 'A')));
    expect([...waits].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 10 }, (_, i) => i * interval),
    );
    // In any window the whole run gets at most the run share (and one): the schedule's slots.
    const slotsPerWindow = Math.floor((LIMIT.windowSeconds * 1000) / interval) + 1;
    expect(slotsPerWindow).toBe(LIMIT.requestsPerWindow * RUN_SHARE_OF_LIMIT + 1);
    // Tenants do not share a schedule; an idle tenant saves nothing up.
    expect(await waitOf(broker.url, 'B')).toBe(0);
    clock += 60_000;
    expect(await waitOf(broker.url, 'A')).toBe(0);
    expect(await waitOf(broker.url, 'A')).toBeCloseTo(interval);
    // A tenant the broker does not pace is refused, and the worker then paces itself.
    expect(await waitOf(broker.url, 'RATE_LIMIT')).toBeUndefined();
    expect(lines).toEqual([]);
  } finally {
    await broker.close();
  }
});

test('PACING: while the budget holds requests back, the run says so at most every few seconds', async () => {
  let clock = 0;
  const lines: string[] = [];
  const broker = await startPacingBroker(
    { A: { requestsPerWindow: 10, windowSeconds: 60 } },
    { now: () => clock, say: (line) => lines.push(line) },
  );
  try {
    // 8 per minute: 7.5 s apart. A worker asking every second waits longer and longer.
    for (let second = 0; second < 30; second += 1) {
      await waitOf(broker.url, 'A');
      clock += 1_000;
    }
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.length).toBeLessThanOrEqual(Math.ceil(30_000 / WAIT_NOTICE_MS));
    expect(lines[0]).toMatch(
      /^pacing: tenant A is waiting for budget \(8 requests per 60 s for this run, 80 % of its limit\): \d+ requests so far, the next waits \d+\.\d s$/,
    );
  } finally {
    await broker.close();
  }
});

test('PACING: shards split the budget; a generous budget is left to each worker', async () => {
  const broker = await startPacingBroker({ A: LIMIT }, { shards: 4, now: () => 0 });
  try {
    await waitOf(broker.url, 'A');
    expect(await waitOf(broker.url, 'A')).toBeCloseTo(pacingIntervalMs(LIMIT, 4));
  } finally {
    await broker.close();
  }
  expect(needsSharedPacing(LIMIT, 5)).toBe(true);
  expect(needsSharedPacing({ requestsPerWindow: 100_000, windowSeconds: 10 }, 3)).toBe(false);
  expect(pacingIntervalMs({ requestsPerWindow: 100_000, windowSeconds: 10 }, 3)).toBeLessThan(
    SHARED_PACING_MIN_INTERVAL_MS,
  );
});

test('PACING: a worker whose broker is gone falls back to its own share, and keeps to it', async () => {
  const broker = await startPacingBroker({ A: { requestsPerWindow: 1_000_000, windowSeconds: 60 } });
  const url = broker.url;
  await broker.close();
  let fallbacks = 0;
  let taken = 0;
  const pacer = new SharedPacer(url, 'A', () => {
    fallbacks += 1;
    return {
      take: async () => {
        taken += 1;
      },
    };
  });
  await pacer.take();
  await pacer.take();
  expect(fallbacks).toBe(1);
  expect(taken).toBe(2);
});

test('PACING: a worker waits the time the broker gives it', async () => {
  const broker = await startPacingBroker({ A: { requestsPerWindow: 12, windowSeconds: 1 } });
  try {
    const pacer = new SharedPacer(broker.url, 'A', () => {
      throw new Error('the broker answers: no fallback');
    });
    const started = performance.now();
    for (let i = 0; i < 4; i += 1) await pacer.take();
    // 12 × 0.8 per second: about 104 ms apart; three intervals at least (a busy machine is only slower).
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * 104 - 5);
  } finally {
    await broker.close();
  }
});

test('PACING: a broker that fails a request once is asked again, not given up: no worker paces on its own beside it', async () => {
  let calls = 0;
  const flaky = createServer((_req, res) => {
    calls += 1;
    res.writeHead(calls === 1 ? 500 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(calls === 1 ? {} : { waitMs: 0 }));
  });
  await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = flaky.address() as AddressInfo;
    const pacer = new SharedPacer(`http://127.0.0.1:${port}`, 'A', () => {
      throw new Error('fell back while the broker was there');
    });
    await pacer.take();
    await pacer.take();
    expect(calls).toBe(3);
  } finally {
    flaky.closeAllConnections();
    await new Promise<void>((resolve) => flaky.close(() => resolve()));
  }
});
