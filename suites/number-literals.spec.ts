/**
 * Part 2.1, amount and multiCurrencyAmounts[].amount, at every literal form of a JSON number, in every
 * run (generators/number-literals.ts): zero however it is written is refused with ERR-3005 / ERR-3008;
 * a positive amount however it is written is accepted and read back as the same number; amounts of
 * many decimals (precision not shown) are kept or refused cleanly, never answered with a 5xx; very large
 * ones (maximum not shown) are kept or refused cleanly, a 5xx too being a reading of a limit not shown.
 * Each literal stands at the event's amount and at an item's.
 */
import {
  type AppliedFault,
  type JsonNumberText,
  MAGNITUDE_LITERALS,
  POSITIVE_LITERALS,
  PRECISION_LITERALS,
  rotatedLiterals,
  toJsonBody,
  ZERO_LITERALS,
} from '../generators/index.ts';
import { judgeUpdateShown } from '../oracle/index.ts';
import { ruleCheck } from '../run-records/rule-annotations.ts';
import { EVENTS_PATH } from '../spec/index.ts';
import { test } from './fixtures/index.ts';
import { expectedFailure } from './samples/expected-failures.ts';
import { type EventBody, validPayin, validPayout } from './samples/sample-events.ts';
import { keptOrRefusedCleanly } from './verdicts/kept-or-refused.ts';
import { type FaultPlan, failOnFindings, sweepFaultPlans } from './verdicts/structural-sweep.ts';
import { check } from './verdicts/verdicts.ts';

const amountAt = (
  path: string,
  literal: JsonNumberText,
  errorCode: 'ERR-3005' | 'ERR-3008',
): AppliedFault => ({
  field: path,
  operations: [{ op: 'set', path, value: literal }],
  expected: expectedFailure(path, errorCode),
  description: `${path} = ${literal.text}`,
  changesType: false,
  dependsOnType: false,
});

/** A valid event whose amounts are written as these literals. */
const withLiterals = (
  event: EventBody,
  amount: JsonNumberText,
  items: readonly JsonNumberText[],
): EventBody => ({
  ...event,
  amount,
  multiCurrencyAmounts: items.map((literal, i) => ({
    currencyCode: i % 2 === 0 ? 'USD' : 'GBP',
    amount: literal,
  })),
});

/**
 * Amounts the spec bounds nowhere: many decimals, which a column of two rounds or refuses but never
 * fails on (a 5xx replaced the answer the spec gives, VAL-AMOUNT-POSITIVE's), and very large ones, over
 * any column's size, where a 5xx is as much a reading as for any body over a limit not shown.
 */
const UNBOUNDED_AMOUNTS: readonly {
  readonly literals: readonly JsonNumberText[];
  readonly specAnswers?: 'amount-read-or-refused';
}[] = [
  { literals: PRECISION_LITERALS, specAnswers: 'amount-read-or-refused' },
  { literals: MAGNITUDE_LITERALS },
];

test.describe('literal forms of an amount', { tag: ['@validation'] }, () => {
  test(
    ...ruleCheck(
      ['VAL-AMOUNT-POSITIVE', 'VAL-MCA-AMOUNT-POSITIVE'],
      'zero written in any form gives ERR-3005 / ERR-3008',
    ),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        const plans: FaultPlan[] = rotatedLiterals(ZERO_LITERALS, 2).map(({ amount, items }) => ({
          type: 'INTERNAL_PAYIN',
          faults: [
            amountAt('amount', amount, 'ERR-3005'),
            ...items.map((literal, i) => amountAt(`multiCurrencyAmounts[${i}].amount`, literal, 'ERR-3008')),
          ],
        }));
        const { findings } = await sweepFaultPlans(tenantA, runId, plans);
        failOnFindings(findings);
      }),
  );

  test(
    ...ruleCheck(
      ['VAL-AMOUNT-POSITIVE', 'VAL-MCA-AMOUNT-POSITIVE', 'RETRIEVE-RETURNS-EVENT'],
      'a positive amount written with an exponent or trailing zeros is accepted and read back as the same number',
    ),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        const events = rotatedLiterals(POSITIVE_LITERALS, 2).map(({ amount, items }) =>
          withLiterals(validPayout(runId, 'literal'), amount, items),
        );
        await Promise.all(
          events.map(async (event) => {
            const body = toJsonBody(event);
            const uuid = check.created(
              await tenantA.send({ method: 'POST', path: EVENTS_PATH, rawBody: body }),
            );
            check.sameEvent(await tenantA.retrieve(uuid), JSON.parse(body) as object);
          }),
        );
      }),
  );

  test(
    ...ruleCheck(
      'UPDATE-APPLIES',
      'a PUT with amounts written with an exponent or trailing zeros is applied as the numbers they spell, or refused cleanly',
      { tag: ['@update'] },
    ),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        // A PUT's body rules are not shown, but a refusal may not claim a positive amount is not one.
        const stored = validPayout(runId, 'put-literal');
        const uuid = check.created(await tenantA.create(stored));
        for (const { amount, items } of rotatedLiterals(POSITIVE_LITERALS, 2)) {
          const body = toJsonBody(withLiterals({ ...stored }, amount, items));
          if (check.update(await tenantA.updateBody(uuid, body)) === 'applied')
            check.sameEvent(await tenantA.retrieve(uuid), JSON.parse(body) as object, judgeUpdateShown);
        }
      }),
  );

  test(
    ...ruleCheck(
      ['VAL-AMOUNT-POSITIVE', 'GAP-FIELD-LIMITS'],
      'an amount of many decimals is kept, or refused cleanly and never with a 5xx; a very large one is kept or refused cleanly',
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        const events = UNBOUNDED_AMOUNTS.flatMap(({ literals, specAnswers }) =>
          rotatedLiterals(literals, 1).map(({ amount, items }) => ({
            event: withLiterals(validPayin(runId, 'unbounded'), amount, [amount, ...items]),
            specAnswers,
          })),
        );
        const answers = await Promise.all(
          events.map(async ({ event, specAnswers }) => {
            const body = toJsonBody(event);
            const response = await tenantA.send({ method: 'POST', path: EVENTS_PATH, rawBody: body });
            const sent = JSON.parse(body) as object;
            await keptOrRefusedCleanly(tenantA, response, sent, {
              sent,
              claimsChecked: `an amount of ${(event.amount as JsonNumberText).text}`,
              probedFields: ['amount', 'multiCurrencyAmounts'],
              ...(specAnswers === undefined ? {} : { specAnswers }),
            });
            return `${(event.amount as JsonNumberText).text} gives ${response.status}`;
          }),
        );
        await observe('GAP-FIELD-LIMITS', answers.join('; '));
      }),
  );
});
