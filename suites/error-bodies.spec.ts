/**
 * Part 7: every non-2xx response has a structured JSON body. The fixtures check this for every
 * response of every test; these tests make each kind of error on purpose, so the rule has tests of
 * its own in the report and the certificate.
 */
import { EVENTS_PATH, HEADERS } from '../spec/index.ts';
import { because, expectErrorBody } from './support/expectations.ts';
import { expect, test } from './support/fixtures.ts';
import { validPayin, withField } from './support/sample-events.ts';
import type { ServiceResponse } from './support/service-client.ts';

const expectStructured = (response: ServiceResponse, label: string): void => {
  expect(response.status, because(response, `${label}: expected an error status`)).toBeGreaterThanOrEqual(
    400,
  );
  const body = expectErrorBody(response);
  expect(body.errorCode, because(response, `${label}: errorCode`)).toMatch(/^ERR-\d{4}$/);
  expect(typeof body.title, because(response, `${label}: title`)).toBe('string');
};

test.describe('error bodies', { tag: ['@errors'] }, () => {
  test('ERROR-BODY-SHAPE: header and lookup errors have JSON bodies with status, errorCode and title', {
    tag: ['@readonly'],
  }, async ({ tenantA, anonymous }) => {
    const probes: [string, () => Promise<ServiceResponse>][] = [
      [
        'token missing',
        () => tenantA.retrieve(crypto.randomUUID(), { headers: { [HEADERS.accessToken]: null } }),
      ],
      [
        'token invalid',
        () => tenantA.retrieve(crypto.randomUUID(), { headers: { [HEADERS.accessToken]: 'svc_test_nope' } }),
      ],
      [
        'tenant header missing',
        () => tenantA.retrieve(crypto.randomUUID(), { headers: { [HEADERS.clientId]: null } }),
      ],
      [
        'tenant header not a UUID',
        () => tenantA.retrieve(crypto.randomUUID(), { headers: { [HEADERS.clientId]: 'x' } }),
      ],
      ['no headers at all', () => anonymous.retrieve(crypto.randomUUID())],
      ['unknown uuid', () => tenantA.retrieve(crypto.randomUUID())],
    ];
    for (const [label, send] of probes) expectStructured(await send(), label);
  });

  test('ERROR-BODY-SHAPE: validation, duplicate and malformed-body errors have structured JSON bodies', async ({
    tenantA,
    runId,
  }) => {
    const event = validPayin(runId);
    expect((await tenantA.create(event)).status).toBe(201);
    expectStructured(await tenantA.create(event), 'duplicate externalId');
    expectStructured(await tenantA.create(withField(validPayin(runId), 'amount', -1)), 'validation failure');
    expectStructured(
      await tenantA.send({ method: 'POST', path: EVENTS_PATH, rawBody: '{"externalId":' }),
      'malformed JSON',
    );
  });
});
