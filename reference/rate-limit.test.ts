import { request } from 'undici';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { RATE_LIMIT_HEADER_PATTERN } from '../spec/index.ts';
import { RATE_LIMIT_ALGORITHMS, type RateLimitAlgorithm } from './behaviour.ts';
import {
  createRateLimiter,
  FixedWindowLimiter,
  SlidingLogLimiter,
  SlidingWindowLimiter,
  TokenBucketLimiter,
} from './rate-limit.ts';
import { startReferenceServer } from './server.ts';
import { Readings } from './test-support/named-readings.ts';
import {
  type Answer,
  credentialHeaders,
  EVENTS_PATH,
  eventUrl,
  expectSimpleError,
  type Harness,
  payinEvent,
  send,
  withHarness,
} from './test-support/reference-app.ts';

const admitted = (
  limiter: ReturnType<typeof createRateLimiter>,
  key: string,
  at: number,
  times: number,
): number => {
  let count = 0;
  for (let i = 0; i < times; i += 1) if (limiter.take(key, at).allowed) count += 1;
  return count;
};

const rateLimitHeaders = (answer: Answer): string[] =>
  Object.keys(answer.headers).filter((name) => RATE_LIMIT_HEADER_PATTERN.test(name));

const expectNoRateLimitHeaders = (answer: Answer): void => {
  expect(rateLimitHeaders(answer), `rate-limit headers on a ${answer.status}`).toEqual([]);
};

/**
 * The statuses of `times` GETs of unknown events, one after another, compared by the caller in one
 * expect: each expect is a step Playwright reports with its stack, and these loops send hundreds.
 */
const statusesOf = async (client: Harness['a'], times: number): Promise<number[]> => {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) statuses.push((await client.get(crypto.randomUUID())).status);
  return statuses;
};

