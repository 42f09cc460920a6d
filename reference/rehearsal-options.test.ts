/**
 * The options that let the reference server stand in for a remote deployment: HTTPS with a given
 * certificate, and a simulated round trip on every answer.
 */
import { rootCertificates } from 'node:tls';
import { Agent, request } from 'undici';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { buildReferenceApp } from './app.ts';
import { startReferenceServer } from './server.ts';
import { credentialHeaders, EVENTS_PATH, eventUrl, payinEvent, send } from './test-support/reference-app.ts';
import { generateSelfSignedCertificate } from './tls.ts';

test.describe('reference: HTTPS and a simulated latency', () => {
  test('the tls option serves HTTPS, trusted by a client that trusts the certificate, refused otherwise', async () => {
    const identity = await generateSelfSignedCertificate();
    const server = await startReferenceServer({ tls: identity });
    const trusting = new Agent({ connect: { ca: [...rootCertificates, identity.cert] } });
    try {
      expect(server.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const { A } = server.tenants;
      const created = await request(`${server.baseUrl}${EVENTS_PATH}`, {
        method: 'POST',
        dispatcher: trusting,
        headers: { ...credentialHeaders(A), 'content-type': 'application/json' },
        body: JSON.stringify(payinEvent()),
      });
      expect(created.statusCode).toBe(201);
      const { uuid } = (await created.body.json()) as { uuid: string };
      const fetched = await request(`${server.baseUrl}${eventUrl(uuid)}`, {
        dispatcher: trusting,
        headers: credentialHeaders(A),
      });
      expect(fetched.statusCode).toBe(200);
      await fetched.body.dump();
      await expect(
        request(`${server.baseUrl}${eventUrl(uuid)}`, { headers: credentialHeaders(A) }),
      ).rejects.toThrow(/self-signed certificate/);
      // localhost is named by the certificate too
      const local = await request(`${server.baseUrl.replace('127.0.0.1', 'localhost')}${eventUrl(uuid)}`, {
        dispatcher: trusting,
        headers: credentialHeaders(A),
      });
      expect(local.statusCode).toBe(200);
      await local.body.dump();
    } finally {
      await trusting.close();
      await server.close();
    }
  });

  test('the latency option delays every answer, errors and unknown routes included', async () => {
    const app = buildReferenceApp({ latency: { minMs: 120, maxMs: 180 } });
    try {
      const { A } = app.reference.tenants;
      for (const request of [
        { method: 'GET' as const, url: eventUrl(crypto.randomUUID()), headers: credentialHeaders(A) },
        { method: 'GET' as const, url: eventUrl(crypto.randomUUID()) },
        { method: 'GET' as const, url: '/nowhere' },
        {
          method: 'POST' as const,
          url: EVENTS_PATH,
          headers: { ...credentialHeaders(A), 'content-type': 'application/json' },
          payload: payinEvent(),
        },
      ]) {
        const started = performance.now();
        const answer = await send(app, request);
        // A lower bound only: a busy machine can make an answer slower, never faster.
        expect(performance.now() - started, request.url).toBeGreaterThanOrEqual(115);
        expect(answer.status).toBeGreaterThanOrEqual(200);
      }
    } finally {
      await app.close();
    }
  });

  test('bad tls or latency options fail the start with a clear message', () => {
    expect(() => buildReferenceApp({ latency: { minMs: 200, maxMs: 100 } })).toThrow(
      /latency must be \{ minMs, maxMs \} with 0 <= minMs <= maxMs <= 60000/,
    );
    expect(() => buildReferenceApp({ latency: { minMs: -1, maxMs: 10 } })).toThrow(/latency must be/);
    expect(() => buildReferenceApp({ latency: { minMs: 0, maxMs: 70_000 } })).toThrow(/latency must be/);
    expect(() => buildReferenceApp({ tls: { key: 'nope', cert: 'nope' } })).toThrow(
      /tls.key must be a PEM private key/,
    );
    expect(() => buildReferenceApp({ tls: { key: '-----BEGIN PRIVATE KEY-----\n', cert: 'nope' } })).toThrow(
      /tls.cert must be a PEM certificate/,
    );
  });
});
