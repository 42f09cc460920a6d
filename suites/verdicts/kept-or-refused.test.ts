/**
 * The shared step of a POST a gap lets a deployment keep or refuse (kept-or-refused.ts): a created
 * event is read back by its uuid and must be the one kept; a refusal is never read back and must be
 * a clean answer of a gap.
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { ServiceResponse } from '../transport/service-client.ts';
import { serviceResponse } from '../transport/test-support/service-responses.ts';
import { RuleViolation } from './checks.ts';
import { keptOrRefusedCleanly } from './kept-or-refused.ts';

const EVENT = { externalId: 'kept-1', amount: 12.5, currencyCode: 'EUR' };
const REFUSAL = { claimsChecked: 'an unusual field', probedFields: ['amount'] };

/** A client whose reads answer `read`, recording the uuids it was asked for. */
const reader = (read: ServiceResponse) => {
  const asked: string[] = [];
  const retrieve = async (uuid: string) => {
    asked.push(uuid);
    return read;
  };
  return { asked, client: { retrieve } };
};

/** The step's failure, or undefined when it passed. */
const failureOf = async (step: Promise<unknown>): Promise<unknown> =>
  step.then(
    () => undefined,
    (error: unknown) => error,
  );

test('KEPT OR REFUSED: a created event is read back by its uuid and passes when every field came back', async () => {
  const uuid = crypto.randomUUID();
  const { asked, client } = reader(serviceResponse(200, { uuid, ...EVENT, status: 'NEW' }));
  const read = await keptOrRefusedCleanly(client, serviceResponse(201, { uuid }), EVENT, REFUSAL);
  expect(asked).toEqual([uuid]);
  expect(read?.event).toMatchObject(EVENT);
});

test('KEPT OR REFUSED: a created event read back changed, or not at all, fails the check', async () => {
  const uuid = crypto.randomUUID();
  const changed = reader(serviceResponse(200, { uuid, ...EVENT, amount: 12 }));
  const failure = await failureOf(
    keptOrRefusedCleanly(changed.client, serviceResponse(201, { uuid }), EVENT, REFUSAL),
  );
  expect(failure).toBeInstanceOf(RuleViolation);
  expect((failure as RuleViolation).violations.map((v) => v.rule)).toEqual(['RETRIEVE-RETURNS-EVENT']);
  const lost = reader(serviceResponse(404, { status: 404, errorCode: 'ERR-4002', title: 'Not found' }));
  expect(
    await failureOf(keptOrRefusedCleanly(lost.client, serviceResponse(201, { uuid }), EVENT, REFUSAL)),
  ).toBeInstanceOf(RuleViolation);
});

test('KEPT OR REFUSED: a refusal is never read back; a clean one passes, one without the part 7 body fails', async () => {
  const { asked, client } = reader(serviceResponse(200, EVENT));
  // The probed field refused under its own code: a reading, the reference's own (an amount as a string).
  const clean = serviceResponse(400, {
    status: 400,
    errorCode: 'ERR-3005',
    title: 'Validation failed',
    errors: [{ field: 'amount', errorCode: 'ERR-3005', message: 'not allowed here' }],
  });
  const asText = { ...EVENT, amount: '12.5' };
  expect(await keptOrRefusedCleanly(client, clean, asText, { ...REFUSAL, sent: asText })).toBeUndefined();
  // Not where the code's condition is false for what was sent, whatever the limit: 12.5 is positive.
  const sentPositive = { ...REFUSAL, sent: EVENT };
  expect(await failureOf(keptOrRefusedCleanly(client, clean, EVENT, sentPositive))).toBeInstanceOf(
    RuleViolation,
  );
  // What is kept is not what was sent (the last of duplicate keys, say): no claim is judged against it.
  expect(await keptOrRefusedCleanly(client, clean, EVENT, REFUSAL)).toBeUndefined();
  const page = serviceResponse(500, '<html>oops</html>', 'text/html');
  expect(await failureOf(keptOrRefusedCleanly(client, page, EVENT, REFUSAL))).toBeInstanceOf(RuleViolation);
  expect(asked).toEqual([]);
});