test.describe('reference: rate limiters (unit, fake time)', () => {
  for (const algorithm of RATE_LIMIT_ALGORITHMS) {
    test(`GAP-RATE-LIMIT-WINDOW ${algorithm}: a burst of capacity from rest is admitted, the next refused`, () => {
      const limiter = createRateLimiter(algorithm, 5, 1000);
      expect(admitted(limiter, 'a', 0, 5)).toBe(5);
      const refused = limiter.take('a', 0);
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(limiter.take('b', 0).allowed).toBe(true); // keys are independent
      expect(admitted(limiter, 'a', 1000, 1)).toBe(1); // served again after one window
    });

    test(`${algorithm}: never more than capacity in any window of steady traffic`, () => {
      const limiter = createRateLimiter(algorithm, 10, 1000);
      const times: number[] = [];
      for (let t = 0; t < 5000; t += 25) if (limiter.take('k', t).allowed) times.push(t);
      // with a window of 1 s, any 1 s span holds at most 2 × capacity for fixed, capacity for sliding,
      // and capacity + refill for the bucket; each admits about capacity per second on average
      const perSecond = times.length / 5;
      expect(perSecond).toBeGreaterThanOrEqual(9);
      expect(perSecond).toBeLessThanOrEqual(12);
    });
  }

  test('fixed-window: the window starts at the first request and resets after windowMs', () => {
    const limiter = new FixedWindowLimiter(3, 1000);
    expect(admitted(limiter, 'k', 500, 4)).toBe(3);
    expect(limiter.take('k', 1499)).toEqual({ allowed: false, retryAfterMs: 1 });
    expect(admitted(limiter, 'k', 1500, 4)).toBe(3);
    expect(limiter.remaining('k', 1500)).toBe(0);
  });

  test('sliding-window: at most capacity in any span of windowMs', () => {
    const limiter = new SlidingWindowLimiter(3, 1000);
    expect(admitted(limiter, 'k', 0, 1)).toBe(1);
    expect(admitted(limiter, 'k', 600, 3)).toBe(2);
    expect(limiter.take('k', 999)).toEqual({ allowed: false, retryAfterMs: 1 });
    expect(admitted(limiter, 'k', 1000, 3)).toBe(1); // only the request at 0 has left the window
    expect(admitted(limiter, 'k', 1600, 3)).toBe(2);
  });

  test('sliding-window: ten buckets per window; a request counts the current bucket and the nine before', () => {
    const limiter = new SlidingWindowLimiter(3, 1000);
    expect(admitted(limiter, 'k', 50, 1)).toBe(1); // bucket 0
    expect(admitted(limiter, 'k', 650, 3)).toBe(2); // bucket 6
    expect(limiter.take('k', 999)).toEqual({ allowed: false, retryAfterMs: 1 }); // bucket 0 leaves at 1000
    expect(admitted(limiter, 'k', 1049, 3)).toBe(1); // bucket 10: bucket 0 no longer counted
    expect(admitted(limiter, 'k', 1650, 3)).toBe(2); // bucket 16: bucket 6 no longer counted, bucket 10 is
    expect(limiter.remaining('k', 2100)).toBe(1); // bucket 21: only bucket 16 (two requests) counted
  });

  test('sliding-log: at most capacity in any span of windowMs, to the millisecond', () => {
    const limiter = new SlidingLogLimiter(3, 1000);
    expect(admitted(limiter, 'k', 50, 1)).toBe(1);
    expect(admitted(limiter, 'k', 650, 3)).toBe(2);
    expect(limiter.take('k', 1049)).toEqual({ allowed: false, retryAfterMs: 1 });
    expect(admitted(limiter, 'k', 1050, 3)).toBe(1);
    expect(limiter.take('k', 1649)).toEqual({ allowed: false, retryAfterMs: 1 });
    expect(admitted(limiter, 'k', 1650, 3)).toBe(2);
  });

  test('token-bucket: refills continuously at capacity per window', () => {
    const limiter = new TokenBucketLimiter(4, 1000);
    expect(admitted(limiter, 'k', 0, 5)).toBe(4);
    const refused = limiter.take('k', 0);
    expect(refused).toEqual({ allowed: false, retryAfterMs: 250 });
    expect(admitted(limiter, 'k', 250, 2)).toBe(1);
    expect(admitted(limiter, 'k', 10_000, 10)).toBe(4); // never above capacity
  });

  test('an infinite window never resets (used by a mutant)', () => {
    for (const algorithm of RATE_LIMIT_ALGORITHMS) {
      const limiter = createRateLimiter(algorithm, 2, Number.POSITIVE_INFINITY);
      expect(admitted(limiter, 'k', 0, 3)).toBe(2);
      expect(admitted(limiter, 'k', 1e12, 1)).toBe(0);
    }
  });
});

/** A harness whose clock the test moves; 5 requests per 10 s. */
const withClock = (
  algorithm: RateLimitAlgorithm,
  fn: (h: Harness, clock: { now: number }) => Promise<void>,
): Promise<void> => {
  const clock = { now: Date.parse('2026-03-01T12:00:00Z') };
  return withHarness(
    {
      rateLimit: { requestsPerWindow: 5, windowSeconds: 10 },
      behaviour: { rateLimitAlgorithm: algorithm },
      clock: () => clock.now,
    },
    (h) => fn(h, clock),
  );
};

