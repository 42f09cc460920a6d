/**
 * Part 2: every field rule, on POST and on PUT, from a body that is valid but for one fault. The
 * failure must come back as a part 7.2 body naming the field (in any notation) with the rule's code.
 */
import {
  because,
  expectCreated,
  expectErrorBody,
  expectSameEvent,
  expectValidationFailure,
} from './support/expectations.ts';
import { fieldNotation } from './support/field-paths.ts';
import { expect, test } from './support/fixtures.ts';
import { validPayin, validPayout, withField } from './support/sample-events.ts';
import { SINGLE_FAULT_CASES } from './support/single-fault-cases.ts';

test.describe('POST field validation', { tag: ['@validation'] }, () => {
  for (const testCase of SINGLE_FAULT_CASES) {
    const codes = testCase.expected.map((e) => e.errorCode).join(', ');
    test(`${testCase.ruleId}: POST with ${testCase.label} gives 400 ${codes}`, async ({
      tenantA,
      runId,
      observe,
    }) => {
      const body = expectValidationFailure(await tenantA.create(testCase.make(runId)), testCase.expected);
      const field = body.errors[0]?.field ?? '';
      // Only nested fields tell a notation apart.
      if (testCase.expected[0]?.field.includes('.'))
        await observe('GAP-FIELD-PATH', fieldNotation(field), { example: field });
    });
  }
});

test.describe('PUT field validation', { tag: ['@validation', '@update'] }, () => {
  for (const testCase of SINGLE_FAULT_CASES) {
    const codes = testCase.expected.map((e) => e.errorCode).join(', ');
    test(`${testCase.ruleId}: PUT with ${testCase.label} gives 400 ${codes} and changes nothing`, async ({
      tenantA,
      runId,
    }) => {
      const faulty = testCase.make(runId);
      // The stored event is the valid one the fault was made from, under the same externalId.
      const original = faulty.type === 'INTERNAL_PAYOUT' ? validPayout(runId) : validPayin(runId);
      original.externalId =
        typeof faulty.externalId === 'string' && faulty.externalId ? faulty.externalId : original.externalId;
      const uuid = expectCreated(await tenantA.create(original));
      expectValidationFailure(await tenantA.update(uuid, faulty), testCase.expected);
      expectSameEvent(await tenantA.retrieve(uuid), original);
    });
  }
});

test.describe('payload edge cases', { tag: ['@validation'] }, () => {
  test('VAL-PAYLOAD-EMPTY-ACCEPTED: an empty payload object is accepted for a payin and a payout', async ({
    tenantA,
    runId,
  }) => {
    for (const make of [validPayin, validPayout]) {
      const event = withField(make(runId, 'empty-payload'), 'payload', {});
      const uuid = expectCreated(await tenantA.create(event));
      expectSameEvent(await tenantA.retrieve(uuid), event);
    }
  });

  test('VAL-PAYLOAD-UNKNOWN-PROPERTY: an unknown payload property gives 400', async ({
    tenantA,
    runId,
    observe,
  }) => {
    for (const make of [validPayin, validPayout]) {
      const response = await tenantA.create(
        withField(make(runId, 'unknown-prop'), 'payload.favouriteColour', 'teal'),
      );
      expect(response.status, because(response, 'an unknown payload property must give 400')).toBe(400);
      const body = expectErrorBody(response) as {
        errorCode: string;
        errors?: { field?: string; errorCode?: string }[];
      };
      const item = body.errors?.find((e) => String(e.field).includes('favouriteColour'));
      await observe(
        'GAP-UNKNOWN-PAYLOAD-CODE',
        item
          ? `errors[] item ${item.errorCode} naming ${item.field}`
          : `top-level ${body.errorCode}, no errors[] item naming it`,
      );
    }
  });

  test('VAL-AMOUNT-POSITIVE: a tiny positive amount is accepted, in the event and in multiCurrencyAmounts', async ({
    tenantA,
    runId,
  }) => {
    const event = withField(
      withField(validPayin(runId, 'tiny'), 'amount', 0.01),
      'multiCurrencyAmounts[1].amount',
      0.01,
    );
    const uuid = expectCreated(await tenantA.create(event));
    expectSameEvent(await tenantA.retrieve(uuid), event);
  });

  test('VAL-STATUS-ENUM: every status of the spec is accepted', async ({ tenantA, runId }) => {
    for (const status of ['PENDING', 'REJECTED', 'BOOKED']) {
      expectCreated(
        await tenantA.create(withField(validPayout(runId, `status-${status}`), 'status', status)),
      );
    }
  });

  test('VAL-CHANNEL-ENUM: every channel of the spec is accepted for both types', async ({
    tenantA,
    runId,
  }) => {
    for (const channel of ['CASH', 'ONLINE', 'CRYPTO']) {
      for (const make of [validPayin, validPayout]) {
        expectCreated(
          await tenantA.create(withField(make(runId, `channel-${channel}`), 'payload.channel', channel)),
        );
      }
    }
  });
});
