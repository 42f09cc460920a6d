/**
 * Kit tests of how the @ratelimit checks spend their tenant's budget (rate-limit-burst.ts): a worker's
 * first burst goes out at once, and waits for a fresh window only when a 429 before the limit shows that
 * someone else began the window; later checks wait for a whole window of silence, and say so.
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { SendOptions, ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import {
  burstRate,
  exhaustBudget,
  exhaustFromFreshWindow,
  fullLimitServed,
  rateLimitTenantActivity,
  reachLine,
  recentOrOwnExhaustion,
  silenceMarginMs,
  waitForFreshWindow,
} from './rate-limit-burst.ts';

const LIMIT = { requestsPerWindow: 10, windowSeconds: 1 };

/** A tenant behind a fixed window of the limit, started by its first request; `used` already spent. */
const fixedWindowClient = (used: number): { client: ServiceClient; sent: () => number } => {
  let windowStart = performance.now();
  let count = used;
  let sent = 0;
  const answer = (status: number): ServiceResponse =>
    ({ status, headers: {}, text: '{}', json: {}, exchange: undefined }) as unknown as ServiceResponse;
  const client = {
    send: async (_options: SendOptions): Promise<ServiceResponse> => {
      sent += 1;
      await new Promise((resolve) => setImmediate(resolve));
      const now = performance.now();
      if (now - windowStart >= LIMIT.windowSeconds * 1000) {
        windowStart = now;
        count = 0;
      }
      if (count >= LIMIT.requestsPerWindow) return answer(429);
      count += 1;
      return answer(201);
    },
  } as unknown as ServiceClient;
  return { client, sent: () => sent };
};

const forget = (): void => {
  rateLimitTenantActivity().lastAnsweredAt = undefined;
  rateLimitTenantActivity().lastExhaustion = undefined;
  rateLimitTenantActivity().freshnessUnknown = false;
  rateLimitTenantActivity().reachSaid = false;
  rateLimitTenantActivity().freshBurstStartedAt = undefined;
  rateLimitTenantActivity().created = undefined;
};

const post = (): SendOptions => ({ method: 'POST', path: '/x', json: {} });

test.describe.configure({ mode: 'serial' });

test('RATE-LIMIT-BURST: a fresh tenant is not waited for: the first burst is served the limit at once', async () => {
  forget();
  const { client, sent } = fixedWindowClient(0);
  await waitForFreshWindow(LIMIT);
  // Nothing was known of the tenant, so nothing was waited for: the freshness is marked unknown instead.
  expect(rateLimitTenantActivity().freshnessUnknown).toBe(true);
  const burst = await exhaustBudget(client, LIMIT, post);
  expect(burst.answers.withinLimit).toBe(LIMIT.requestsPerWindow);
  expect(burst.answers.withinLimitCounts).toEqual(new Map([[201, LIMIT.requestsPerWindow]]));
  expect(burst.first429).toBeDefined();
  expect(sent()).toBe(burst.answers.count);
});

test('RATE-LIMIT-BURST: a window someone else began (a 429 before the limit) is waited out, then the burst starts again', async () => {
  forget();
  const { client } = fixedWindowClient(7);
  const started = performance.now();
  await waitForFreshWindow(LIMIT);
  const burst = await exhaustBudget(client, LIMIT, post);
  // The second burst came after a whole window of silence, and was served the whole limit.
  expect(performance.now() - started).toBeGreaterThanOrEqual(LIMIT.windowSeconds * 1000);
  expect(burst.answers.withinLimit).toBe(LIMIT.requestsPerWindow);
  expect(burst.answers.early429).toBeUndefined();
  expect(rateLimitTenantActivity().lastExhaustion).toBe(burst);
});

test('RATE-LIMIT-BURST: once the worker has used the tenant, a check waits a whole window of silence', async () => {
  forget();
  const { client } = fixedWindowClient(0);
  await waitForFreshWindow(LIMIT);
  await exhaustBudget(client, LIMIT, post);
  const lastAnswer = rateLimitTenantActivity().lastAnsweredAt as number;
  await waitForFreshWindow(LIMIT);
  expect(performance.now() - lastAnswer).toBeGreaterThanOrEqual(
    LIMIT.windowSeconds * 1000 + silenceMarginMs(LIMIT),
  );
  // Known silent: an early 429 now is the target's, and is kept (not retried).
  const { client: busy } = fixedWindowClient(7);
  const burst = await exhaustBudget(busy, LIMIT, post);
  expect(burst.answers.early429).toBeDefined();
});

test("RATE-LIMIT-BURST: the tenant's record is kept per target: a worker serving two servers in turn (the self-check's batch) reads each one's own", async () => {
  const previous = process.env.TARGET_BASE_URL;
  try {
    process.env.TARGET_BASE_URL = 'http://127.0.0.1:1';
    forget();
    const { client } = fixedWindowClient(0);
    await waitForFreshWindow(LIMIT);
    const burst = await exhaustBudget(client, LIMIT, post);
    expect(rateLimitTenantActivity().lastExhaustion).toBe(burst);
    process.env.TARGET_BASE_URL = 'http://127.0.0.1:2';
    // Nothing is known of the other server's tenant: no burst to reuse, no silence to wait for.
    expect(rateLimitTenantActivity().lastExhaustion).toBeUndefined();
    expect(rateLimitTenantActivity().lastAnsweredAt).toBeUndefined();
    process.env.TARGET_BASE_URL = 'http://127.0.0.1:1';
    expect(rateLimitTenantActivity().lastExhaustion).toBe(burst);
  } finally {
    if (previous === undefined) delete process.env.TARGET_BASE_URL;
    else process.env.TARGET_BASE_URL = previous;
  }
});

