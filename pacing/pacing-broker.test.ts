/**
 * Kit tests of the run's shared pacing (pacing-broker.ts): one schedule per tenant for every worker,
 * the budget's share kept whatever the number of workers asking, a line while requests wait for
 * budget, and a worker that falls back to its own share when the broker is gone.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { BudgetCannotHold } from './budget-cannot-hold.ts';
import {
  needsSharedPacing,
  SHARED_PACING_MIN_INTERVAL_MS,
  SharedPacer,
  startPacingBroker,
  WAIT_NOTICE_MS,
} from './pacing-broker.ts';
import { LATEST_DEPARTURE_MS, pacingIntervalMs, partOfShare, runShareOfLimit } from './request-pacer.ts';
import { peakInAnySpan } from './slot-schedule.ts';

const LIMIT = { requestsPerWindow: 1000, windowSeconds: 60 };

const waitOf = async (url: string, tenant: string, query = ''): Promise<number | undefined> => {
  const answer = await request(`${url}/${tenant}${query}`, { method: 'POST' });
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
    const interval = pacingIntervalMs(LIMIT, 1);
    // Ten requests at the same instant, as several workers would send them: one interval apart.
    const waits = await Promise.all(Array.from({ length: 10 }, () => waitOf(broker.url, 'A')));
    expect([...waits].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 10 }, (_, i) => i * interval),
    );
    // Tenants do not share a schedule; an idle tenant saves nothing up.
    expect(await waitOf(broker.url, 'B')).toBe(0);
    clock += 60_000;
    expect(await waitOf(broker.url, 'A')).toBe(0);
    expect(await waitOf(broker.url, 'A')).toBeCloseTo(interval);
    // Requests that leave together take one slot, and push the next on by their number.
    clock += 60_000;
    expect(await waitOf(broker.url, 'A', '?count=12')).toBe(0);
    expect(await waitOf(broker.url, 'A')).toBeCloseTo(12 * interval);
    // A worker that came too late for its slot asks one far enough ahead for the answer to arrive first.
    clock += 60_000;
    expect(await waitOf(broker.url, 'A', '?lead=300')).toBe(300);
    // A tenant the broker does not pace is refused, and the worker then paces itself; a burst over the share too.
    expect(await waitOf(broker.url, 'RATE_LIMIT')).toBeUndefined();
    expect(await waitOf(broker.url, 'B', '?count=81')).toBeUndefined();
    // Only the waits of the burst and the lead were worth a line.
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^pacing: tenant A is waiting for budget/);
  } finally {
    await broker.close();
  }
});

test('PACING: workers asking the broker on the real clock keep the share in every window of the limit', async () => {
  const limit = { requestsPerWindow: 20, windowSeconds: 1 };
  const broker = await startPacingBroker({ A: limit });
  try {
    const sentAt: number[] = [];
    const until = performance.now() + 3_500;
    // Three "workers", each with two requests in flight, as fast as the broker lets them.
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        const pacer = new SharedPacer(broker.url, 'A', () => {
          throw new Error('the broker answers: no fallback');
        });
        await Promise.all(
          [0, 1].map(async () => {
            for (;;) {
              await pacer.take();
              if (performance.now() >= until) return;
              sentAt.push(performance.timeOrigin + performance.now());
            }
          }),
        );
      }),
    );
    expect(peakInAnySpan(sentAt, limit.windowSeconds * 1000)).toBeLessThanOrEqual(runShareOfLimit(limit));
    expect(sentAt.length).toBeGreaterThan(runShareOfLimit(limit));
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
    // 8 per minute (and the margin): about 7.6 s apart. A worker asking every second waits longer and longer.
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
  const limit = { requestsPerWindow: 12, windowSeconds: 1 };
  const broker = await startPacingBroker({ A: limit });
  try {
    const pacer = new SharedPacer(broker.url, 'A', () => {
      throw new Error('the broker answers: no fallback');
    });
    const started = performance.now();
    for (let i = 0; i < 4; i += 1) await pacer.take();
    // 9 per 1.5 s: about 167 ms apart; three intervals at least (a busy machine is only slower).
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * pacingIntervalMs(limit, 1) - 5);
    expect(partOfShare(limit, 1).perSpan).toBe(9);
    expect(LATEST_DEPARTURE_MS).toBeGreaterThan(0);
  } finally {
    await broker.close();
  }
});

test('PACING: a broker that fails a request once is asked again, not given up: no worker paces on its own beside it', async () => {
  let calls = 0;
  const flaky = createServer((_req, res) => {
    calls += 1;
    res.writeHead(calls === 1 ? 500 : 200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(calls === 1 ? {} : { waitMs: 0, slotAt: performance.timeOrigin + performance.now() }),
    );
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

test('PACING: a burst over the share is refused as one the budget cannot hold; a count that is no count stays a RangeError', async () => {
  const limit = { requestsPerWindow: 12, windowSeconds: 1 };
  const broker = await startPacingBroker({ A: limit });
  try {
    const pacer = new SharedPacer(broker.url, 'A', () => {
      throw new Error('the broker answers: no fallback');
    });
    const over = pacer.take(partOfShare(limit, 1).perSpan + 1);
    await expect(over).rejects.toThrow(BudgetCannotHold);
    await expect(over).rejects.toThrow(/cannot leave together within a share of 9 per/);
    const none = await pacer.take(0).catch((error: unknown) => error);
    expect(none).toBeInstanceOf(RangeError);
    expect(none).not.toBeInstanceOf(BudgetCannotHold);
  } finally {
    await broker.close();
  }
});
