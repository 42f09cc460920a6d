/**
 * The 429 burst at the limits a provider sets, the spec's 1000 per 60 s and 100,000 per 60 s, against a
 * limiter that answers at once: how the burst spends the budget (rate-limit-burst.ts), the line that
 * says the machine's reach, and the oracle's verdict on what it gathered (judgeValidPostBurst). A whole
 * conformance run at these limits would judge what the machine's speed allows; here every figure is
 * the kit's own. The whole run at a limit every machine reaches is kit-tests/real-deployment.test.ts.
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { judgeValidPostBurst } from '../../oracle/index.ts';
import type { SendOptions, ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import { burstRate, exhaustBudget, rateLimitTenantActivity, reachLine } from './rate-limit-burst.ts';

const WINDOW = { windowMs: 60_000, variable: 'RATE_LIMIT_WINDOW_SECONDS' };

/** A limiter that serves `limit` requests with 201, then answers `throttledStatus` to every other. */
const limiterAnswering = (limit: number, throttledStatus: number): ServiceClient => {
  let served = 0;
  return {
    send: async (): Promise<ServiceResponse> => {
      served += 1;
      const status = served > limit ? throttledStatus : 201;
      return { status, headers: {}, text: '{}', json: {}, exchange: undefined } as unknown as ServiceResponse;
    },
  } as unknown as ServiceClient;
};

/** A worker that has sent the tenant nothing yet (the record is the module's, kept per target). */
const freshWorker = (): void => {
  const activity = rateLimitTenantActivity();
  activity.lastAnsweredAt = undefined;
  activity.lastExhaustion = undefined;
  activity.freshnessUnknown = false;
  activity.reachSaid = false;
};

const post = (): SendOptions => ({ method: 'POST', path: '/x', json: {} });

test.describe.configure({ mode: 'serial' });

for (const requestsPerWindow of [1000, 100_000]) {
  test(`ANY-LIMIT: at ${requestsPerWindow} per 60 s a conforming limiter's burst is judged passed, and the reach line names that limit`, async () => {
    test.setTimeout(120_000);
    const limit = { requestsPerWindow, windowSeconds: 60 };
    freshWorker();
    const burst = await exhaustBudget(limiterAnswering(requestsPerWindow, 429), limit, post);
    expect(burst.answers.withinLimit).toBe(requestsPerWindow);
    expect(burst.first429?.index).toBe(requestsPerWindow);
    expect(burst.unthrottled).toBeUndefined();
    const judged = judgeValidPostBurst(burst, WINDOW);
    expect(judged.violations).toEqual([]);
    expect(judged.notEstablished).toBeUndefined();
    expect(judged.evidence?.status).toBe(429);
    // Said once per target, from the first unpaused burst; its wording is the one a run prints.
    expect(rateLimitTenantActivity().reachSaid).toBe(true);
    expect(reachLine(burstRate(burst), limit)).toMatch(
      new RegExp(
        `^rate-limit checks: this machine reached \\d+ requests a second against the rate-limit tenant; its limit of ${requestsPerWindow} per 60 s needs more than ${Math.ceil(requestsPerWindow / 60)} a second: (enough|not enough)`,
      ),
    );
  });
}

test('ANY-LIMIT: at 100,000 per 60 s a limiter that throttles with 503 is caught past the limit, whatever the rate the burst went at', async () => {
  test.setTimeout(120_000);
  const limit = { requestsPerWindow: 100_000, windowSeconds: 60 };
  freshWorker();
  const burst = await exhaustBudget(limiterAnswering(limit.requestsPerWindow, 503), limit, post);
  // No 429 ever: the burst stops once more were served than any reading of the window admits.
  expect(burst.first429).toBeUndefined();
  expect(burst.unthrottled?.kind).toBe('too-many-served');
  const judged = judgeValidPostBurst(burst, WINDOW);
  expect(judged.violations.map((v) => v.rule)).toEqual(['RATE-LIMIT-429']);
  expect(judged.violations[0]?.message).toBe(
    'past the limit of 100000 the service must answer 429; request #100001 got HTTP 503',
  );
  expect(judged.evidence?.status).toBe(503);
});
