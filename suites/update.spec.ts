/** Part 4: PUT updates an existing event; its status and body are gaps, observed. */
import {
  because,
  expectCreated,
  expectError,
  expectErrorBody,
  expectSameEvent,
} from './support/expectations.ts';
import { expect, test } from './support/fixtures.ts';
import { validPayin, validPayout, withField } from './support/sample-events.ts';
import type { ServiceResponse } from './support/service-client.ts';

const describePutAnswer = (response: ServiceResponse, uuid: string): string => {
  const body = response.json as Record<string, unknown> | undefined;
  if (response.text.trim() === '') return 'no body';
  if (body && typeof body === 'object' && 'externalId' in body) return 'the updated event';
  if (body && typeof body === 'object' && body.uuid === uuid && Object.keys(body).length === 1)
    return '{uuid}';
  return `another body (${Object.keys(body ?? {}).join(', ') || 'not JSON'})`;
};

test.describe('update', { tag: ['@update'] }, () => {
  test('UPDATE-APPLIES: PUT with a valid body succeeds and GET shows the new values', async ({
    tenantA,
    runId,
    observe,
  }) => {
    const original = validPayin(runId);
    const uuid = expectCreated(await tenantA.create(original));
    const updated = {
      ...original,
      status: 'BOOKED',
      amount: 130.25,
      originalStatus: 'CONFIRMED',
      payload: { channel: 'CRYPTO', payerName: 'Erika M.' },
      multiCurrencyAmounts: [{ currencyCode: 'USD', amount: 141.7 }],
    };
    const response = await tenantA.update(uuid, updated);
    expect(response.status, because(response, 'a valid PUT must succeed (any 2xx)')).toBeGreaterThanOrEqual(
      200,
    );
    expect(response.status, because(response, 'a valid PUT must succeed (any 2xx)')).toBeLessThan(300);
    await observe('GAP-PUT-STATUS', `PUT answers ${response.status}`);
    await observe('GAP-PUT-BODY', `PUT answers with ${describePutAnswer(response, uuid)}`);
    if (response.status !== 204 && response.text.trim() !== '') {
      expect(response.json, because(response, 'a PUT body, when there is one, must be JSON')).toBeDefined();
    }
    expectSameEvent(await tenantA.retrieve(uuid), updated);
  });

  test('UPDATE-APPLIES: PUT can change the type, with the payload fields of the new type', async ({
    tenantA,
    runId,
  }) => {
    const original = validPayin(runId);
    const uuid = expectCreated(await tenantA.create(original));
    const updated = { ...validPayout(runId), externalId: original.externalId };
    const response = await tenantA.update(uuid, updated);
    expect(response.status, because(response, 'a valid PUT must succeed (any 2xx)')).toBeLessThan(300);
    expectSameEvent(await tenantA.retrieve(uuid), updated);
  });

  test('UPDATE-UNKNOWN-404: PUT of an unknown uuid gives 404 ERR-4002 and creates nothing', async ({
    tenantA,
    runId,
  }) => {
    const uuid = crypto.randomUUID();
    const event = validPayout(runId);
    expectError(await tenantA.update(uuid, event), 'ERR-4002');
    expectError(await tenantA.retrieve(uuid), 'ERR-4002');
    // Had the PUT stored the event, its externalId would now be taken.
    expectCreated(await tenantA.create(event));
  });

  test('GAP-STATUS-TRANSITIONS: a status moved back from BOOKED to PENDING is accepted or refused cleanly', async ({
    tenantA,
    runId,
    observe,
  }) => {
    const original = withField(validPayout(runId), 'status', 'BOOKED');
    const uuid = expectCreated(await tenantA.create(original));
    const response = await tenantA.update(uuid, { ...original, status: 'PENDING' });
    expect(response.status, because(response, 'the service must answer, not fail')).toBeLessThan(500);
    if (response.status >= 300) expectErrorBody(response);
    const after = await tenantA.retrieve(uuid);
    const stored = (after.json as { status?: string } | undefined)?.status;
    if (response.status < 300)
      expect(stored, because(after, 'an accepted PUT must be applied')).toBe('PENDING');
    else expect(stored, because(after, 'a refused PUT must change nothing')).toBe('BOOKED');
    await observe(
      'GAP-STATUS-TRANSITIONS',
      `BOOKED → PENDING by PUT: ${response.status < 300 ? 'accepted' : `refused ${response.status}`}`,
    );
  });
});
