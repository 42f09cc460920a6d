import { createServer } from 'node:http';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { startReferenceServer } from '../reference/index.ts';
import { EVENTS_PATH } from '../spec/http-interface.ts';
import { startFaultProxy } from './fault-proxy.ts';
import { forwardedHeaders, forwarderTo, listenOnLoopback } from './proxy-forwarder.ts';

test('PROXY FORWARDER: hop-by-hop headers stay with their connection, every other header goes on', () => {
  expect(
    forwardedHeaders({
      connection: 'keep-alive',
      'Keep-Alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      'x-client-id': 'abc',
      'content-type': 'application/json',
    }),
  ).toEqual({ 'x-client-id': 'abc', 'content-type': 'application/json' });
});

test('PROXY FORWARDER: the slow fault answers exactly as the reference does, no sooner than its delay', async () => {
  const server = await startReferenceServer({});
  const proxy = await startFaultProxy(server.baseUrl, { kind: 'slow', delayMs: 300 });
  try {
    const { A } = server.tenants;
    const headers = { 'X-Client-Id': A.clientId, 'X-Access-Token': A.accessToken };
    const unknown = `${EVENTS_PATH}/00000000-0000-4000-8000-000000000000`;
    const direct = await fetch(`${server.baseUrl}${unknown}`, { headers });
    const started = performance.now();
    const slow = await fetch(`${proxy.baseUrl}${unknown}`, { headers });
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(slow.status).toBe(direct.status);
    expect(await slow.json()).toEqual(await direct.json());
    expect(proxy.counts()).toEqual({ requests: 1, faulted: 0 });
  } finally {
    await proxy.close();
    await server.close();
  }
});

test('PROXY FORWARDER: an upstream that cannot be reached is a plain 502 naming the proxy', async () => {
  // A port that was free a moment ago: nothing listens on it now.
  const probe = await listenOnLoopback(createServer(), { destroy: () => undefined });
  await probe.close();
  const forwarder = forwarderTo(probe.baseUrl, 'test proxy');
  const proxy = await listenOnLoopback(
    createServer((incoming, outgoing) => forwarder.forward(incoming, Buffer.alloc(0), outgoing)),
    forwarder,
  );
  try {
    const answer = await fetch(`${proxy.baseUrl}/anything`);
    expect(answer.status).toBe(502);
    expect(await answer.text()).toBe('the test proxy could not reach the reference server');
  } finally {
    await proxy.close();
  }
});
