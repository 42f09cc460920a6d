/**
 * Part 2: every field rule, on POST and on PUT, from a body that is valid but for one fault. The
 * failure must come back as a part 7.2 body naming the field (in any notation) with the rule's code.
 */
import {
  ANY_ERROR_CODE,
  changedFields,
  fieldNotation,
  judgeEmptyPayloadAccepted,
  judgeEmptyPayloadStored,
  judgeUnchangedByRefusedUpdate,
  readErrorBody,
  retrievalJudgeOfRefusedFault,
} from '../oracle/index.ts';
import { ruleCheck } from '../run-records/rule-annotations.ts';
import { test } from './fixtures/index.ts';
import { failureOfAnyCode } from './samples/expected-failures.ts';
import { NEIGHBOUR_CASES } from './samples/neighbour-cases.ts';
import { validPayin, validPayout, withField } from './samples/sample-events.ts';
import { SINGLE_FAULT_CASES } from './samples/single-fault-cases.ts';
import { check } from './verdicts/verdicts.ts';

test.describe('POST field validation', { tag: ['@validation'] }, () => {
  for (const testCase of SINGLE_FAULT_CASES) {
    const codes = testCase.expected.map((e) => e.errorCode).join(', ');
    test(
      ...ruleCheck(testCase.ruleId, `POST with ${testCase.label} gives 400 ${codes}`),
      async ({ tenantA, runId, observe, startsAfresh }) =>
        startsAfresh(async () => {
          const { body } = check.validationFailure(
            await tenantA.create(testCase.make(runId)),
            testCase.expected,
          );
          const field = body?.errors[0]?.field ?? '';
          // Only nested fields tell a notation apart.
          if (testCase.expected[0]?.field.includes('.'))
            await observe('GAP-FIELD-PATH', fieldNotation(field), { example: field });
        }),
    );
  }
});

test.describe('POST with a neighbour of a closed vocabulary', { tag: ['@validation'] }, () => {
  for (const testCase of NEIGHBOUR_CASES) {
    const codes = testCase.expected
      .map((e) => (e.errorCode === ANY_ERROR_CODE ? 'a validation failure naming it' : e.errorCode))
      .join(', ');
    test(
      ...ruleCheck(testCase.ruleId, `POST with ${testCase.label} gives 400 ${codes}`),
      async ({ tenantA, runId, startsAfresh }) =>
        startsAfresh(async () => {
          check.validationFailure(await tenantA.create(testCase.make(runId)), testCase.expected);
        }),
    );
  }
});

test.describe('PUT field validation', { tag: ['@validation', '@update'] }, () => {
  for (const testCase of SINGLE_FAULT_CASES) {
    const codes = testCase.expected.map((e) => e.errorCode).join(', ');
    test(
      ...ruleCheck(
        [testCase.ruleId, 'UPDATE-VALIDATES'],
        `PUT with ${testCase.label} gives 400 ${codes} and changes nothing`,
      ),
      async ({ tenantA, runId, startsAfresh }) =>
        startsAfresh(async () => {
          const faulty = testCase.make(runId);
          // The stored event is the valid one the fault was made from, under the same externalId.
          const original = faulty.type === 'INTERNAL_PAYOUT' ? validPayout(runId) : validPayin(runId);
          original.externalId =
            typeof faulty.externalId === 'string' && faulty.externalId
              ? faulty.externalId
              : original.externalId;
          const uuid = check.created(await tenantA.create(original));
          const refused = await tenantA.update(uuid, faulty);
          // Read back first: a body over the deployment's number of items may leave the answer's claim
          // unmade (premise not met), never what the refused PUT changed.
          check.sameEvent(await tenantA.retrieve(uuid), original, judgeUnchangedByRefusedUpdate);
          check.validationFailure(refused, testCase.expected, {
            changedFields: changedFields(original, faulty),
            creditMissingToUpdate: true,
          });
        }),
    );
  }
});

test.describe('PUT with a neighbour of a closed vocabulary', { tag: ['@validation', '@update'] }, () => {
  // The twins of POST's: an update may be validated by another DTO than a creation. Credited to the
  // vocabulary's rule alone, as on POST: a deployment that takes the value everywhere breaks one rule.
  for (const testCase of NEIGHBOUR_CASES) {
    const codes = testCase.expected
      .map((e) => (e.errorCode === ANY_ERROR_CODE ? 'a validation failure naming it' : e.errorCode))
      .join(', ');
    test(
      ...ruleCheck(testCase.ruleId, `PUT with ${testCase.label} gives 400 ${codes} and changes nothing`),
      async ({ tenantA, runId, startsAfresh }) =>
        startsAfresh(async () => {
          const faulty = testCase.make(runId);
          const valid = faulty.type === 'INTERNAL_PAYOUT' ? validPayout(runId) : validPayin(runId);
          const original = { ...valid, externalId: String(faulty.externalId) };
          const uuid = check.created(await tenantA.create(original));
          check.validationFailure(await tenantA.update(uuid, faulty), testCase.expected, {
            changedFields: changedFields(original, faulty),
          });
          check.sameEvent(
            await tenantA.retrieve(uuid),
            original,
            retrievalJudgeOfRefusedFault(testCase.expected),
          );
        }),
    );
  }
});

