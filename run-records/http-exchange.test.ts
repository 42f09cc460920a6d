/** Kit tests of the pure parts of the conformance harness. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { redact, redactHeaders, redactSecretsOfServer, registerSecrets } from '../utilities/redaction.ts';
import { describeExchange, type HttpExchange, SHOWN_BODY_CHARS, toCurl } from './http-exchange.ts';

test('HARNESS: tokens are redacted from text, headers, curl commands and exchanges', () => {
  const secret = 'svc_test_k1tS3cr3tV4lu3';
  const oddSecret = 'plain-secret-without-prefix';
  registerSecrets(secret, oddSecret);
  expect(redact(`token=${secret}; other=svc_live_abc.def`)).toBe(
    'token=svc_test_<redacted>; other=svc_live_<redacted>',
  );
  expect(redact(`x ${oddSecret} y`)).toBe('x <redacted> y');
  expect(redactHeaders({ 'X-Access-Token': 'anything-at-all', 'X-Client-Id': 'id' })).toEqual({
    'X-Access-Token': '<redacted>',
    'X-Client-Id': 'id',
  });
  const exchange: HttpExchange = {
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:1/api/h2h/ingestion/financial-events',
      headers: { 'X-Access-Token': secret, 'X-Client-Id': 'id', 'Content-Type': 'application/json' },
      body: `{"note":"it's ${secret}"}`,
    },
    response: { status: 401, headers: { echo: secret }, body: `{"title":"bad token ${secret}"}` },
    error: undefined,
    startedAt: '2026-11-21T00:00:00.000Z',
    durationMs: 3,
  };
  const curl = toCurl(exchange.request);
  expect(curl).toContain("-H 'X-Access-Token: svc_test_<redacted>'");
  expect(curl).toContain(`--data-binary '{"note":"it'\\''s svc_test_<redacted>"}'`);
  const text = describeExchange(exchange);
  expect(text).toContain('HTTP 401');
  expect(text).not.toContain(secret);
  expect(text).not.toContain('k1tS3cr3t');
});

test('HARNESS: a body of megabytes is shown cut, redacted before the cut, and says how much was left out', () => {
  const secret = 'svc_test_cutS3cr3tValue';
  registerSecrets(secret);
  const long = `${'x'.repeat(4090)}${secret}${'y'.repeat(SHOWN_BODY_CHARS)}`;
  const exchange: HttpExchange = {
    request: { method: 'POST', url: 'http://127.0.0.1:1/api', headers: {}, body: long },
    response: { status: 413, headers: {}, body: long },
    error: undefined,
    startedAt: '2026-11-30T00:00:00.000Z',
    durationMs: 1,
  };
  const text = describeExchange(exchange);
  expect(text).not.toContain('cutS3cr3t');
  expect(text.length).toBeLessThan(3 * 4096);
  expect(text).toContain('more characters not shown]');
  const short = { ...exchange, request: { ...exchange.request, body: '{"a":1}' } };
  expect(toCurl(short.request)).toContain(`--data-binary '{"a":1}'`);
});

test("HARNESS: in a batch of servers the secrets in force are the current server's; a token of any server is still redacted by its shape", () => {
  // Without a prefix, only its registration redacts a secret: which one is in force shows here.
  const first = 'Xq7vLp2mZr9kTs5e';
  const second = 'Hb4nWt8yCd3jGu6a';
  try {
    redactSecretsOfServer('mutant-one');
    registerSecrets(first);
    redactSecretsOfServer('mutant-two');
    registerSecrets(second);
    expect(redact(`${first} ${second}`)).toBe(`${first} <redacted>`);
    expect(redact('svc_test_0therServersT0ken')).toBe('svc_test_<redacted>');
    redactSecretsOfServer('mutant-one');
    expect(redact(`${first} ${second}`)).toBe(`<redacted> ${second}`);
  } finally {
    redactSecretsOfServer('');
  }
  expect(redact('svc_test_k1tS3cr3tV4lu3 Xq7vLp2mZr9kTs5e')).toBe('svc_test_<redacted> Xq7vLp2mZr9kTs5e');
});

test("HARNESS: a deployment's own token prefix (th_test_) is shown, nothing after it; tokens made up of that prefix are redacted too", () => {
  const secret = 'th_test_0wnPr3f1xS3cr3tV4lu3';
  registerSecrets(secret);
  expect(redact(`token=${secret}`)).toBe('token=th_test_<redacted>');
  expect(redactHeaders({ 'X-Access-Token': secret })).toEqual({ 'X-Access-Token': 'th_test_<redacted>' });
  // The suite's made-up tokens of the prefix in use and of the other environment's, never registered.
  expect(redact('sent th_test_5f2c9a0e11 and th_live_77aa01bc')).toBe(
    'sent th_test_<redacted> and th_live_<redacted>',
  );
  expect(redact('the secret as live: th_live_0wnPr3f1xS3cr3tV4lu3')).not.toContain('0wnPr3f1x');
  // A fragment of the secret, the prefix left out, is a leak as much as the whole.
  expect(redact('echo: 0wnPr3f1xS3cr3t')).not.toContain('0wnPr3f1x');
  // A fragment takes the whole run of token characters around it, on both sides, each time it occurs.
  expect(redact('a: zz3f1xS3cr3tV4lu3zz; b: "r3f1xS3cr3tV4" c: ok')).toBe(
    'a: <redacted>; b: "<redacted>" c: ok',
  );
});
