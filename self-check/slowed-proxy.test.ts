import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { startReferenceServer } from '../reference/index.ts';
import { EVENTS_PATH } from '../spec/http-interface.ts';
import { delayFor, startSlowedProxy } from './slowed-proxy.ts';

test('SLOWED PROXY: the delay grows with the requests in flight, its own included', () => {
  expect(delayFor(1, 150)).toBe(150);
  expect(delayFor(10, 150)).toBe(1500);
  expect(delayFor(0, 150)).toBe(150);
});

test('SLOWED PROXY: it answers exactly as the reference does, and holds requests side by side', async () => {
  const server = await startReferenceServer({ rateLimit: { requestsPerWindow: 1000, windowSeconds: 60 } });
  const proxy = await startSlowedProxy(server.baseUrl, 20);
  try {
    const { A } = server.tenants;
    const headers = {
      'X-Client-Id': A.clientId,
      'X-Access-Token': A.accessToken,
      'Content-Type': 'application/json',
    };
    const created = await fetch(`${proxy.baseUrl}${EVENTS_PATH}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        externalId: 'slowed-proxy-1',
        type: 'INTERNAL_PAYIN',
        countryCode: 'DE',
        currencyCode: 'EUR',
        amount: 12.5,
        status: 'PENDING',
      }),
    });
    expect(created.status).toBe(201);
    const { uuid } = (await created.json()) as { uuid: string };
    expect(server.eventCount(A.clientId)).toBe(1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => fetch(`${proxy.baseUrl}${EVENTS_PATH}/${uuid}`, { headers })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const [first] = answers;
    if (!first) throw new Error('no answer');
    expect(((await first.json()) as { externalId: string }).externalId).toBe('slowed-proxy-1');
    const refused = await fetch(`${proxy.baseUrl}${EVENTS_PATH}/${uuid}`, {
      headers: { ...headers, 'X-Access-Token': 'svc_test_nope' },
    });
    expect(refused.status).toBe(401);
    // Six at once, each held at least 20 ms: they were in flight together.
    expect(proxy.peakInFlight()).toBeGreaterThan(1);
  } finally {
    await proxy.close();
    await server.close();
  }
});