test.describe('payload edge cases', { tag: ['@validation'] }, () => {
  test(
    ...ruleCheck(
      'VAL-PAYLOAD-EMPTY-ACCEPTED',
      'an empty payload object is accepted for a payin and a payout',
    ),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        for (const make of [validPayin, validPayout]) {
          const event = withField(make(runId, 'empty-payload'), 'payload', {});
          const response = await tenantA.create(event);
          check.verdict(judgeEmptyPayloadAccepted(response), response);
          check.sameEvent(await tenantA.retrieve(check.created(response)), event, judgeEmptyPayloadStored);
        }
      }),
  );

  test(
    ...ruleCheck(
      'VAL-PAYLOAD-UNKNOWN-PROPERTY',
      'an unknown payload property gives 400 with a validation failure naming it',
    ),
    async ({ tenantA, tenantBIfAny: tenantB, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        // Tenant B's payin too, where a second tenant is configured: a tenant may be pinned to a schema
        // of its own. A name of the payload's in another letter case is unknown too: JSON's names are
        // case-sensitive, a binder's case-insensitive matching (.NET's, Jackson's option) takes it.
        const cases = [
          [tenantA, validPayin, 'favouriteColour'],
          [tenantA, validPayout, 'favouriteColour'],
          ...(tenantB ? [[tenantB, validPayin, 'favouriteColour'] as const] : []),
          [tenantA, validPayin, 'PayerName'],
          [tenantA, validPayout, 'BeneficiaryName'],
        ] as const;
        for (const [tenant, make, name] of cases) {
          const response = await tenant.create(
            withField(make(runId, 'unknown-prop'), `payload.${name}`, 'teal'),
          );
          // The code is not shown (GAP-UNKNOWN-PAYLOAD-CODE); a schema validator may name the payload
          // that holds the property rather than the property.
          const { body } = check.validationFailure(response, [
            failureOfAnyCode(`payload.${name}`, 'VAL-PAYLOAD-UNKNOWN-PROPERTY', ['payload']),
          ]);
          const item = body?.errors[0];
          await observe(
            'GAP-UNKNOWN-PAYLOAD-CODE',
            item
              ? `errors[] item ${item.errorCode} naming ${item.field}`
              : `${readErrorBody(response)?.errorCode}`,
          );
        }
      }),
  );

  test(
    ...ruleCheck(
      'VAL-AMOUNT-POSITIVE',
      'a tiny positive amount is accepted, in the event and in multiCurrencyAmounts',
    ),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        const event = withField(
          withField(validPayin(runId, 'tiny'), 'amount', 0.01),
          'multiCurrencyAmounts[1].amount',
          0.01,
        );
        const uuid = check.created(await tenantA.create(event));
        check.sameEvent(await tenantA.retrieve(uuid), event);
      }),
  );

  test(
    ...ruleCheck(
      'VAL-COUNTRY-ISO3166',
      'the codes assigned since 2002 (TL, RS, ME, BQ, CW, SX, SS) are accepted',
    ),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        // No code has been assigned since 2011: a list without these is one from before 2002 to 2011.
        for (const country of ['TL', 'RS', 'ME', 'BQ', 'CW', 'SX', 'SS']) {
          check.created(
            await tenantA.create(withField(validPayin(runId, `country-${country}`), 'countryCode', country)),
          );
        }
      }),
  );

  test(
    ...ruleCheck('VAL-STATUS-ENUM', 'every status of the spec is accepted'),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        for (const status of ['PENDING', 'REJECTED', 'BOOKED']) {
          check.created(
            await tenantA.create(withField(validPayout(runId, `status-${status}`), 'status', status)),
          );
        }
      }),
  );

  test(
    ...ruleCheck('VAL-CHANNEL-ENUM', 'every channel of the spec is accepted for both types'),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        for (const channel of ['CASH', 'ONLINE', 'CRYPTO']) {
          for (const make of [validPayin, validPayout]) {
            check.created(
              await tenantA.create(withField(make(runId, `channel-${channel}`), 'payload.channel', channel)),
            );
          }
        }
      }),
  );
});