/** A tenant that answers at once: `throttleAfter` requests served, 429 after them (never, when undefined). */
const instantClient = (throttleAfter: number | undefined): ServiceClient => {
  let count = 0;
  const answer = (status: number): ServiceResponse =>
    ({ status, headers: {}, text: '{}', json: {}, exchange: undefined }) as unknown as ServiceResponse;
  return {
    send: async (): Promise<ServiceResponse> => {
      count += 1;
      return answer(throttleAfter !== undefined && count > throttleAfter ? 429 : 201);
    },
  } as unknown as ServiceClient;
};

test('RATE-LIMIT-BURST: a limit of 100,000 a minute is spent, and a limiter that lets 10 % more through is run past, without a crash', async () => {
  test.setTimeout(120_000);
  const limit = { requestsPerWindow: 100_000, windowSeconds: 60 };
  forget();
  const conforming = await exhaustBudget(instantClient(limit.requestsPerWindow), limit, post);
  expect(conforming.answers.withinLimit).toBe(limit.requestsPerWindow);
  expect(conforming.answers.early429).toBeUndefined();
  expect(conforming.first429?.index).toBe(limit.requestsPerWindow);
  forget();
  // 110,000 served: the burst goes on past the limit to the first 429, every answer kept in order.
  const loose = await exhaustBudget(instantClient(110_000), limit, post);
  expect(loose.admitted).toBe(110_000);
  expect(loose.first429?.index).toBe(110_000);
  expect(loose.unthrottled).toBeUndefined();
});

test("RATE-LIMIT-BURST: the machine's reach is said against the rate the limit needs", () => {
  const limit = { requestsPerWindow: 100_000, windowSeconds: 60 };
  expect(reachLine(8_000, limit)).toBe(
    'rate-limit checks: this machine reached 8000 requests a second against the rate-limit tenant; its limit of 100000 per 60 s needs more than 1667 a second: enough to exceed the limit within a window',
  );
  expect(reachLine(900, limit)).toMatch(
    /reached 900 requests a second.*not enough to exceed the limit within a window: the checks that must exceed it are inconclusive/,
  );
  expect(burstRate({ answers: { count: 500 }, startedAt: 1_000, endedAt: 1_250 })).toBe(2_000);
});

test('RATE-LIMIT-BURST: a check reuses the last burst from a fresh window while it is recent, or sends its own', async () => {
  forget();
  const { client, sent } = fixedWindowClient(0);
  const own = await recentOrOwnExhaustion(client, LIMIT, post);
  expect(own.answers.first429).toBeDefined();
  expect(rateLimitTenantActivity().lastExhaustion).toBe(own);
  const before = sent();
  expect(await recentOrOwnExhaustion(client, LIMIT, post)).toBe(own);
  expect(sent()).toBe(before);
  // Older than asked: a burst of the check's own, after a whole window of silence.
  const again = await recentOrOwnExhaustion(client, LIMIT, post, { withinMs: -1 });
  expect(again).not.toBe(own);
  expect(again.startedAt).toBeGreaterThanOrEqual(
    (own.answers.last?.answeredAt ?? own.endedAt) + LIMIT.windowSeconds * 1000,
  );
});

test("RATE-LIMIT-BURST: the worker's first burst, served its whole limit before a 429, is a window the counter may start in", async () => {
  forget();
  const { client } = fixedWindowClient(0);
  const burst = await exhaustFromFreshWindow(client, LIMIT, post);
  expect(fullLimitServed(burst.answers)).toBe(true);
  expect(rateLimitTenantActivity().freshBurstStartedAt).toBe(burst.startedAt);
});

test('RATE-LIMIT-BURST: a 429 before the limit, or none at all, leaves the window unproved: the counter waits for a fresh one', () => {
  const first429 = { index: 10 };
  expect(fullLimitServed({ first429, early429: undefined })).toBe(true);
  expect(fullLimitServed({ first429: { index: 3 }, early429: { index: 3 } })).toBe(false);
  expect(fullLimitServed({ first429: undefined, early429: undefined })).toBe(false);
});

test('RATE-LIMIT-BURST: a limiter that never refuses leaves no window for the counter', async () => {
  forget();
  const served: ServiceClient = {
    send: async () => ({ status: 201, headers: {}, text: '{}', json: {} }) as unknown as ServiceResponse,
  } as unknown as ServiceClient;
  const burst = await exhaustFromFreshWindow(served, { requestsPerWindow: 10, windowSeconds: 0.05 }, post);
  expect(burst.first429).toBeUndefined();
  expect(rateLimitTenantActivity().freshBurstStartedAt).toBeUndefined();
});

test("RATE-LIMIT-BURST: the first POST a burst created is kept, the tenant's own event for the counter's probes", async () => {
  forget();
  const { client } = fixedWindowClient(0);
  const burst = await exhaustBudget(client, LIMIT, (index) => ({
    ...post(),
    json: { externalId: `e-${index}` },
  }));
  const created = rateLimitTenantActivity().created;
  expect(created?.response.status).toBe(201);
  expect(created?.request.json).toEqual({ externalId: `e-${created?.index}` });
  expect(created?.answeredAt).toBeLessThanOrEqual(burst.endedAt);
  // A later burst keeps the first.
  await exhaustBudget(client, LIMIT, post);
  expect(rateLimitTenantActivity().created).toBe(created);
});