test.describe('reference: rate limit per tenant (part 8)', () => {
  for (const algorithm of RATE_LIMIT_ALGORITHMS) {
    test(`RATE-LIMIT-429 (${algorithm}): past the limit a 429 with a structured body and no rate-limit headers`, async () => {
      await withClock(algorithm, async (h) => {
        const answers: Answer[] = [];
        for (let i = 0; i < 5; i += 1) answers.push(await h.a.get(crypto.randomUUID()));
        expect(answers.map((answer) => [answer.status, rateLimitHeaders(answer)])).toEqual(
          answers.map(() => [404, []]),
        );
        const limited = await h.a.post(payinEvent());
        expectSimpleError(limited, 429, 'ERR-9429');
        expect(Object.keys(limited.body).sort()).toEqual(['errorCode', 'status', 'title']);
        expectNoRateLimitHeaders(limited);
      });
    });

    test(`RATE-LIMIT-ALL-REQUESTS (${algorithm}): GETs, PUTs, 404s and failed validations all count`, async () => {
      await withClock(algorithm, async (h) => {
        const facts = new Readings();
        const uuid = await h.a.create(); // 1
        facts.fact('GET: status', (await h.a.get(uuid)).status, 200); // 2
        facts.fact('PUT: status', (await h.a.put(uuid, payinEvent())).status, 200); // 3
        facts.fact('a failed validation: status', (await h.a.post({})).status, 400); // 4
        facts.fact('GET of no uuid: status', (await h.a.get('not-a-uuid')).status, 404); // 5
        facts.simpleError('GET past the limit', await h.a.get(uuid), 429, 'ERR-9429');
        facts.simpleError('PUT past the limit', await h.a.put(uuid, payinEvent()), 429, 'ERR-9429');
        facts.simpleError(
          'malformed POST past the limit',
          await send(h.app, {
            method: 'POST',
            url: EVENTS_PATH,
            headers: { ...credentialHeaders(h.a.tenant), 'content-type': 'application/json' },
            payload: '{bad',
          }),
          429,
          'ERR-9429',
        );
        facts.expectAll();
      });
    });

    test(`RATE-LIMIT-PER-TENANT and RATE-LIMIT-WINDOW-RESET (${algorithm})`, async () => {
      await withClock(algorithm, async (h, clock) => {
        for (let i = 0; i < 5; i += 1) await h.rateLimited.get(crypto.randomUUID());
        expectSimpleError(await h.rateLimited.get(crypto.randomUUID()), 429, 'ERR-9429');
        expect((await h.a.get(crypto.randomUUID())).status).toBe(404); // another tenant is served
        expect((await h.b.post(payinEvent())).status).toBe(201);
        clock.now += 10_000;
        expect((await h.rateLimited.get(crypto.randomUUID())).status).toBe(404); // served again
      });
    });
  }

  test("each tenant's own limit and window: a raised tenant keeps going, a small one is throttled and quoted", async () => {
    const clock = { now: Date.parse('2026-03-01T12:00:00Z') };
    await withHarness(
      {
        rateLimit: { requestsPerWindow: 5, windowSeconds: 10 },
        tenantRateLimits: {
          A: { requestsPerWindow: 8, windowSeconds: 10 },
          RATE_LIMIT: { requestsPerWindow: 2, windowSeconds: 1 },
        },
        behaviour: { rateLimitBody: 'with-detail' },
        clock: () => clock.now,
      },
      async (h) => {
        expect(h.app.reference.rateLimits).toEqual({
          A: { requestsPerWindow: 8, windowSeconds: 10 },
          B: { requestsPerWindow: 5, windowSeconds: 10 },
          RATE_LIMIT: { requestsPerWindow: 2, windowSeconds: 1 },
        });
        const servedOf = async (client: typeof h.a, times: number) => {
          let served = 0;
          for (let i = 0; i < times; i += 1)
            if ((await client.get(crypto.randomUUID())).status === 404) served += 1;
          return served;
        };
        expect(await servedOf(h.a, 10)).toBe(8);
        expect(await servedOf(h.b, 10)).toBe(5);
        const limited = await h.rateLimited.get(crypto.randomUUID());
        expect(limited.status).toBe(404);
        await h.rateLimited.get(crypto.randomUUID());
        const throttled = await h.rateLimited.get(crypto.randomUUID());
        expectSimpleError(throttled, 429, 'ERR-9429');
        expect(throttled.body.detail).toBe('More than 2 requests in 1 s; retry later.');
        clock.now += 1_000; // the rate-limit tenant's own window, not the others'
        expect(await servedOf(h.rateLimited, 3)).toBe(2);
        expect(await servedOf(h.a, 1)).toBe(0);
      },
    );
  });

  test('one budget for every tenant (the rate-limit-global mutant) is one count for tenants of the same limit', async () => {
    await withHarness(
      { mutant: 'rate-limit-global', rateLimit: { requestsPerWindow: 3, windowSeconds: 60 } },
      async (h) => {
        expect(await statusesOf(h.rateLimited, 3)).toEqual([404, 404, 404]);
        expectSimpleError(await h.a.get(crypto.randomUUID()), 429, 'ERR-9429');
      },
    );
  });

  test("one budget for every tenant holds across tenants of different limits too: the tightest is everyone's", async () => {
    await withHarness(
      {
        mutant: 'rate-limit-global',
        rateLimit: { requestsPerWindow: 1000, windowSeconds: 60 },
        tenantRateLimits: { RATE_LIMIT: { requestsPerWindow: 3, windowSeconds: 60 } },
      },
      async (h) => {
        expect(await statusesOf(h.rateLimited, 3)).toEqual([404, 404, 404]);
        expectSimpleError(await h.a.get(crypto.randomUUID()), 429, 'ERR-9429');
      },
    );
  });

  test('requests that do not authenticate as the tenant do not count against it', async () => {
    await withClock('fixed-window', async (h) => {
      const { tenant } = h.a;
      for (let i = 0; i < 20; i += 1) {
        await send(h.app, {
          method: 'GET',
          url: eventUrl(crypto.randomUUID()),
          headers: { 'x-client-id': tenant.clientId },
        });
        await send(h.app, {
          method: 'GET',
          url: eventUrl(crypto.randomUUID()),
          headers: { ...credentialHeaders(tenant), 'x-access-token': 'svc_test_wrong' },
        });
        await send(h.app, {
          method: 'GET',
          url: eventUrl(crypto.randomUUID()),
          headers: { ...credentialHeaders(h.b.tenant), 'x-client-id': tenant.clientId },
        });
      }
      expect(await statusesOf(h.a, 6)).toEqual([404, 404, 404, 404, 404, 429]);
    });
  });

  test('the fixed window counts refused requests as nothing: a throttled tenant is served right at the reset', async () => {
    await withClock('fixed-window', async (h, clock) => {
      for (let i = 0; i < 5; i += 1) await h.a.get(crypto.randomUUID());
      clock.now += 9_999;
      expect(await statusesOf(h.a, 50)).toEqual(Array(50).fill(429));
      clock.now += 1;
      expect(await statusesOf(h.a, 5)).toEqual(Array(5).fill(404));
    });
  });

  test('the default limit is 1000 requests per 60 s', async () => {
    await withHarness({}, async (h) => {
      expect(h.app.reference.rateLimit).toEqual({ requestsPerWindow: 1000, windowSeconds: 60 });
      const statuses = await statusesOf(h.a, 1001);
      expect(statuses.filter((status) => status !== 404 && status !== 429)).toEqual([]);
      expect(statuses.filter((status) => status === 404).length).toBe(1000);
    });
  });

  test('over real HTTP with the real clock: throttled, then served again after the window', async () => {
    const server = await startReferenceServer({ rateLimit: { requestsPerWindow: 4, windowSeconds: 2 } });
    try {
      const { A } = server.tenants;
      const get = async () => {
        const response = await request(`${server.baseUrl}${eventUrl(crypto.randomUUID())}`, {
          headers: credentialHeaders(A),
        });
        const text = await response.body.text();
        return {
          status: response.statusCode,
          headers: response.headers,
          text,
          body: JSON.parse(text),
        } as Answer;
      };
      // Six at once, all inside the window however busy the machine: two are over the limit.
      const answers = await Promise.all(Array.from({ length: 6 }, get));
      for (const answer of answers) expectNoRateLimitHeaders(answer);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(2);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await get()).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
