/** Kit tests of the pure parts of the conformance harness. */
import { expect, test } from '@playwright/test';
import { fieldNames, fieldNotation, fieldSegments } from './field-paths.ts';
import { describeExchange, type HttpExchange, toCurl } from './http-exchange.ts';
import { redact, redactHeaders, registerSecrets } from './redaction.ts';
import { compareVerdict } from './verdict-matching.ts';

test('HARNESS: field paths in every notation name the same field', () => {
  expect(fieldSegments('multiCurrencyAmounts[1].amount')).toEqual(['multiCurrencyAmounts', '1', 'amount']);
  expect(fieldSegments('/multiCurrencyAmounts/1/amount')).toEqual(['multiCurrencyAmounts', '1', 'amount']);
  expect(fieldSegments('$.payload.channel')).toEqual(['payload', 'channel']);
  expect(fieldSegments("payload['channel']")).toEqual(['payload', 'channel']);
  for (const reported of ['payload.channel', '/payload/channel', 'channel', '$.payload.channel']) {
    expect(fieldNames(reported, 'payload.channel'), reported).toBe(true);
  }
  expect(fieldNames('multiCurrencyAmounts.1.amount', 'multiCurrencyAmounts[1].amount')).toBe(true);
  expect(fieldNames('multiCurrencyAmounts[0].amount', 'multiCurrencyAmounts[1].amount')).toBe(false);
  expect(fieldNames('payload', 'payload.channel')).toBe(false);
  expect(fieldNames('amount', 'currencyCode')).toBe(false);
  // An array item has no name of its own: a leaf notation names it by its array (variant leaf-field-names).
  expect(fieldNames('multiCurrencyAmounts', 'multiCurrencyAmounts[0]')).toBe(true);
  expect(fieldNames('multiCurrencyAmounts', 'multiCurrencyAmounts[0].amount')).toBe(false);
  expect(fieldNotation('/payload/channel')).toMatch(/pointer/);
  expect(fieldNotation('multiCurrencyAmounts[0].amount')).toMatch(/index/);
});

test('HARNESS: verdicts compare as sets, nothing missing and nothing invented, leaf notation paired right', () => {
  const expected = [
    { field: 'multiCurrencyAmounts[0].amount', errorCode: 'ERR-3008' },
    { field: 'multiCurrencyAmounts[2].amount', errorCode: 'ERR-3008' },
    { field: 'payload.foo', errorCode: 'ANY' },
  ];
  const leafReported = [
    { field: 'foo', errorCode: 'ERR-9999' },
    { field: 'amount', errorCode: 'ERR-3008' },
    { field: 'amount', errorCode: 'ERR-3008' },
  ];
  expect(compareVerdict(expected, leafReported)).toEqual({ missing: [], unexpected: [] });
  const onlyFirst = compareVerdict(expected, leafReported.slice(0, 2));
  expect(onlyFirst.missing).toHaveLength(1);
  const invented = compareVerdict(expected.slice(0, 1), [
    { field: 'multiCurrencyAmounts[0].amount', errorCode: 'ERR-3008' },
    { field: 'amount', errorCode: 'ERR-3005' },
  ]);
  expect(invented.unexpected).toEqual([{ field: 'amount', errorCode: 'ERR-3005' }]);
  expect(
    compareVerdict(
      [{ field: 'amount', errorCode: 'ERR-3005' }],
      [{ field: 'amount', errorCode: 'ERR-3008' }],
    ),
  ).toEqual({
    missing: [{ field: 'amount', errorCode: 'ERR-3005' }],
    unexpected: [{ field: 'amount', errorCode: 'ERR-3008' }],
  });
});

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
