/** Part 4: POST creates and answers 201 with a uuid; GET by that uuid returns the event as submitted. */
import {
  because,
  expectCreated,
  expectError,
  expectErrorBody,
  expectSameEvent,
} from './support/expectations.ts';
import { expect, test } from './support/fixtures.ts';
import { validPayin, validPayout, withField } from './support/sample-events.ts';

test.describe('creation and retrieval', { tag: ['@retrieval'] }, () => {
  test('CREATE-RETURNS-UUID: POST of a valid payin and payout gives 201 with distinct UUIDs', async ({
    tenantA,
    runId,
  }) => {
    const first = expectCreated(await tenantA.create(validPayin(runId)));
    const second = expectCreated(await tenantA.create(validPayout(runId)));
    expect(first).not.toBe(second);
  });

  test('RETRIEVE-RETURNS-EVENT: GET by uuid returns every submitted field equal', async ({
    tenantA,
    runId,
    observe,
  }) => {
    for (const event of [validPayin(runId), validPayout(runId)]) {
      const uuid = expectCreated(await tenantA.create(event));
      const response = await tenantA.retrieve(uuid);
      const extra = expectSameEvent(response, event);
      await observe(
        'GAP-GET-BODY',
        extra.length
          ? `GET adds fields: ${extra.sort().join(', ')}`
          : 'GET returns only the submitted fields',
      );
    }
  });

  test('RETRIEVE-RETURNS-EVENT: large and fractional amounts come back as the same numbers', async ({
    tenantA,
    runId,
  }) => {
    const event = withField(
      withField(validPayout(runId, 'amounts'), 'amount', 98765432.1),
      'multiCurrencyAmounts',
      [
        { currencyCode: 'JPY', amount: 15000000 },
        { currencyCode: 'USD', amount: 0.3 },
      ],
    );
    const uuid = expectCreated(await tenantA.create(event));
    expectSameEvent(await tenantA.retrieve(uuid), event);
  });

  test('RETRIEVE-RETURNS-EVENT: data is kept exactly as sent, or refused cleanly, never altered', async ({
    tenantA,
    runId,
    observe,
  }) => {
    const cases = {
      'an amount with three decimals': withField(validPayin(runId, 'precise'), 'amount', 10.125),
      'an item amount with four decimals': withField(
        validPayout(runId, 'precise'),
        'multiCurrencyAmounts[0].amount',
        3.0625,
      ),
      'an externalId with surrounding spaces': {
        ...validPayin(runId),
        externalId: `  ${runId}-padded-${crypto.randomUUID().slice(0, 8)}  `,
      },
      'names with accents and mixed case': withField(
        validPayin(runId, 'names'),
        'payload.payerName',
        'Zoë ÅSTRÖM-de la Peña',
      ),
    };
    for (const [label, event] of Object.entries(cases)) {
      const response = await tenantA.create(event);
      expect(
        response.status,
        because(response, `${label}: accepted (201) or refused (400), never a failure`),
      ).toBeLessThan(500);
      if (response.status === 201) {
        expectSameEvent(await tenantA.retrieve(expectCreated(response)), event);
      } else {
        expect(response.status, because(response, `${label}: a refusal must be a 400`)).toBe(400);
        expectErrorBody(response);
      }
      await observe(
        'GAP-FIELD-LIMITS',
        `${label}: ${response.status === 201 ? 'kept exactly' : `refused ${response.status}`}`,
      );
    }
  });

  test('RETRIEVE-UNKNOWN-404: GET of an unknown uuid gives 404 ERR-4002', { tag: ['@readonly'] }, async ({
    tenantA,
  }) => {
    expectError(await tenantA.retrieve(crypto.randomUUID()), 'ERR-4002');
  });

  test('PATH-ID-IS-UUID: GET by an externalId (itself shaped like a UUID) gives 404 ERR-4002', async ({
    tenantA,
    runId,
  }) => {
    // The one externalId that cannot carry the run id: it must be a UUID to leave no gap to hide in.
    const event = { ...validPayin(runId), externalId: crypto.randomUUID() };
    const uuid = expectCreated(await tenantA.create(event));
    expect(uuid).not.toBe(event.externalId);
    expectError(await tenantA.retrieve(event.externalId), 'ERR-4002');
    expect((await tenantA.retrieve(uuid)).status).toBe(200);
  });

  test('GAP-NON-UUID-PATH: GET with a path id that is not a UUID is refused with a structured error', {
    tag: ['@readonly'],
  }, async ({ tenantA, observe }) => {
    const response = await tenantA.retrieve('not-a-uuid');
    expect([400, 404], because(response, 'a path id that is not a UUID names no event')).toContain(
      response.status,
    );
    const body = expectErrorBody(response);
    await observe('GAP-NON-UUID-PATH', `GET /not-a-uuid gives ${response.status} ${body.errorCode}`);
  });
});
